import { Hono } from "hono";
import { type Db, isDatabaseReachable, isDatabaseWritable } from "../db/database.ts";

/** /healthz answers within this long whatever the database does, so a load balancer's check never hangs. */
export const healthDeadlineMs = 1500;

type Health = { database: boolean; writable: boolean };

const timedOut: Health = { database: false, writable: false };

export function healthRoutes(db: Db, options: { deadlineMs?: number } = {}) {
  const deadlineMs = options.deadlineMs ?? healthDeadlineMs;
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
    const { database, writable } = await Promise.race([
      probe(),
      new Promise<Health>((resolve) => {
        timer = setTimeout(() => resolve(timedOut), deadlineMs);
      }),
    ]);
    clearTimeout(timer);
    const ok = database && writable;
    c.header("Cache-Control", "no-store");
    return c.json({ status: ok ? "ok" : "unavailable", database, writable }, ok ? 200 : 503);
  });
}

async function check(db: Db): Promise<Health> {
  const database = await isDatabaseReachable(db);
  return { database, writable: database && (await isDatabaseWritable(db)) };
}
