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

/** GET /api/today (today-api's route): the days the service worker keeps for an offline reload. */
export const todayDayPath = "/api/today";

/** Where the build writes the service worker; registered from /today only, its scope the whole site. */
export const serviceWorkerPath = "/sw.js";
/** The web app manifest that makes /today installable (linked from /today only). */
export const manifestPath = "/today.webmanifest";
