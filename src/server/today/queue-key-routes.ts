import { createHmac } from "node:crypto";
import { Hono } from "hono";
import type { TodayQueueKeyResponse } from "../../domain/today-offline.ts";
import type { Auth } from "../auth/auth.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";

/**
 * The key a staff member's phone seals their unsent /today saves with (docs/decisions/023): derived from the
 * server's secret and the person, so the same person gets the same key at every sign-in (and reads their queue
 * again), and nobody else can get it. The phone drops it at sign-out.
 */
export function queueKeyOf(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`today-queue-key\n${userId}`).digest("base64url");
}

/** GET /api/today-queue-key: the signed-in staff member's own queue key. */
export function todayQueueKeyRoutes(deps: { auth: Auth; guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/", deps.guard.requireStaff, async (c) => {
    const { secret } = await deps.auth.$context;
    c.header("Cache-Control", "private, no-store");
    return c.json<TodayQueueKeyResponse>({ key: queueKeyOf(secret, c.get("signedIn").userId) });
  });
}
