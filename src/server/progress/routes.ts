import { Hono } from "hono";
import type { ProgressResponse } from "../../domain/progress.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { clientIdParam } from "../http/validate.ts";
import { householdProgress, type ProgressDeps } from "./service.ts";

/**
 * /api/clients/:clientId/progress (issue 28): the household's swimmers' levels, skills, tips and last lesson, for
 * its guardians allowed to see progress and for the owner (the ownership guard runs before any row is read).
 */
export function progressRoutes(deps: ProgressDeps & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get(
    "/:clientId/progress",
    deps.guard.requireClientAccess("clientId", "progress"),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<ProgressResponse>(await householdProgress(deps, clientIdParam(c)));
    },
  );
}
