import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, sessionUserOf, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { createActivityTracker } from "../../domain/activity-tracker.ts";
import { inactivitySignOutMs, sessionTouchIntervalMs } from "../../domain/timing.ts";

/**
 * Both halves of the 5-minute idle rule on one clock: the browser's tracker (domain/activity-tracker.ts) with
 * its timers, and the server's session guard on the test clock. A person must be signed out by both at the same
 * moment: never after 4 minutes of real inactivity because a heartbeat was still owed.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
});
afterAll(() => testDb.close());
afterEach(() => vi.useRealTimers());

/** A browser tab: the tracker's timers run on the test clock, its reports go to the real heartbeat route. */
function browserTab(account: TestAccount) {
  const start = t.clock.now().getTime();
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 0;
  const inFlight: unknown[] = [];
  let expired = false;
  const tracker = createActivityTracker({
    now: () => t.clock.now().getTime(),
    setTimer: (callback, ms) => {
      const id = nextId++;
      timers.push({ at: t.clock.now().getTime() + ms, callback, id });
      return id;
    },
    clearTimer: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    report: (idleMs) => {
      inFlight.push(call(t, "POST", "/api/session/heartbeat", { cookie: account.cookie, body: { idleMs } }));
    },
    expire: () => {
      expired = true;
    },
  });
  /** Moves both clocks to `offsetMs` after the tab opened, firing the tab's timers on the way. */
  async function at(offsetMs: number) {
    const target = start + offsetMs;
    for (;;) {
      const due = timers.filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((timer) => timer !== due);
      t.clock.set(new Date(due.at).toISOString());
      due.callback();
      await Promise.all(inFlight.splice(0));
    }
    t.clock.set(new Date(target).toISOString());
  }
  return {
    at,
    async activity(offsetMs: number) {
      await at(offsetMs);
      tracker.activity();
      await Promise.all(inFlight.splice(0));
    },
    expired: () => expired,
    /** Whether the server still takes the session; asking is not activity. */
    serverKeeps: async () => (await sessionUserOf(t, account.cookie)) !== null,
  };
}

const min = 60_000;
const sec = 1_000;

describe("idle sign-out, browser and server together", () => {
  it("activity at 4:59 keeps the session on both sides, however soon after the last heartbeat", async () => {
    const account = await signedInClient(t);
    const tab = browserTab(account); // opening the page is reported at once
    await tab.activity(30 * sec); // within a minute of the last report: owed, sent later
    await tab.activity(4 * min + 59 * sec);
    await tab.at(5 * min + 1 * sec); // 5:01 after opening, 2 s after the last activity
    expect(tab.expired()).toBe(false);
    expect(await tab.serverKeeps()).toBe(true);
  });

  it("5:01 of silence ends it on both sides, counted from the last activity rather than the last heartbeat", async () => {
    const account = await signedInClient(t);
    const tab = browserTab(account);
    await tab.activity(50 * sec); // reported as 'idle 10 s' at the 1:00 report
    await tab.at(50 * sec + inactivitySignOutMs - sec); // 4:59 of silence
    expect(tab.expired()).toBe(false);
    expect(await tab.serverKeeps()).toBe(true);
    await tab.at(50 * sec + inactivitySignOutMs + sec); // 5:01 of silence
    expect(tab.expired()).toBe(true);
    expect(await tab.serverKeeps()).toBe(false);
  });

  it("the browser cannot move its last activity earlier than the server saw, nor claim more than 5 minutes", async () => {
    const account = await signedInClient(t);
    t.clock.advance(2 * min);
    expect(
      (await call(t, "POST", "/api/session/heartbeat", { cookie: account.cookie, body: { idleMs: 0 } }))
        .status,
    ).toBe(204);
    const late = await call(t, "POST", "/api/session/heartbeat", {
      cookie: account.cookie,
      body: { idleMs: 4 * min },
    });
    expect(late.status).toBe(204);
    t.clock.advance(4 * min); // 4 minutes after the last real report: still on
    expect(await sessionUserOf(t, account.cookie)).not.toBeNull();
    const tooIdle = await call(t, "POST", "/api/session/heartbeat", {
      cookie: account.cookie,
      body: { idleMs: inactivitySignOutMs + 1 },
    });
    expect(tooIdle.status).toBe(400);
  });
});

describe("API requests as activity", () => {
  // The server stores a request as activity at most every sessionTouchIntervalMs (decision 013).
  const ownPlan = (account: TestAccount) => `/api/subscriptions/used-classes/${account.id}`;

  it("a session ends between 5:00 minus the touch interval and 5:00 after its last request", async () => {
    const account = await signedInClient(t);
    const get = async () => (await call(t, "GET", ownPlan(account), { cookie: account.cookie })).status;
    t.clock.advance(10 * sec);
    expect(await get()).toBe(200);
    t.clock.advance(sessionTouchIntervalMs - sec);
    expect(await get()).toBe(200); // the last request
    t.clock.advance(inactivitySignOutMs - sessionTouchIntervalMs - sec);
    expect(await sessionUserOf(t, account.cookie)).not.toBeNull();
    t.clock.advance(sessionTouchIntervalMs + 2 * sec); // 5:01 after the last request
    expect(await sessionUserOf(t, account.cookie)).toBeNull();
  });

  it("requests at least the touch interval apart each count in full", async () => {
    const account = await signedInClient(t);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(sessionTouchIntervalMs);
      expect((await call(t, "GET", ownPlan(account), { cookie: account.cookie })).status).toBe(200);
    }
    t.clock.advance(inactivitySignOutMs - sec); // 4:59 after the last request
    expect(await sessionUserOf(t, account.cookie)).not.toBeNull();
    t.clock.advance(2 * sec); // 5:01
    expect(await sessionUserOf(t, account.cookie)).toBeNull();
  });
});

describe("the absolute limit", () => {
  it("a session ends 12 hours after sign-in, however active the person stays", async () => {
    // better-auth stamps the session's expiry with the system clock: move it together with the test clock.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(t.clock.now());
    const account = await signedInClient(t);
    const keepAlive = async (ms: number) => {
      t.clock.advance(ms);
      vi.setSystemTime(t.clock.now());
      return call(t, "POST", "/api/session/heartbeat", { cookie: account.cookie, body: {} });
    };
    let elapsed = 0;
    while (elapsed + 4 * min < 12 * 60 * min) {
      expect((await keepAlive(4 * min)).status).toBe(204);
      elapsed += 4 * min;
    }
    expect(await sessionUserOf(t, account.cookie)).not.toBeNull(); // 11:56 after sign-in
    expect((await keepAlive(4 * min + sec)).status).toBe(401); // 12:00:01
    expect(await sessionUserOf(t, account.cookie)).toBeNull();
  });
});
