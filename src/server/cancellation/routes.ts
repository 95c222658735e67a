import { type Context, Hono } from "hono";
import {
  type CancellationPreview,
  type CancellationResponse,
  cancellationMessages,
} from "../../domain/cancellation.ts";
import { cancelLessonSchema, cancellationPreviewQuerySchema } from "../../domain/cancellation-schemas.ts";
import type {
  SchoolCancellationPreview,
  WeatherDayPreview,
  WeatherDayResult,
} from "../../domain/school-cancellation.ts";
import {
  schoolCancellationQuerySchema,
  schoolCancelSchema,
  weatherDayQuerySchema,
  weatherDaySchema,
} from "../../domain/school-cancellation-schemas.ts";
import { lessonIdParam } from "../../domain/today-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { clientIdParam, parseJsonBody, parseQuery } from "../http/validate.ts";
import type { Wiring } from "../wiring.ts";
import {
  cancelBySchool,
  cancelLesson,
  cancellationPreview,
  declareWeatherDay,
  type Staff,
  schoolCancellationPreview,
  weatherDayPreview,
} from "./service.ts";

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
  deps: Pick<Wiring, "db" | "outbox" | "clock" | "config" | "log"> & { guard: SessionGuard },
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

const staffOf = (c: Context<AppEnv>): Staff => {
  const { userId, role } = c.get("signedIn");
  return { userId, role };
};

/**
 * /api/lessons/:lessonId/school-cancellation (docs/decisions/034): the owner, for any lesson, and an instructor, for
 * their own (another's is not found), read what the school's cancelling it does and cancel it. Guardians: none.
 */
export function schoolCancellationRoutes(
  deps: Pick<Wiring, "db" | "outbox" | "clock" | "config" | "log"> & { guard: SessionGuard },
) {
  const { requireStaff } = deps.guard;
  return new Hono<AppEnv>()
    .get("/:lessonId/school-cancellation", requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const { reason } = parseQuery(c, schoolCancellationQuerySchema);
      return c.json<SchoolCancellationPreview>(
        await schoolCancellationPreview(deps, staffOf(c), lessonId(c), reason),
      );
    })
    .post("/:lessonId/school-cancellation", requireStaff, async (c) => {
      const id = lessonId(c);
      const input = await parseJsonBody(c, schoolCancelSchema);
      return c.json<CancellationResponse>(
        await cancelBySchool(deps, { staff: staffOf(c), lessonId: id, input }),
      );
    });
}

/**
 * /api/weather-day (docs/decisions/034): the owner (every instructor's lessons, or one's) and an instructor (their
 * own only) preview and declare a weather day. Guardians: none.
 */
export function weatherDayRoutes(
  deps: Pick<Wiring, "db" | "outbox" | "clock" | "config" | "log"> & { guard: SessionGuard },
) {
  const { requireStaff } = deps.guard;
  return new Hono<AppEnv>()
    .get("/", requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<WeatherDayPreview>(
        await weatherDayPreview(deps, staffOf(c), parseQuery(c, weatherDayQuerySchema)),
      );
    })
    .post("/", requireStaff, async (c) => {
      const input = await parseJsonBody(c, weatherDaySchema);
      return c.json<WeatherDayResult>(await declareWeatherDay(deps, staffOf(c), input));
    });
}
