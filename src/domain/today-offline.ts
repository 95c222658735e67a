/**
 * The offline side of /today (docs/decisions/023), for the page, the service worker and its build: the addresses
 * it reads and what it caches.
 */

/** GET (today-api's route): the signed-in staff member's key for sealing their unsent saves (TodayQueueKeyResponse). */
export const todayQueueKeyPath = "/api/today/queue-key";

/** The service worker's cache of GET /api/today answers (NetworkFirst): dropped at sign-out. */
export const todayDaysCache = "today-days";

/** GET /api/today (today-api's route): the days the service worker keeps for an offline reload. */
export const todayDayPath = "/api/today";

/** Where the build writes the service worker; registered from /today only, its scope the whole site. */
export const serviceWorkerPath = "/sw.js";
/** The web app manifest that makes /today installable (linked from /today only). */
export const manifestPath = "/today.webmanifest";
