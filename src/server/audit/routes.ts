import { Hono } from "hono";
import { type AuditLogResponse, auditQuerySchema } from "../../domain/audit.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { parseQuery } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { auditLog } from "./service.ts";

/**
 * /api/audit-log (issue 30): the owner's alone; instructors and guardians are refused. Searchable by part of a
 * person's name and by school days (`from`, `to`, both included), 25 entries a page, newest first.
 */
export function auditRoutes(deps: Pick<Wiring, "db" | "config"> & { guard: SessionGuard }) {
  const { db, config, guard } = deps;
  return new Hono<AppEnv>().get("/", guard.requireAdmin, async (c) => {
    c.header("Cache-Control", "private, no-store");
    const query = parseQuery(c, auditQuerySchema);
    return c.json<AuditLogResponse>(await auditLog(db, query, config.TZ_SCHOOL));
  });
}
