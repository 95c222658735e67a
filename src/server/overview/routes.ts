import { Hono } from "hono";
import type { OverviewResponse } from "../../domain/reports.ts";
import { z } from "../../domain/zod.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { parseQuery } from "../http/validate.ts";
import { createOverview, type OverviewDeps } from "./service.ts";

/** ?fresh=1: count again now rather than serve the last minute's counting (the page's Refresh). */
const overviewQuerySchema = z.object({ fresh: z.literal("1").optional() });

/**
 * /api/overview (issue 30): the owner's school at a glance; an instructor's own lessons and feedback to write,
 * without money or the households' lists. The role decides, on the server.
 */
export function overviewRoutes(deps: OverviewDeps & { guard: SessionGuard }) {
  const overviewFor = createOverview(deps);
  return new Hono<AppEnv>().get("/", deps.guard.requireStaff, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const { fresh } = parseQuery(c, overviewQuerySchema);
    const signedIn = c.get("signedIn");
    const viewer =
      signedIn.role === "admin"
        ? ({ role: "admin" } as const)
        : ({ role: "instructor", userId: signedIn.userId } as const);
    return c.json<OverviewResponse>(await overviewFor(viewer, { fresh: fresh === "1" }));
  });
}
