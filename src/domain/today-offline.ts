/**
 * The offline side of /today (docs/decisions/023), shared by the server and the page: where the page asks for its
 * queue key, and what the service worker caches.
 */

/** GET: the signed-in staff member's key for sealing their unsent saves (base64url of 32 bytes). */
export const todayQueueKeyPath = "/api/today-queue-key";

export interface TodayQueueKeyResponse {
  key: string;
}

/** The service worker's cache of GET /api/today answers (NetworkFirst): dropped at sign-out. */
export const todayDaysCache = "today-days";
