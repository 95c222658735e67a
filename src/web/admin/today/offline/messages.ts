/** Background Sync's tag for the queued /today saves. */
export const todaySyncTag = "today-saves";
/** What the service worker posts to open pages once it has sent queued saves. */
export const todaySavesChanged = "today-saves-changed";
