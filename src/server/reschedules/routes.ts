import { type Context, Hono } from "hono";
import { cancellationMessages } from "../../domain/cancellation.ts";
import {
  type AskRescheduleResponse,
  type DecideRescheduleResponse,
  type HouseholdReschedulesResponse,
  type PendingReschedulesResponse,
  type RescheduleOptionsResponse,
  type RescheduleSettingsResponse,
  rescheduleMessages,
} from "../../domain/reschedules.ts";
import { askRescheduleSchema, rescheduleSettingsSchema } from "../../domain/reschedules-schemas.ts";
import { lessonIdParam } from "../../domain/today-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import { reschedulesAreAutomatic } from "../settings/service.ts";
import type { Wiring } from "../wiring.ts";
import {
  askReschedule,
  decideReschedule,
  householdReschedules,
  rescheduleOptions,
  waitingReschedules,
  withdrawReschedule,
} from "./service.ts";

type Deps = Pick<Wiring, "db" | "outbox" | "clock" | "config" | "settings"> & { guard: SessionGuard };

function lessonId(c: Context): number {
  const parsed = lessonIdParam.safeParse(c.req.param("lessonId"));
  if (!parsed.success) throw appError("not-found", 404, cancellationMessages.notFound);
  return parsed.data;
}

function requestId(c: Context): number {
  const parsed = lessonIdParam.safeParse(c.req.param("requestId"));
  if (!parsed.success) throw appError("reschedule-not-found", 404, rescheduleMessages.requestNotFound);
  return parsed.data;
}

/**
 * /api/clients/:clientId/lessons/:lessonId/reschedule (issue 29, docs/decisions/033): the household's guardians
 * allowed to book (and the owner for any family) read the free times, ask for one, and withdraw a request waiting;
 * /api/clients/:clientId/reschedules lists the household's requests waiting.
 */
export function clientRescheduleRoutes(deps: Deps) {
  const { guard } = deps;
  const path = "/:clientId/lessons/:lessonId/reschedule";
  return new Hono<AppEnv>()
    .get("/:clientId/reschedules", guard.requireClientAccess("clientId", "book"), async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<HouseholdReschedulesResponse>(await householdReschedules(deps, clientIdParam(c)));
    })
    .get(path, guard.requireClientAccess("clientId", "book"), async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<RescheduleOptionsResponse>(await rescheduleOptions(deps, clientIdParam(c), lessonId(c)));
    })
    .post(path, guard.requireClientAccess("clientId", "book"), async (c) => {
      const clientId = clientIdParam(c);
      const id = lessonId(c);
      const input = await parseJsonBody(c, askRescheduleSchema);
      return c.json<AskRescheduleResponse>(
        await askReschedule(deps, { clientId, lessonId: id, input, byUserId: c.get("signedIn").userId }),
      );
    })
    .delete(path, guard.requireClientAccess("clientId", "book"), async (c) => {
      const clientId = clientIdParam(c);
      const id = lessonId(c);
      return c.json<DecideRescheduleResponse>(
        await withdrawReschedule(deps, { clientId, lessonId: id, byUserId: c.get("signedIn").userId }),
      );
    });
}

/** /api/reschedules: the owner (every request) and instructors (their own lessons') list, accept and decline. */
export function rescheduleRoutes(deps: Deps) {
  const { guard } = deps;
  const decide = (decision: "accept" | "decline") => async (c: Context<AppEnv>) => {
    const { userId, role } = c.get("signedIn");
    return c.json<DecideRescheduleResponse>(
      await decideReschedule(deps, { requestId: requestId(c), decision, viewer: { userId, role } }),
    );
  };
  return new Hono<AppEnv>()
    .get("/", guard.requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const { userId, role } = c.get("signedIn");
      return c.json<PendingReschedulesResponse>(await waitingReschedules(deps, { userId, role }));
    })
    .post("/:requestId/accept", guard.requireStaff, decide("accept"))
    .post("/:requestId/decline", guard.requireStaff, decide("decline"));
}

/** /api/settings/reschedules: the owner's "Move a class at once when a free time is chosen". */
export function rescheduleSettingsRoutes(deps: Deps) {
  const { guard, settings } = deps;
  return new Hono<AppEnv>()
    .get("/", guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<RescheduleSettingsResponse>({
        settings: { automatic: await reschedulesAreAutomatic(deps.db) },
      });
    })
    .put("/", guard.requireAdmin, async (c) => {
      const body = await parseJsonBody(c, rescheduleSettingsSchema);
      const automatic = await settings.saveAutomaticReschedules(body.automatic, c.get("signedIn").userId);
      return c.json<RescheduleSettingsResponse>({
        settings: { automatic },
        message: rescheduleMessages.settingSaved,
      });
    });
}
