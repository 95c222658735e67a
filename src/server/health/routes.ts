import { Hono } from "hono";
import { type Db, isDatabaseReachable, isDatabaseWritable } from "../db/database.ts";

/** /healthz answers within this long whatever the database does, so a load balancer's check never hangs. */
export const healthDeadlineMs = 1500;

type Health = { database: boolean; writable: boolean };

const timedOut: Health = { database: false, writable: false };

export interface HealthOptions {
  deadlineMs?: number;
  /**
   * REDIS_URL set: whether its connection is ready now (never waited for). Reported, but the site works without
   * it: the rate limits count per instance meanwhile.
   */
  redisReady?: () => boolean;
}

export function healthRoutes(db: Db, options: HealthOptions = {}) {
  const deadlineMs = options.deadlineMs ?? healthDeadlineMs;
  const { redisReady } = options;
  // Checks that arrive while a probe runs share its answer: one write probe at a time, however often we are asked,
  // and never an answer older than the probe in progress.
  let probing: Promise<Health> | undefined;
  const probe = () => {
    probing ??= check(db).finally(() => {
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

async function check(db: Db): Promise<Health> {
  const database = await isDatabaseReachable(db);
  return { database, writable: database && (await isDatabaseWritable(db)) };
}
