import { type Context, Hono } from "hono";
import {
  type ExportName,
  exportNames,
  type ReportName,
  type ReportsResponse,
  reportMessages,
  reportNames,
  reportRangeSchema,
} from "../../domain/reports.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { parseQuery } from "../http/validate.ts";
import { csvResponse } from "./csv.ts";
import { createReports, exportCsv, type ReportsDeps, reportCsv, reportMonths } from "./service.ts";

/** `<name>.csv` of a path, when `name` is one of `names`; anything else is a 404 before any query. */
function csvName<N extends string>(c: Context, names: readonly N[]): N {
  const match = /^([a-z]+)\.csv$/.exec(c.req.param("file") ?? "");
  const name = match?.[1];
  if (!name || !(names as readonly string[]).includes(name)) {
    throw appError("not-found", 404, reportMessages.unknownReport);
  }
  return name as N;
}

/** /api/reports (issue 30): the owner's reports by month, as JSON for the page and as CSV. Owner only. */
export function reportRoutes(deps: ReportsDeps & { guard: SessionGuard }) {
  const { requireAdmin } = deps.guard;
  const reportsOver = createReports(deps);
  return new Hono<AppEnv>()
    .get("/", requireAdmin, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const months = reportMonths(deps, parseQuery(c, reportRangeSchema));
      return c.json<ReportsResponse>(await reportsOver(months, { download: false }));
    })
    .get("/:file", requireAdmin, async (c) => {
      const name = csvName<ReportName>(c, reportNames);
      const months = reportMonths(deps, parseQuery(c, reportRangeSchema));
      const filename = `${name}-${months[0]}-${months[months.length - 1]}.csv`;
      return csvResponse(await reportCsv(await reportsOver(months, { download: true }), name), filename);
    });
}

/** /api/exports/<list>.csv: the clients, bookings and payments lists as CSV. Owner only. */
export function exportRoutes(deps: ReportsDeps & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/:file", deps.guard.requireAdmin, async (c) => {
    const name = csvName<ExportName>(c, exportNames);
    return csvResponse(await exportCsv(deps, name), `${name}.csv`);
  });
}
