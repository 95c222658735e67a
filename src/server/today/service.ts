import { createHmac } from "node:crypto";
import type { Role } from "../../domain/auth.ts";
import { bookingMessages, upcomingFeedbackChange } from "../../domain/bookings.ts";
import { activeLevels } from "../../domain/curriculum.ts";
import { lessonMessages } from "../../domain/lesson-schedule.ts";
import { mediaMessages } from "../../domain/messages.ts";
import { dayInZone } from "../../domain/school-day.ts";
import {
  type LessonRecordResponse,
  type TodayLesson,
  type TodayQueueKeyResponse,
  type TodayResponse,
  todayMessages,
  unrecordedLimit,
} from "../../domain/today.ts";
import type { LessonRecordInput, TodayQuery } from "../../domain/today-schemas.ts";
import { recordAudit } from "../audit/service.ts";
import {
  type BookingDeps,
  deliverFeedbackMail,
  queueFeedbackMail,
  schoolToday,
  type WrittenFeedback,
} from "../bookings/service.ts";
import { deliverPassMail, publishPasses } from "../certificates/publish.ts";
import { recordPasses } from "../curriculum/passes.ts";
import { appendAssessment, curriculumOf, progressOf, type SwimmersProgress } from "../curriculum/service.ts";
import type { Db } from "../db/database.ts";
import { appError } from "../http/errors.ts";
import { findInstructor, instructorsOf } from "../instructors/service.ts";
import {
  type LessonPhoto,
  lessonPhotosOf,
  lessonPictureFile,
  type MediaDeps,
  type PreparedLessonPhoto,
  prepareLessonPhoto,
} from "../media/service.ts";
import type { StoredFile } from "../ports/media/media-store.ts";
import { type LevelContext, lessonsBySwimmer, swimmerLevelIn } from "./progress.ts";
import {
  claimRecordKey,
  findLessonRecord,
  findRecordKey,
  type LessonRecordRow,
  lessonsOfInstructorOn,
  lessonsOfSwimmers,
  lockLesson,
  recordSwimmer,
  setRecordAnswer,
  unrecordedLessonsOf,
} from "./repository.ts";

/**
 * An instructor's day (/today, issue 27): their lessons of a date with the households' addresses and the swimmers'
 * notes, and one save per lesson that records attendance, feedback and photos for its swimmers. An instructor
 * reaches only the lessons they teach, the owner everyone's (docs/decisions/021).
 */
export type TodayDeps = BookingDeps & MediaDeps;

/** Who asks: the owner ("admin") or an instructor. */
export interface Staff {
  userId: string;
  name: string;
  role: Role;
}

const isOwner = (staff: Staff) => staff.role === "admin";

/** Where /today reads a lesson's photo: answered to the staff who may see that lesson (routes.ts). */
const lessonPhotoUrl = (photo: LessonPhoto, variant: "full" | "thumb") =>
  `/api/lessons/${photo.lessonId}/photos/${photo.id}/${variant}`;

function toTodayLesson(
  row: LessonRecordRow,
  photos: readonly LessonPhoto[],
  levels: LevelContext,
): TodayLesson {
  const photoOf = (swimmerId: string) => {
    const photo = photos.find((each) => each.lessonId === row.id && each.swimmerId === swimmerId);
    return photo
      ? { thumbnailUrl: lessonPhotoUrl(photo, "thumb"), fullUrl: lessonPhotoUrl(photo, "full") }
      : null;
  };
  return {
    id: row.id,
    date: row.date,
    startTime: row.startTime,
    householdName: row.householdName,
    address: row.address,
    accessNotes: row.accessNotes,
    swimmers: row.swimmers.map((swimmer) => ({
      ...swimmer,
      photo: photoOf(swimmer.id),
      level: swimmerLevelIn(levels, swimmer.id, row),
    })),
    recorded: row.swimmers.every((swimmer) => swimmer.attendance !== null),
    cancelled: row.cancelledAt !== null,
    moved: row.moved,
    cancellation: row.cancellation,
  };
}

/**
 * The lessons as /today shows them: with their photos and each swimmer's level and skills. A fixed number of
 * queries for the whole day, however many lessons and swimmers it has.
 */
async function asShown(
  deps: TodayDeps,
  db: Db,
  rows: readonly LessonRecordRow[],
): Promise<{ lessons: TodayLesson[]; progress: SwimmersProgress }> {
  const swimmerIds = [...new Set(rows.flatMap((row) => row.swimmers.map((swimmer) => swimmer.id)))];
  const lastDate = rows.reduce((last, row) => (row.date > last ? row.date : last), "");
  const [photos, progress, lessons] = await Promise.all([
    lessonPhotosOf(
      db,
      rows.map((row) => row.id),
    ),
    progressOf(db, swimmerIds),
    lessonsOfSwimmers(db, swimmerIds, lastDate),
  ]);
  const levels: LevelContext = {
    progress,
    lessons: lessonsBySwimmer(lessons),
    today: schoolToday(deps),
    dayOf: (iso) => dayInZone(new Date(iso), deps.config.TZ_SCHOOL),
  };
  return { lessons: rows.map((row) => toTodayLesson(row, photos, levels)), progress };
}

/**
 * GET /api/today: whose day is asked for. An instructor only their own (403 for another's); the owner anyone's who
 * can teach (default their own), with the list of whom they may switch to.
 */
export async function todayOf(deps: TodayDeps, query: TodayQuery, staff: Staff): Promise<TodayResponse> {
  const { db } = deps;
  const wanted = query.instructorId ?? staff.userId;
  if (!isOwner(staff) && wanted !== staff.userId) {
    throw appError("permission-denied", 403, todayMessages.onlyOwnDay, { field: "instructorId" });
  }
  const instructor =
    wanted === staff.userId ? { id: staff.userId, name: staff.name } : await findInstructor(db, wanted);
  if (!instructor) {
    throw appError("instructor-not-found", 404, lessonMessages.instructorNotFound, { field: "instructorId" });
  }
  const today = schoolToday(deps);
  const date = query.date ?? today;
  const [{ lessons, progress }, unrecorded, instructors] = await Promise.all([
    lessonsOfInstructorOn(db, instructor.id, date).then((rows) => asShown(deps, db, rows)),
    unrecordedLessonsOf(db, instructor.id, today, unrecordedLimit),
    isOwner(staff) ? instructorsOf(db) : null,
  ]);
  return {
    date,
    instructor: { id: instructor.id, name: instructor.name },
    instructors: instructors?.map(({ id, name }) => ({ id, name })) ?? null,
    lessons,
    unrecorded,
    scale: progress.scale,
    levels: activeLevels(progress.curriculum).map(({ id, name, nameEs }) => ({ id, name, nameEs })),
  };
}

/**
 * The key a phone encrypts `staff`'s queued saves with: derived from the server's secret (the one that signs
 * sessions) and the person, never stored, so only that person, signed in, can have it. A new secret makes queued
 * saves unreadable, as it ends every session.
 */
export function queueKeyOf(secret: string, staff: Staff): TodayQueueKeyResponse {
  const key = createHmac("sha256", secret).update(`today-queue:${staff.userId}`).digest("base64url");
  return { userId: staff.userId, key };
}

// Saving a lesson.

const lessonNotFound = () => appError("lesson-not-found", 404, todayMessages.lessonNotFound);
const keyReused = () => appError("idempotency-key-reused", 409, todayMessages.keyReused);

/** A save's photos: swimmer id → the picture's bytes. */
export type RecordPhotos = ReadonlyMap<string, Uint8Array>;

export interface RecordRequest {
  lessonId: number;
  key: string;
  input: LessonRecordInput;
  photos: RecordPhotos;
}

/**
 * Whether this save may be written to `lesson` as it stands: the caller's lesson, still where the instructor saw
 * it, its swimmers those of the lesson, photos only where allowed, and feedback only from the class's day on
 * (decision 022). Checked before the photos are processed and again inside the transaction.
 */
function refuseRecord(
  lesson: LessonRecordRow | undefined,
  request: RecordRequest,
  staff: Staff,
  today: string,
): asserts lesson is LessonRecordRow {
  if (!lesson) throw lessonNotFound();
  assertOwnLesson(lesson, staff);
  if (lesson.cancelledAt !== null) {
    throw appError("lesson-cancelled", 409, todayMessages.lessonCancelled, { field: "swimmers" });
  }
  const { input, photos } = request;
  if (lesson.date !== input.date || lesson.startTime !== input.startTime) {
    throw appError("lesson-moved", 409, todayMessages.lessonMoved(lesson.date, lesson.startTime), {
      date: lesson.date,
      startTime: lesson.startTime,
    });
  }
  const inLesson = new Map(lesson.swimmers.map((swimmer) => [swimmer.id, swimmer]));
  if (input.swimmers.some((each) => !inLesson.has(each.swimmerId))) {
    throw appError("validation", 400, bookingMessages.feedbackSwimmerNotInClass(lesson.date), {
      field: "swimmers",
    });
  }
  for (const swimmerId of photos.keys()) {
    const swimmer = inLesson.get(swimmerId);
    if (!swimmer) throw appError("validation", 400, todayMessages.photoNotInLesson, { field: "photo" });
    if (!swimmer.photoPermission) {
      throw appError("photo-not-allowed", 409, todayMessages.photoNotAllowed(swimmer.firstName), {
        field: `photo:${swimmerId}`,
      });
    }
  }
  const upcoming = input.swimmers.some(
    (each) =>
      upcomingFeedbackChange(
        { [lesson.date]: each.feedback },
        new Map([[lesson.date, inLesson.get(each.swimmerId)?.feedback ?? null]]),
        today,
      ) !== null,
  );
  if (upcoming) {
    throw appError("upcoming-date", 409, bookingMessages.feedbackNotYet(lesson.date), { field: "swimmers" });
  }
  if (input.assessments.length > 0 && lesson.date > today) {
    throw appError("upcoming-date", 409, todayMessages.assessmentNotYet(lesson.date), {
      field: "assessments",
    });
  }
}

/**
 * Appends the save's ratings as assessments of this lesson, made now by `staff` in the current scale version, then
 * drafts the level results of the swimmers who pass by them (curriculum/passes.ts), answering their ids: in the
 * save's transaction, so a save refused or sent twice leaves neither. A rating of someone not in the lesson, of a skill retired or unknown,
 * or not in the current scale (it changed since the day was loaded) refuses the whole save.
 */
async function recordAssessments(
  trx: Db,
  lesson: LessonRecordRow,
  assessments: LessonRecordInput["assessments"],
  staff: Staff,
  now: string,
): Promise<number[]> {
  if (assessments.length === 0) return [];
  const { skills, scale } = await curriculumOf(trx);
  const inLesson = new Set(lesson.swimmers.map((swimmer) => swimmer.id));
  const offered = new Set(skills.filter((skill) => skill.retiredAt === null).map((skill) => skill.id));
  const current = new Set(scale.ratings.map((rating) => rating.id));
  for (const each of assessments) {
    if (!inLesson.has(each.swimmerId)) {
      throw appError("validation", 400, todayMessages.assessedSwimmerNotInLesson, { field: "assessments" });
    }
    if (!offered.has(each.skillId)) {
      throw appError("validation", 400, todayMessages.assessedSkillUnknown, { field: "assessments" });
    }
    if (!current.has(each.ratingId)) {
      throw appError("validation", 400, todayMessages.ratingNotCurrent, { field: "assessments" });
    }
  }
  for (const each of assessments) {
    await appendAssessment(trx, {
      swimmerId: each.swimmerId,
      skillId: each.skillId,
      ratingId: each.ratingId,
      scaleVersion: scale.version,
      lessonId: lesson.id,
      byUserId: staff.userId,
      at: now,
      note: each.note,
    });
  }
  return recordPasses(trx, { swimmerIds: assessments.map((each) => each.swimmerId), now });
}

/** The answer stored under `key`, for a save sent again: another person's key, or another lesson's, is refused. */
function storedAnswer(
  stored: { userId: string; lessonId: number; response: string },
  request: Pick<RecordRequest, "lessonId">,
  staff: Staff,
): LessonRecordResponse {
  if (stored.userId !== staff.userId || stored.lessonId !== request.lessonId) throw keyReused();
  return JSON.parse(stored.response) as LessonRecordResponse;
}

/**
 * What a save learns before its body is read: the answer already given to it (sent again after a lost answer, even
 * when the lesson has gone since), or null when it is new; a lesson gone or not the caller's is refused at once,
 * before a body of photos is read for nothing.
 */
export async function answerGivenTo(
  deps: TodayDeps,
  request: Pick<RecordRequest, "lessonId" | "key">,
  staff: Staff,
): Promise<LessonRecordResponse | null> {
  const known = await findRecordKey(deps.db, request.key);
  if (known) return storedAnswer(known, request, staff);
  const lesson = await findLessonRecord(deps.db, request.lessonId);
  if (!lesson) throw lessonNotFound();
  assertOwnLesson(lesson, staff);
  return null;
}

function assertOwnLesson(lesson: { instructorId: string | null }, staff: Staff): void {
  if (!isOwner(staff) && lesson.instructorId !== staff.userId) {
    throw appError("permission-denied", 403, lessonMessages.notYourLesson);
  }
}

/**
 * POST /api/lessons/:lessonId/record: one save of one lesson, written once whatever happens to the network. Its
 * rows (attendance, feedback, photos' gallery items) and its answer are written in one transaction that first
 * claims the save's idempotency key; the same save sent again gets the stored answer and writes nothing. Photos
 * are checked and re-encoded before the transaction (their files cannot be part of it) and removed again when it
 * does not commit. A feedback text new to the family is mailed to them, as Add Feedback's is.
 */
export async function recordLesson(
  deps: TodayDeps,
  request: RecordRequest,
  staff: Staff,
): Promise<LessonRecordResponse> {
  const { db } = deps;
  const known = await findRecordKey(db, request.key);
  if (known) return storedAnswer(known, request, staff);

  const seen = await findLessonRecord(db, request.lessonId);
  refuseRecord(seen, request, staff, schoolToday(deps));

  const prepared: PreparedLessonPhoto[] = [];
  let committed = false;
  try {
    for (const [swimmerId, bytes] of request.photos) {
      prepared.push(
        await prepareLessonPhoto(
          deps,
          { clientId: seen.clientId, swimmerId, lessonId: seen.id, date: seen.date },
          bytes,
        ),
      );
    }
    const outcome = await db.transaction().execute(async (trx) => {
      const now = deps.clock.now().toISOString();
      const claimed = await claimRecordKey(trx, {
        key: request.key,
        userId: staff.userId,
        lessonId: request.lessonId,
        createdAt: now,
      });
      if (!claimed) {
        const stored = await findRecordKey(trx, request.key);
        if (!stored) throw keyReused();
        return {
          replayed: true as const,
          answer: storedAnswer(stored, request, staff),
          mailIds: [],
          passMailIds: [],
        };
      }
      await lockLesson(trx, request.lessonId);
      const lesson = await findLessonRecord(trx, request.lessonId);
      refuseRecord(lesson, request, staff, schoolToday(deps));

      const written: WrittenFeedback[] = [];
      for (const each of request.input.swimmers) {
        const stored = lesson.swimmers.find((swimmer) => swimmer.id === each.swimmerId);
        if (!stored) continue;
        const feedback = each.feedback.trim() || null;
        await recordSwimmer(
          trx,
          { lessonId: lesson.id, swimmerId: stored.id },
          {
            attendance: each.attendance === stored.attendance ? undefined : each.attendance,
            feedback: feedback === stored.feedback ? undefined : feedback,
          },
          now,
        );
        if (feedback && feedback !== stored.feedback) {
          written.push({
            lessonId: lesson.id,
            swimmerId: stored.id,
            date: lesson.date,
            swimmer: stored.firstName,
            text: feedback,
          });
        }
      }
      for (const photo of prepared) await photo.insert(trx);
      const passed = await recordAssessments(trx, lesson, request.input.assessments, staff, now);
      const swimmerOf = (id: string) => lesson.swimmers.find((swimmer) => swimmer.id === id);
      await recordAudit(trx, {
        kind: "lesson-record",
        id: lesson.id,
        action: "recorded",
        householdId: lesson.clientId,
        before: {
          date: lesson.date,
          swimmers: lesson.swimmers.map(({ firstName, attendance, feedback }) => ({
            firstName,
            attendance,
            feedback,
          })),
        },
        after: {
          date: lesson.date,
          swimmers: request.input.swimmers
            .filter((each) => swimmerOf(each.swimmerId))
            .map((each) => ({
              firstName: swimmerOf(each.swimmerId)?.firstName,
              attendance: each.attendance,
              feedback: each.feedback.trim() || null,
            })),
          photos: prepared.length || undefined,
          assessments: request.input.assessments.length || undefined,
        },
      });
      // Published at once only where the school does not approve certificates first (School settings).
      const published = await publishPasses(trx, deps, passed, now);

      const {
        lessons: [saved],
      } = await asShown(deps, trx, [(await findLessonRecord(trx, lesson.id)) as LessonRecordRow]);
      const answer: LessonRecordResponse = { message: todayMessages.saved, lesson: saved as TodayLesson };
      await setRecordAnswer(trx, request.key, JSON.stringify(answer));
      const mailIds = await queueFeedbackMail(deps, trx, lesson.clientId, written);
      return { replayed: false as const, answer, mailIds, passMailIds: published.mailIds };
    });
    if (outcome.replayed) return outcome.answer;
    committed = true;
    await deliverFeedbackMail(deps, outcome.mailIds);
    await deliverPassMail(deps, outcome.passMailIds);
    return outcome.answer;
  } finally {
    if (!committed) for (const photo of prepared) await photo.discard();
  }
}

/**
 * A photo of lesson `lessonId` for the staff who may see that lesson: an instructor's own lessons only. A picture
 * of the household that was not taken in this lesson is not found here.
 */
export async function lessonPhotoFile(
  deps: TodayDeps,
  lessonId: number,
  mediaId: string,
  variant: "full" | "thumb",
  staff: Staff,
): Promise<{ kind: "milestone" | "gallery"; file: StoredFile }> {
  const lesson = await findLessonRecord(deps.db, lessonId);
  if (!lesson) throw appError("media-not-found", 404, mediaMessages.mediaNotFound);
  assertOwnLesson(lesson, staff);
  return lessonPictureFile(deps, lesson, mediaId, variant);
}
