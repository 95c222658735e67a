/** Spec §9: toasts and confirmations stay 3 seconds. */
export const TOAST_MS = 3_000;
/** Spec §9: signed out after 5 minutes without activity, in the browser and on the server. */
export const inactivitySignOutMs = 300_000;
/**
 * The server stores a session's last request at most this often (decision 013): the 5-minute rule then ends a
 * session between 4:55 and 5:00 after the last request, never later.
 */
export const sessionTouchIntervalMs = 5_000;
