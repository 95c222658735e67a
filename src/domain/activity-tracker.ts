import { inactivitySignOutMs } from "./timing.ts";

/** The server hears of activity at most this often, and never later than this after it happened. */
export const activityReportEveryMs = 60_000;

export interface ActivityTrackerDeps {
  now(): number;
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
  /** Tells the server how long ago the person last did something (POST /api/session/heartbeat). */
  report(idleMs: number): void;
  /** 5 minutes without activity have passed: sign out. */
  expire(): void;
}

/**
 * The browser's half of the 5-minute idle rule (spec §4), kept in step with the server's half: both count from
 * the person's last real activity. A report says how long ago that activity was, so the server's clock of the
 * session lands on the same moment even though reports are sent at most once a minute; a report owed is sent
 * at most a minute after the activity, long before the server's 5 minutes can run out. Opening a page counts as
 * activity and is reported at once.
 */
export function createActivityTracker(deps: ActivityTrackerDeps) {
  let lastActivity = deps.now();
  let lastReport = Number.NEGATIVE_INFINITY;
  let reportTimer: unknown = null;
  let expiryTimer: unknown = null;

  function sendReport() {
    reportTimer = null;
    lastReport = deps.now();
    deps.report(Math.max(0, lastReport - lastActivity));
  }

  function restartExpiry() {
    if (expiryTimer !== null) deps.clearTimer(expiryTimer);
    expiryTimer = deps.setTimer(() => {
      expiryTimer = null;
      stop();
      deps.expire();
    }, inactivitySignOutMs);
  }

  function activity() {
    lastActivity = deps.now();
    restartExpiry();
    if (reportTimer === null) {
      reportTimer = deps.setTimer(sendReport, Math.max(0, lastReport + activityReportEveryMs - lastActivity));
    }
  }

  function stop() {
    if (reportTimer !== null) deps.clearTimer(reportTimer);
    if (expiryTimer !== null) deps.clearTimer(expiryTimer);
    reportTimer = expiryTimer = null;
  }

  activity();
  return { activity, stop };
}
