import { useCallback, useEffect, useRef, useState } from "react";
import type { TodayLesson, TodayQueueKeyResponse } from "../../../../domain/today.ts";
import { todayQueueKeyPath } from "../../../../domain/today-offline.ts";
import { readerLocale } from "../../../../domain/translate.ts";
import { apiFetch } from "../../../api/http.ts";
import { todaySavesChanged } from "./messages.ts";
import {
  importQueueKey,
  keepQueueKey,
  openSaveQueue,
  type QueuedSave,
  type SaveContent,
  type SaveQueue,
  storedQueueKey,
} from "./save-queue.ts";
import { sendSave } from "./send-save.ts";
import { askForBackgroundSync } from "./service-worker.ts";

export type QueueState =
  | { status: "opening" }
  /** No key on the phone and no signal to ask for one: saves cannot be kept sealed, so none are taken. */
  | { status: "unavailable" }
  | {
      status: "ready";
      saves: QueuedSave[];
      sending: boolean;
      /** The server said the session ended: the saves wait for the same person to sign in again. */
      needsSignIn: boolean;
    };

/** While saves wait and the page is open, another try this often (besides the online event and reopening). */
const retryEveryMs = 30_000;

/**
 * The signed-in staff member's queue of /today saves (save-queue.ts): opened with their key (kept on the phone,
 * else asked of the server), sent on opening, when the signal returns, when the page is shown again, on Background
 * Sync's word, and every 30 s while saves wait. `onAccepted` hears the lessons as the server saved them.
 */
export function useSaveQueue(userId: string, onAccepted: (lessons: TodayLesson[]) => void) {
  const [state, setState] = useState<QueueState>({ status: "opening" });
  const queueRef = useRef<SaveQueue | null>(null);
  const acceptedRef = useRef(onAccepted);
  acceptedRef.current = onAccepted;

  const showQueue = useCallback(async (patch: { sending?: boolean; needsSignIn?: boolean } = {}) => {
    const queue = queueRef.current;
    if (!queue) return;
    const saves = await queue.list();
    setState((was) => ({
      status: "ready",
      saves,
      sending: patch.sending ?? (was.status === "ready" ? was.sending : false),
      needsSignIn: patch.needsSignIn ?? (was.status === "ready" ? was.needsSignIn : false),
    }));
  }, []);

  const send = useCallback(async () => {
    const queue = queueRef.current;
    if (!queue) return;
    const pending = (await queue.list()).some((save) => !save.refusal);
    if (!pending) return showQueue();
    await showQueue({ sending: true });
    const outcome = await queue.send((save) => sendSave(save, readerLocale()));
    const lessons = outcome.accepted.flatMap(({ lesson }) => (lesson ? [lesson] : []));
    if (outcome.accepted.length > 0) acceptedRef.current(lessons);
    await showQueue({ sending: false, needsSignIn: outcome.stoppedBy === "unauthenticated" });
  }, [showQueue]);

  useEffect(() => {
    let current = true;
    void (async () => {
      let key = await storedQueueKey(userId).catch(() => null);
      if (!key) {
        try {
          const answer = await apiFetch<TodayQueueKeyResponse>(todayQueueKeyPath);
          if (answer.userId !== userId) throw new Error("the key of someone else");
          key = await importQueueKey(answer.key);
          await keepQueueKey(userId, key);
        } catch {
          if (current) setState({ status: "unavailable" });
          return;
        }
      }
      if (!current) return;
      queueRef.current = openSaveQueue({ userId, key });
      await send();
    })();
    return () => {
      current = false;
      queueRef.current = null;
    };
  }, [userId, send]);

  useEffect(() => {
    const sendNow = () => void send();
    const onVisible = () => {
      if (document.visibilityState === "visible") sendNow();
    };
    const onMessage = (event: MessageEvent) => {
      // Background Sync sent saves: the queue and the day have changed.
      if ((event.data as { type?: string } | null)?.type === todaySavesChanged)
        void showQueue().then(() => acceptedRef.current([]));
    };
    window.addEventListener("online", sendNow);
    window.addEventListener("pageshow", sendNow);
    document.addEventListener("visibilitychange", onVisible);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    const timer = window.setInterval(() => {
      if (navigator.onLine) sendNow();
    }, retryEveryMs);
    return () => {
      window.removeEventListener("online", sendNow);
      window.removeEventListener("pageshow", sendNow);
      document.removeEventListener("visibilitychange", onVisible);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
      window.clearInterval(timer);
    };
  }, [send, showQueue]);

  /** Queues a save (replacing the lesson's refused ones: its content is in the new one) and tries to send it. */
  const add = useCallback(
    async (content: SaveContent): Promise<QueuedSave | null> => {
      const queue = queueRef.current;
      if (!queue) return null;
      for (const save of await queue.list())
        if (save.lessonId === content.lessonId && save.refusal) await queue.discard(save.key);
      const save = await queue.add(content);
      await showQueue();
      void askForBackgroundSync();
      void send();
      return save;
    },
    [send, showQueue],
  );

  const discard = useCallback(
    async (key: string) => {
      await queueRef.current?.discard(key);
      await showQueue();
    },
    [showQueue],
  );

  return { state, add, discard, send };
}
