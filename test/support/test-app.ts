import { createApp } from "../../src/server/app.ts";
import type { Clock } from "../../src/server/clock.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Counter } from "../../src/server/db/counting.ts";
import type { Db } from "../../src/server/db/database.ts";
import { silentLog } from "../../src/server/http/log.ts";
import { wire } from "../../src/server/wiring.ts";

export type TestClock = Clock & { set(iso: string): void; advance(ms: number): void };

export type TestApp = ReturnType<typeof buildTestApp>;

/** A settable clock for tests. */
export function testClock(start = "2026-03-02T10:00:00.000Z"): TestClock {
  let now = new Date(start);
  return {
    now: () => new Date(now),
    set: (iso) => {
      now = new Date(iso);
    },
    advance: (ms) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** The real app on a test database, with real SMTP when `smtpUrl` is given. */
export function buildTestApp(
  db: Db,
  options: { smtpUrl?: string; env?: Record<string, string>; clock?: TestClock; counter?: Counter } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    ...options.env,
    SMTP_URL: options.smtpUrl ?? "",
  });
  const clock = options.clock ?? testClock();
  const wiring = wire(config, db, { clock, log: silentLog, counter: options.counter });
  return { ...wiring, app: createApp(wiring), clock };
}
