import { todayDaysCache } from "../../../../domain/today-offline.ts";
import { dropQueueKeys } from "./save-queue.ts";

/**
 * At sign-out, or when the server says nobody (or somebody else) is signed in: the phone forgets the queue key and
 * the days the service worker kept, so the next person on it reads neither. The unsent saves stay, sealed, for
 * their owner's next sign-in (docs/decisions/023).
 */
export async function forgetOfflineData(): Promise<void> {
  await Promise.all([
    dropQueueKeys(),
    typeof caches === "undefined" ? undefined : caches.delete(todayDaysCache),
  ]);
}
