import { Hono } from "hono";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { clientIdParam } from "../http/validate.ts";
import { type HouseholdExportDeps, householdExport } from "./service.ts";

/**
 * GET /api/clients/:clientId/export (issue 30): one household's complete data as a ZIP, the owner's alone (a family
 * asks the school for it; guardians and instructors are refused). Each download is an entry in the audit log.
 */
export function householdExportRoutes(deps: HouseholdExportDeps & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/:clientId/export", deps.guard.requireAdmin, async (c) => {
    const { filename, body } = await householdExport(deps, c.get("signedIn"), clientIdParam(c));
    return c.body(body, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  });
}
