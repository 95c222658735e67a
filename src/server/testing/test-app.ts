import { createApp } from "../app.ts";
import { createAuth } from "../auth/auth.ts";
import type { Clock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { silentLog } from "../http/log.ts";
import { createOutbox } from "../ports/mail/outbox.ts";
import { createSmtpTransport } from "../ports/mail/smtp-transport.ts";
import { createMemoryRateLimiter } from "../ports/rate-limit/rate-limiter.ts";

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
  options: { smtpUrl?: string; env?: Record<string, string>; clock?: TestClock } = {},
) {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    ...options.env,
    SMTP_URL: options.smtpUrl ?? "",
  });
  const clock = options.clock ?? testClock();
  const transport = options.smtpUrl ? createSmtpTransport(options.smtpUrl, config.MAIL_FROM) : undefined;
  const outbox = createOutbox({ db, transport, clock, log: silentLog });
  const auth = createAuth({ config, db, outbox, clock, log: silentLog });
  const app = createApp({
    config,
    db,
    outbox,
    rateLimiter: createMemoryRateLimiter(clock),
    clock,
    log: silentLog,
    auth,
  });
  return { app, outbox, clock, config, auth, db };
}
