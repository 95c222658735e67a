import { type Context, Hono } from "hono";
import {
  type CancellationPreview,
  type CancellationResponse,
  cancelLessonSchema,
  cancellationMessages,
  cancellationPreviewQuerySchema,
} from "../../domain/cancellation.ts";
import { lessonIdParam } from "../../domain/today.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody, parseQuery } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import { cancelLesson, cancellationPreview } from "./service.ts";

function lessonId(c: Context): number {
  const parsed = lessonIdParam.safeParse(c.req.param("lessonId"));
  if (!parsed.success) throw appError("not-found", 404, cancellationMessages.notFound);
  return parsed.data;
}

/**
 * /api/clients/:clientId/lessons/:lessonId/cancellation (issue 29, docs/decisions/031): the household's guardians
 * allowed to book, and the owner for any family, read what cancelling would do now and cancel. Instructors: none.
 */
export function cancellationRoutes(
  deps: Pick<Wiring, "db" | "outbox" | "clock" | "config"> & { guard: SessionGuard },
) {
  const { guard } = deps;
  return new Hono<AppEnv>()
    .get(
      "/:clientId/lessons/:lessonId/cancellation",
      guard.requireClientAccess("clientId", "book"),
      async (c) => {
        c.header("Cache-Control", "private, no-store");
        const { reason } = parseQuery(c, cancellationPreviewQuerySchema);
        return c.json<CancellationPreview>(
          await cancellationPreview(deps, clientIdParam(c), lessonId(c), reason),
        );
      },
    )
    .post(
      "/:clientId/lessons/:lessonId/cancellation",
      guard.requireClientAccess("clientId", "book"),
      async (c) => {
        const clientId = clientIdParam(c);
        const id = lessonId(c);
        const input = await parseJsonBody(c, cancelLessonSchema);
        return c.json<CancellationResponse>(
          await cancelLesson(deps, { clientId, lessonId: id, input, byUserId: c.get("signedIn").userId }),
        );
      },
    );
}
