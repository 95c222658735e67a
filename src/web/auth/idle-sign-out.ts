import { useEffect } from "react";
import { inactivitySignOutMs } from "../../domain/timing.ts";
import { apiFetch } from "../api/http.ts";
import { refreshSession, signOut } from "./auth-store.ts";

/** Activity that keeps a session alive (spec §4): mouse move, key press, click or scroll. */
const ACTIVITY_EVENTS = ["mousemove", "keydown", "click", "scroll"] as const;
/** The server signs out on its own after 5 idle minutes, so activity here is reported to it now and then. */
const HEARTBEAT_EVERY_MS = 60_000;

export function useIdleSignOut(signedIn: boolean, onSignedOut: () => void): void {
  useEffect(() => {
    if (!signedIn) return;
    let timer = window.setTimeout(expire, inactivitySignOutMs);
    let lastHeartbeat = Date.now();
    function expire() {
      void signOut().then(onSignedOut);
    }
    function onActivity() {
      window.clearTimeout(timer);
      timer = window.setTimeout(expire, inactivitySignOutMs);
      if (Date.now() - lastHeartbeat >= HEARTBEAT_EVERY_MS) {
        lastHeartbeat = Date.now();
        apiFetch("/api/session/heartbeat", { method: "POST", body: {} }).catch(() => {
          void refreshSession(); // the server no longer knows the session: mirror that
        });
      }
    }
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    return () => {
      window.clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [signedIn, onSignedOut]);
}
