import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { maxUploadBytes } from "../../domain/media.ts";
import { mediaMessages } from "../../domain/messages.ts";
import {
  idempotencyKeyHeader,
  idempotencyKeyPattern,
  type LessonRecordResponse,
  maxRecordBodyBytes,
  photoFieldName,
  recordFieldName,
  type TodayQueueKeyResponse,
  type TodayResponse,
  todayMessages,
} from "../../domain/today.ts";
import { lessonIdParam, lessonRecordSchema, todayQuerySchema } from "../../domain/today-schemas.ts";
import type { Auth } from "../auth/auth.ts";
import type { SessionGuard, SignedIn } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { limitRequestBody } from "../http/body-limit.ts";
import { AppError, appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import { parseQuery } from "../http/validate.ts";
import { pictureAnswer } from "../media/routes.ts";
import {
  answerGivenTo,
  lessonPhotoFile,
  queueKeyOf,
  type RecordPhotos,
  recordLesson,
  type Staff,
  type TodayDeps,
  todayOf,
} from "./service.ts";

/** The save paths: app.ts leaves them out of the API's JSON body limit, since a save carries photos. */
export const lessonRecordPaths = ["/api/lessons"] as const;

const staffOf = (signedIn: SignedIn): Staff => ({
  userId: signedIn.userId,
  name: signedIn.name,
  role: signedIn.role,
});

function lessonId(c: Context): number {
  const parsed = lessonIdParam.safeParse(c.req.param("lessonId"));
  if (!parsed.success)
    throw appError("validation", 400, todayMessages.invalidLessonId, { field: "lessonId" });
  return parsed.data;
}

function idempotencyKey(c: Context): string {
  const key = c.req.header(idempotencyKeyHeader) ?? "";
  if (!idempotencyKeyPattern.test(key)) {
    throw appError("validation", 400, todayMessages.keyMissing, { field: idempotencyKeyHeader });
  }
  return key;
}

const photoTooLarge = () => appError("payload-too-large", 413, mediaMessages.tooLarge, { field: "photo" });

/** A save's own limit, counted as the body streams in: over it, 413 with the upload's words and nothing kept. */
const saveBodyLimit = limitRequestBody(maxRecordBodyBytes);
const limitSave: MiddlewareHandler<AppEnv> = async (c, next) => {
  try {
    await saveBodyLimit(c, next);
  } catch (error) {
    if (error instanceof AppError && error.code === "payload-too-large") throw photoTooLarge();
    throw error;
  }
};

/** The form of a save: field `record` (lessonRecordSchema's JSON) and a file `photo:<swimmerId>` per photo. */
async function readSave(c: Context) {
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw appError("validation", 400, httpMessages.bodyNotMultipart);
  }
  const raw = body[recordFieldName];
  let json: unknown;
  try {
    json = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    json = undefined;
  }
  if (json === undefined) throw appError("validation", 400, todayMessages.recordMissing, { field: "record" });
  const parsed = lessonRecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw appError("validation", 400, issue?.message ?? httpMessages.invalidRequest, {
      field: ["record", ...(issue?.path ?? [])].join("."),
    });
  }
  const photos = new Map<string, Uint8Array>();
  const prefix = photoFieldName("");
  for (const [name, value] of Object.entries(body)) {
    if (!name.startsWith(prefix)) continue;
    const swimmerId = name.slice(prefix.length);
    if (!(value instanceof File) || !/^[A-Za-z0-9_-]{1,64}$/.test(swimmerId)) {
      throw appError("validation", 400, todayMessages.photoNotAFile, { field: name });
    }
    if (value.size === 0) continue;
    if (value.size > maxUploadBytes) throw photoTooLarge();
    photos.set(swimmerId, new Uint8Array(await value.arrayBuffer()));
  }
  return { input: parsed.data, photos: photos as RecordPhotos };
}

/** /api/today: an instructor's day (issue 27); the owner's, anyone's. */
export function todayRoutes(deps: TodayDeps & { guard: SessionGuard; auth: Auth }) {
  return new Hono<AppEnv>()
    .get("/", deps.guard.requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const day = await todayOf(deps, parseQuery(c, todayQuerySchema), staffOf(c.get("signedIn")));
      return c.json<TodayResponse>(day);
    })
    .get("/queue-key", deps.guard.requireStaff, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const { secret } = await deps.auth.$context;
      return c.json<TodayQueueKeyResponse>(queueKeyOf(secret, staffOf(c.get("signedIn"))));
    });
}

const mediaIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const variantSchema = z.enum(["full", "thumb"]);

/** /api/lessons/:lessonId/…: one lesson's save from /today, and the photos taken in it. */
export function lessonRoutes(deps: TodayDeps & { guard: SessionGuard }) {
  const { requireStaff } = deps.guard;
  return new Hono<AppEnv>()
    .post("/:lessonId/record", requireStaff, limitSave, async (c) => {
      const id = lessonId(c);
      const key = idempotencyKey(c);
      const staff = staffOf(c.get("signedIn"));
      const given = await answerGivenTo(deps, { lessonId: id, key }, staff);
      if (given) return c.json<LessonRecordResponse>(given);
      const { input, photos } = await readSave(c);
      return c.json<LessonRecordResponse>(
        await recordLesson(deps, { lessonId: id, key, input, photos }, staff),
      );
    })
    .get("/:lessonId/photos/:mediaId/:variant", requireStaff, async (c) => {
      const id = lessonId(c);
      const mediaId = mediaIdSchema.safeParse(c.req.param("mediaId"));
      const variant = variantSchema.safeParse(c.req.param("variant"));
      if (!mediaId.success || !variant.success) {
        throw appError("media-not-found", 404, mediaMessages.mediaNotFound);
      }
      return pictureAnswer(
        c,
        await lessonPhotoFile(deps, id, mediaId.data, variant.data, staffOf(c.get("signedIn"))),
      );
    });
}
