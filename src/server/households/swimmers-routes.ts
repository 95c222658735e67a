import type { MiddlewareHandler } from "hono";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { messages } from "../../domain/messages.ts";
import {
  newSwimmerSchema,
  type RemoveSwimmerResponse,
  type SwimmerResponse,
  type SwimmersResponse,
  swimmerMessages,
  updateSwimmerSchema,
} from "../../domain/swimmers.ts";
import { assertClientAccess } from "../auth/ownership.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import { teachesHousehold } from "../instructors/service.ts";
import { addSwimmer, editSwimmer, listSwimmers, removeSwimmer, type SwimmerDeps } from "./swimmers.ts";

/** A swimmer's id: a user id (a migrated client) or a UUID; anything else is refused before any query. */
const swimmerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function swimmerIdParam(c: Context): string {
  const parsed = swimmerIdSchema.safeParse(c.req.param("swimmerId"));
  if (!parsed.success) throw appError("swimmer-not-found", 404, swimmerMessages.notFound);
  return parsed.data;
}

/**
 * Who reads a household's swimmers: the owner; its guardians allowed to see progress; an instructor who teaches one
 * of its lessons (docs/decisions/021). Checked before any row is read by the id in the path.
 */
function requireSwimmerReader(deps: SwimmerDeps & { guard: SessionGuard }): MiddlewareHandler<AppEnv> {
  const signedIn = deps.guard.requireRole("admin", "instructor", "client");
  return (c, next) =>
    signedIn(c, async () => {
      const who = c.get("signedIn");
      const clientId = c.req.param("clientId") ?? "";
      if (who.role !== "instructor") assertClientAccess(who, clientId, "progress");
      else if (!(await teachesHousehold(deps.db, who.userId, clientId))) {
        throw appError("permission-denied", 403, messages.permissionDenied);
      }
      await next();
    });
}

/**
 * /api/clients/:clientId/swimmers (issue 26): the household's guardians who may see progress read its swimmers
 * (names and birth dates, for the client area's swimmer switcher); the staff (the owner, an instructor of the
 * household's lessons) also reads the notes and photo permission, and the owner alone adds, edits and removes them. A swimmer id in the path is looked up within the household in
 * the path only.
 */
export function swimmerRoutes(deps: SwimmerDeps & { guard: SessionGuard }) {
  const { requireAdmin } = deps.guard;
  return new Hono<AppEnv>()
    .get("/:clientId/swimmers", requireSwimmerReader(deps), async (c) => {
      c.header("Cache-Control", "private, no-store");
      const forAdmin = c.get("signedIn").role !== "client";
      return c.json<SwimmersResponse>({ swimmers: await listSwimmers(deps, clientIdParam(c), forAdmin) });
    })
    .post("/:clientId/swimmers", requireAdmin, async (c) => {
      const clientId = clientIdParam(c);
      const input = await parseJsonBody(c, newSwimmerSchema);
      const swimmer = await addSwimmer(deps, clientId, input);
      return c.json<SwimmerResponse, 201>({ swimmer, message: swimmerMessages.added }, 201);
    })
    .patch("/:clientId/swimmers/:swimmerId", requireAdmin, async (c) => {
      const clientId = clientIdParam(c);
      const swimmerId = swimmerIdParam(c);
      const input = await parseJsonBody(c, updateSwimmerSchema);
      const swimmer = await editSwimmer(deps, clientId, swimmerId, input);
      return c.json<SwimmerResponse>({ swimmer, message: swimmerMessages.updated });
    })
    .delete("/:clientId/swimmers/:swimmerId", requireAdmin, async (c) => {
      await removeSwimmer(deps, clientIdParam(c), swimmerIdParam(c));
      return c.json<RemoveSwimmerResponse>({ message: swimmerMessages.removed });
    });
}
