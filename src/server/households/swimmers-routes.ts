import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  newSwimmerSchema,
  type RemoveSwimmerResponse,
  type SwimmerResponse,
  type SwimmersResponse,
  swimmerMessages,
  updateSwimmerSchema,
} from "../../domain/swimmers.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import { addSwimmer, editSwimmer, listSwimmers, removeSwimmer, type SwimmerDeps } from "./swimmers.ts";

/** A swimmer's id: a user id (a migrated client) or a UUID; anything else is refused before any query. */
const swimmerIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

function swimmerIdParam(c: Context): string {
  const parsed = swimmerIdSchema.safeParse(c.req.param("swimmerId"));
  if (!parsed.success) throw appError("swimmer-not-found", 404, swimmerMessages.notFound);
  return parsed.data;
}

/**
 * /api/clients/:clientId/swimmers (issue 26): the household's guardians who may see progress read its swimmers
 * (names and birth dates, for the client area's swimmer switcher); the admin also reads the notes and photo
 * permission, and alone adds, edits and removes them. A swimmer id in the path is looked up within the household in
 * the path only.
 */
export function swimmerRoutes(deps: SwimmerDeps & { guard: SessionGuard }) {
  const { requireAdmin, requireClientAccess } = deps.guard;
  return new Hono<AppEnv>()
    .get("/:clientId/swimmers", requireClientAccess("clientId", "progress"), async (c) => {
      c.header("Cache-Control", "private, no-store");
      const forAdmin = c.get("signedIn").role === "admin";
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
