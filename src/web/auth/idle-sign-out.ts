import { useEffect } from "react";
import { createActivityTracker } from "../../domain/activity-tracker.ts";
import { messages } from "../../domain/messages.ts";
import { ApiError, apiFetch } from "../api/http.ts";
import { refreshSession, signOut } from "./auth-store.ts";
import { clearSignedOutNotice, noteSignedOut } from "./signed-out-notice.tsx";

/** Activity that keeps a session alive (spec §4): mouse move, key press, click or scroll. */
const ACTIVITY_EVENTS = ["mousemove", "keydown", "click", "scroll"] as const;

/** The server's answer when it ended the session for being idle (a sleeping laptop may hear it first). */
const endedForIdling = (error: unknown) =>
  error instanceof ApiError && error.code === "unauthenticated" && error.message === messages.sessionExpired;

export function useIdleSignOut(signedIn: boolean, onSignedOut: () => void): void {
  useEffect(() => {
    if (!signedIn) return;
    clearSignedOutNotice(); // signed in again: an earlier notice no longer applies
    const tracker = createActivityTracker({
      now: () => Date.now(),
      setTimer: (callback, ms) => window.setTimeout(callback, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
      report: (idleMs) => {
        apiFetch("/api/session/heartbeat", { method: "POST", body: { idleMs } }).catch((error: unknown) => {
          if (endedForIdling(error)) noteSignedOut("idle");
          void refreshSession(); // the server no longer knows the session: mirror that
        });
      },
      expire: () =>
        void signOut().then(() => {
          noteSignedOut("idle");
          onSignedOut();
        }),
    });
    const onActivity = () => tracker.activity();
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      tracker.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [signedIn, onSignedOut]);
}
