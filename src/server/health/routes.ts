import { Hono } from "hono";
import { type Clock, systemClock } from "../clock.ts";
import { type Db, isDatabaseReachable, isDatabaseWritable } from "../db/database.ts";

/** /healthz answers within this long whatever the database does, so a load balancer's check never hangs. */
export const healthDeadlineMs = 1500;

/**
 * How long a write probe that succeeded vouches for the database taking writes. A load balancer checks every few
 * seconds: each check reads (`select 1`), and one in this long also writes and deletes a row, not every one.
 */
export const writeProbeEveryMs = 10_000;

type Health = { database: boolean; writable: boolean };

const timedOut: Health = { database: false, writable: false };

export interface HealthOptions {
  deadlineMs?: number;
  /**
   * REDIS_URL set: whether its connection is ready now (never waited for). Reported, but the site works without
   * it: the rate limits count per instance meanwhile.
   */
  redisReady?: () => boolean;
  clock?: Clock;
}

export function healthRoutes(db: Db, options: HealthOptions = {}) {
  const deadlineMs = options.deadlineMs ?? healthDeadlineMs;
  const { redisReady } = options;
  const clock = options.clock ?? systemClock;
  // When a write probe last succeeded; a failed one forgets it, so the next check writes again.
  let wroteAt: number | undefined;
  const check = async (): Promise<Health> => {
    if (!(await isDatabaseReachable(db))) return { database: false, writable: false };
    const now = clock.now().getTime();
    if (wroteAt !== undefined && now - wroteAt < writeProbeEveryMs) return { database: true, writable: true };
    const writable = await isDatabaseWritable(db);
    wroteAt = writable ? now : undefined;
    return { database: true, writable };
  };
  // Checks that arrive while a probe runs share its answer: one probe at a time, however often we are asked, and
  // never an answer older than the probe in progress.
  let probing: Promise<Health> | undefined;
  const probe = () => {
    probing ??= check().finally(() => {
      probing = undefined;
    });
    return probing;
  };
  return new Hono().get("/", async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const health = await Promise.race([
      probe(),
      new Promise<Health>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    const ok = health.database && health.writable;
    c.header("Cache-Control", "no-store");
    const redis = redisReady ? { redis: redisReady() } : {};
    return c.json({ status: ok ? "ok" : "unavailable", ...health, ...redis }, ok ? 200 : 503);
  });
}
