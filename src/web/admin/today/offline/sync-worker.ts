/**
 * Imported by the service worker (scripts/service-worker.ts): Background Sync, where the browser has it, sends the
 * queued /today saves when the signal returns even with the page closed (Android's Chrome; an iPhone has none and
 * sends when the page is opened again, docs/decisions/023). It sends the saves of the one person whose queue key is
 * on the phone (none after a sign-out), then tells open pages to show the queue again.
 */
import { todaySavesChanged, todaySyncTag } from "./messages.ts";
import { onlyStoredKey, openSaveQueue } from "./save-queue.ts";
import { sendSave } from "./send-save.ts";

interface SyncEvent extends Event {
  tag: string;
  waitUntil(work: Promise<unknown>): void;
}
interface WorkerScope {
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  clients: { matchAll(options: { type: "window" }): Promise<{ postMessage(message: unknown): void }[]> };
}
const worker = self as unknown as WorkerScope;

async function sendQueued(): Promise<void> {
  const stored = await onlyStoredKey();
  if (!stored) return;
  const outcome = await openSaveQueue({ userId: stored.userId, key: stored.key }).send((save) =>
    sendSave(save, navigator.language),
  );
  for (const client of await worker.clients.matchAll({ type: "window" }))
    client.postMessage({ type: todaySavesChanged });
  // The browser tries a failed sync again later.
  if (outcome.stoppedBy === "unreachable") throw new Error("no signal yet");
}

worker.addEventListener("sync", (event) => {
  if (event.tag === todaySyncTag) event.waitUntil(sendQueued());
});
