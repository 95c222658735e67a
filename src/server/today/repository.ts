import { sql } from "kysely";
import type { LessonMove } from "../../domain/reschedules.ts";
import type { CancellationShown } from "../../domain/school-cancellation.ts";
import type { Attendance } from "../../domain/today.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { isPostgres } from "../db/portable.ts";

/** A lesson as /today shows and records it, with its household and swimmers (photos are the media feature's). */
export interface LessonRecordRow {
  id: number;
  clientId: string;
  date: string;
  startTime: string | null;
  instructorId: string | null;
  /** When it was cancelled (kept, shown as cancelled, not recordable); null while it stands. */
  cancelledAt: string | null;
  /** Its latest move (docs/decisions/033): when, by whom, from when; null: never moved. */
  moved: LessonMove | null;
  /** Who cancelled it, why and with what (docs/decisions/034): null while it stands. */
  cancellation: CancellationShown | null;
  householdName: string;
  address: string;
  accessNotes: string;
  swimmers: {
    id: string;
    firstName: string;
    lastName: string;
    notes: string;
    photoPermission: boolean;
    attendance: Attendance | null;
    feedback: string | null;
  }[];
}

/** The lessons matching `where`, with their swimmers in the order they joined the household. */
async function lessonRows(
  db: Db,
  where: { lessonId: number } | { instructorId: string; date: string },
): Promise<LessonRecordRow[]> {
  const rows = await lessonRowsRead(db, where);
  const lessons: LessonRecordRow[] = [];
  for (const row of rows) {
    let lesson = lessons[lessons.length - 1];
    if (lesson?.id !== row.id) {
      lesson = {
        id: row.id,
        clientId: row.clientId,
        date: row.date,
        startTime: row.startTime,
        instructorId: row.instructorId,
        cancelledAt: row.cancelledAt,
        moved:
          row.rescheduledAt === null
            ? null
            : {
                at: row.rescheduledAt,
                by: row.movedBy,
                fromDate: row.rescheduledFromDate ?? "",
                fromStartTime: row.rescheduledFromStartTime,
              },
        cancellation:
          row.cancelledAt === null
            ? null
            : {
                at: row.cancelledAt,
                reason: row.cancellationReason ?? "family",
                outcome: row.cancellationOutcome ?? "class-used",
                byName: row.cancelledByName,
              },
        householdName: `${row.householdFirst} ${row.householdLast}`.trim(),
        address: row.address,
        accessNotes: row.accessNotes,
        swimmers: [],
      };
      lessons.push(lesson);
    }
    if (row.swimmerId !== null) {
      lesson.swimmers.push({
        id: row.swimmerId,
        firstName: row.firstName ?? "",
        lastName: row.lastName ?? "",
        notes: row.notes ?? "",
        photoPermission: row.photoPermission === 1,
        attendance: row.attendance ?? null,
        feedback: row.feedback ?? null,
      });
    }
  }
  return lessons;
}

/** lessonRows' statement: one lesson, or an instructor's day (db/compiled-once.ts). */
const lessonRowsRead = compiledOnce(
  (db, value: CallValue<{ lessonId?: number; instructorId?: string; date?: string }>) => {
    const query = db
      .selectFrom("lesson")
      .innerJoin("client", "client.id", "lesson.clientId")
      .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
      .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
      .leftJoin("user as mover", "mover.id", "lesson.rescheduledByUserId")
      .leftJoin("user as canceller", "canceller.id", "lesson.cancelledByUserId")
      .select([
        "lesson.id",
        "lesson.clientId",
        "lesson.date",
        "lesson.startTime",
        "lesson.instructorId",
        "lesson.cancelledAt",
        "lesson.rescheduledAt",
        "lesson.rescheduledFromDate",
        "lesson.rescheduledFromStartTime",
        "mover.name as movedBy",
        "lesson.cancellationReason",
        "lesson.cancellationOutcome",
        "canceller.name as cancelledByName",
        "client.firstName as householdFirst",
        "client.lastName as householdLast",
        "client.address",
        "client.accessNotes",
        "swimmer.id as swimmerId",
        "swimmer.firstName",
        "swimmer.lastName",
        "swimmer.notes",
        "swimmer.photoPermission",
        "lessonSwimmer.attendance",
        "lessonSwimmer.feedback",
      ]);
    const lessonId = value("lessonId");
    const matching =
      lessonId !== undefined
        ? query.where("lesson.id", "=", lessonId)
        : // lessonRows' caller gives both when it gives no lesson.
          query
            .where("lesson.instructorId", "=", value("instructorId") as string)
            .where("lesson.date", "=", value("date") as string);
    // Time order, "time to be set" last (lesson_instructorId_date_idx finds the day's few lessons).
    return matching
      .orderBy(sql`case when ${sql.ref("lesson.startTime")} is null then 1 else 0 end`)
      .orderBy("lesson.startTime")
      .orderBy("lesson.id")
      .orderBy("swimmer.createdAt")
      .orderBy("swimmer.id");
  },
);

export const lessonsOfInstructorOn = (db: Db, instructorId: string, date: string) =>
  lessonRows(db, { instructorId, date });

export async function findLessonRecord(db: Db, lessonId: number): Promise<LessonRecordRow | undefined> {
  return (await lessonRows(db, { lessonId }))[0];
}

/**
 * Holds the lesson row until the caller's transaction ends on PostgreSQL (`SELECT … FOR UPDATE`): a booking edit
 * that would delete or move it waits for the save, or the save for it. SQLite needs none: its one connection runs
 * one transaction at a time (docs/decisions/010).
 */
export async function lockLesson(trx: Db, lessonId: number): Promise<void> {
  if (!isPostgres(trx)) return;
  await trx.selectFrom("lesson").select("id").where("id", "=", lessonId).forUpdate().execute();
}

/**
 * The instructor's lessons before `today` with a swimmer whose attendance is not recorded, newest first. Read
 * backwards along lesson_instructorId_date_idx, each lesson tested through lessonSwimmer's primary key: the scan
 * stops at the `limit`th unrecorded lesson.
 */
export async function unrecordedLessonsOf(
  db: Db,
  instructorId: string,
  today: string,
  limit: number,
): Promise<{ lessonId: number; date: string; startTime: string | null; householdName: string }[]> {
  const rows = await unrecordedLessonsRead(db, { instructorId, today, limit });
  return rows.map((row) => ({
    lessonId: row.id,
    date: row.date,
    startTime: row.startTime,
    householdName: `${row.householdFirst} ${row.householdLast}`.trim(),
  }));
}
const unrecordedLessonsRead = compiledOnce(
  (db, value: CallValue<{ instructorId: string; today: string; limit: number }>) =>
    db
      .selectFrom("lesson")
      .innerJoin("client", "client.id", "lesson.clientId")
      .select([
        "lesson.id",
        "lesson.date",
        "lesson.startTime",
        "client.firstName as householdFirst",
        "client.lastName as householdLast",
      ])
      .where("lesson.instructorId", "=", value("instructorId"))
      .where("lesson.date", "<", value("today"))
      // A cancelled class has nothing to record.
      .where("lesson.cancelledAt", "is", null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("lessonSwimmer")
            .select("lessonSwimmer.lessonId")
            .whereRef("lessonSwimmer.lessonId", "=", "lesson.id")
            .where("lessonSwimmer.attendance", "is", null),
        ),
      )
      .orderBy("lesson.date", "desc")
      .orderBy(sql`case when ${sql.ref("lesson.startTime")} is null then 0 else 1 end`, "desc")
      .orderBy("lesson.startTime", "desc")
      .orderBy("lesson.id", "desc")
      .limit(value("limit")),
);

/** One swimmer's attendance and feedback in a lesson, each with its own moment when it changes. */
export async function recordSwimmer(
  trx: Db,
  participant: { lessonId: number; swimmerId: string },
  change: { attendance?: Attendance | null; feedback?: string | null },
  now: string,
): Promise<void> {
  const set = {
    ...(change.attendance !== undefined ? { attendance: change.attendance, attendanceUpdatedAt: now } : {}),
    ...(change.feedback !== undefined ? { feedback: change.feedback, feedbackUpdatedAt: now } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await trx
    .updateTable("lessonSwimmer")
    .set(set)
    .where("lessonId", "=", participant.lessonId)
    .where("swimmerId", "=", participant.swimmerId)
    .execute();
}

export interface RecordKeyRow {
  key: string;
  userId: string;
  lessonId: number;
  response: string;
}

export async function findRecordKey(db: Db, key: string): Promise<RecordKeyRow | undefined> {
  return db
    .selectFrom("lessonRecordKey")
    .select(["key", "userId", "lessonId", "response"])
    .where("key", "=", key)
    .executeTakeFirst();
}

/**
 * Claims the key for this save, first thing in its transaction: true when this save holds it now. On PostgreSQL a
 * second save with the key waits here (the primary key's index) until the first commits, then finds it taken; on
 * SQLite the transactions already run one at a time. The answer is written later in the same transaction.
 */
export async function claimRecordKey(
  trx: Db,
  claim: { key: string; userId: string; lessonId: number; createdAt: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("lessonRecordKey")
    .values({ ...claim, response: "" })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .returning("key")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setRecordAnswer(trx: Db, key: string, response: string): Promise<void> {
  await trx.updateTable("lessonRecordKey").set({ response }).where("key", "=", key).execute();
}

/** One lesson of a swimmer, as "not assessed in N lessons" counts them. */
export interface SwimmerLessonRow {
  swimmerId: string;
  lessonId: number;
  date: string;
  startTime: string | null;
  attendance: Attendance | null;
}

/**
 * Every lesson of these swimmers up to `lastDate` that was not cancelled (a class that did not take place is none a
 * skill could be assessed in), in one query (lessonSwimmer_swimmerId_idx).
 */
export async function lessonsOfSwimmers(
  db: Db,
  swimmerIds: readonly string[],
  lastDate: string,
): Promise<SwimmerLessonRow[]> {
  if (swimmerIds.length === 0) return [];
  const rows = await lessonsOfSwimmersRead(db, { swimmerIds, lastDate });
  return rows.map((row) => ({ ...row, lessonId: Number(row.lessonId), attendance: row.attendance ?? null }));
}
const lessonsOfSwimmersRead = compiledOnce(
  (db, value: CallValue<{ swimmerIds: readonly string[]; lastDate: string }>) =>
    db
      .selectFrom("lessonSwimmer")
      .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
      .select([
        "lessonSwimmer.swimmerId",
        "lesson.id as lessonId",
        "lesson.date",
        "lesson.startTime",
        "lessonSwimmer.attendance",
      ])
      .where("lessonSwimmer.swimmerId", "in", value("swimmerIds"))
      .where("lesson.date", "<=", value("lastDate"))
      .where("lesson.cancelledAt", "is", null),
);
