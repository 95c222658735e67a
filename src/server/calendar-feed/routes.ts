import { Hono } from "hono";
import type { CalendarFeedResponse } from "../../domain/bookings.ts";
import type { SessionGuard } from "../auth/session.ts";
import { guardianActingFor } from "../households/service.ts";
import type { AppEnv } from "../http/app-env.ts";
import { clientIdParam } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { calendarFile, currentFeed, renewFeed } from "./service.ts";

/**
 * /api/clients/:clientId/calendar-feed: a guardian's own secret feed address of their household's classes; an admin
 * sees the household's first guardian's.
 */
export function calendarFeedRoutes(deps: Wiring & { guard: SessionGuard }) {
  const access = deps.guard.requireClientAccess("clientId", "progress");
  return new Hono<AppEnv>()
    .get("/:clientId/calendar-feed", access, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<CalendarFeedResponse>(
        await currentFeed(deps, clientIdParam(c), guardianActingFor(c.get("signedIn"), clientIdParam(c))),
      );
    })
    .post("/:clientId/calendar-feed", access, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<CalendarFeedResponse>(
        await renewFeed(deps, clientIdParam(c), guardianActingFor(c.get("signedIn"), clientIdParam(c))),
      );
    });
}

/**
 * /api/calendar-feed/<token>.ics: what a calendar app subscribes to. No session (the app has none): the random
 * token in the address is the key, so the answer is never cached on the way.
 */
export function publicCalendarFeedRoutes(deps: Wiring & { guard: SessionGuard }) {
  return new Hono<AppEnv>().get("/:file", async (c) => {
    const calendar = await calendarFile(deps, c.req.param("file"));
    return c.body(calendar, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "Content-Disposition": 'inline; filename="swim-classes.ics"',
    });
  });
}
