/** Spec §9: toasts and confirmations stay 3 seconds. */
export const TOAST_MS = 3_000;
/** Spec §9: signed out after 5 minutes without activity, in the browser and on the server. */
export const inactivitySignOutMs = 300_000;
