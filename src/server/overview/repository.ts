import { sql } from "kysely";
import type {
  ActionList,
  ExpiringCreditItem,
  FailedMailItem,
  MissingFeedbackItem,
  OverviewLesson,
} from "../../domain/reports.ts";
import type { Db } from "../db/database.ts";

/**
 * The overview's counts (issue 30, docs/decisions/035), each one query, read from the tables of the features that
 * write them (lessons, their swimmers, credits, the outbox); it writes nothing. Plans are counted by their owner
 * (plans/service.ts). `instructorId` null: the whole school; set: that instructor's lessons only.
 */

const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

export interface LessonOfDay extends OverviewLesson {
  instructorId: string | null;
  instructorName: string | null;
}

/** The day's lessons (cancelled ones too, marked), with their swimmers counted and the ones not recorded yet. */
export async function lessonsOn(db: Db, date: string, instructorId: string | null): Promise<LessonOfDay[]> {
  let query = db
    .selectFrom("lesson")
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select((eb) => [
      "lesson.id",
      "lesson.startTime",
      "lesson.clientId",
      "lesson.cancelledAt",
      "lesson.instructorId",
      "instructor.name as instructorName",
      "client.firstName",
      "client.lastName",
      eb
        .selectFrom("lessonSwimmer")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("lessonSwimmer.lessonId", "=", "lesson.id")
        .as("swimmers"),
      eb
        .selectFrom("lessonSwimmer")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("lessonSwimmer.lessonId", "=", "lesson.id")
        .where("lessonSwimmer.attendance", "is", null)
        .as("unrecorded"),
    ])
    .where("lesson.date", "=", date);
  if (instructorId !== null) query = query.where("lesson.instructorId", "=", instructorId);
  const rows = await query
    .orderBy("instructor.name")
    .orderBy("lesson.instructorId")
    .orderBy(sql`case when ${sql.ref("lesson.startTime")} is null then 1 else 0 end`)
    .orderBy("lesson.startTime")
    .orderBy("lesson.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startTime: row.startTime,
    clientId: row.clientId,
    householdName: nameOf(row.firstName, row.lastName),
    swimmers: Number(row.swimmers ?? 0),
    unrecorded: row.cancelledAt === null ? Number(row.unrecorded ?? 0) : 0,
    cancelled: row.cancelledAt !== null,
    instructorId: row.instructorId,
    instructorName: row.instructorName ?? null,
  }));
}

/** Classes taught from `from` up to the day before `today`: lessons on those days not cancelled. */
export async function classesTaught(
  db: Db,
  range: { from: string; today: string },
  instructorId: string | null,
): Promise<number> {
  let query = db
    .selectFrom("lesson")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("lesson.date", ">=", range.from)
    .where("lesson.date", "<", range.today)
    .where("lesson.cancelledAt", "is", null);
  if (instructorId !== null) query = query.where("lesson.instructorId", "=", instructorId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/**
 * Past lessons (from `from` to the day before `today`, not cancelled) with a swimmer who came or whose attendance is not recorded and whose
 * feedback is not written: the total, and the newest `limit`.
 */
export async function lessonsMissingFeedback(
  db: Db,
  options: { from: string; today: string; instructorId: string | null; limit: number },
): Promise<ActionList<MissingFeedbackItem>> {
  // Counted without the names, then the newest few read backwards along the date index, which stops at `limit`.
  const missing = (query: ReturnType<typeof pastLessons>) =>
    query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("lessonSwimmer")
          .select("lessonSwimmer.lessonId")
          .whereRef("lessonSwimmer.lessonId", "=", "lesson.id")
          .where((w) => w.or([w("lessonSwimmer.feedback", "is", null), w("lessonSwimmer.feedback", "=", "")]))
          .where((w) =>
            w.or([
              w("lessonSwimmer.attendance", "is", null),
              w("lessonSwimmer.attendance", "in", ["present", "late"]),
            ]),
          ),
      ),
    );
  const pastLessons = (base: Db) => {
    let query = base
      .selectFrom("lesson")
      .where("lesson.date", ">=", options.from)
      .where("lesson.date", "<", options.today)
      .where("lesson.cancelledAt", "is", null);
    if (options.instructorId !== null) query = query.where("lesson.instructorId", "=", options.instructorId);
    return query;
  };
  const counted = await missing(pastLessons(db))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  const rows = await missing(pastLessons(db))
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.date",
      "lesson.startTime",
      "lesson.clientId",
      "lesson.instructorId",
      "instructor.name as instructorName",
      "client.firstName",
      "client.lastName",
    ])
    .orderBy("lesson.date", "desc")
    .orderBy("lesson.startTime", "desc")
    .orderBy("lesson.id", "desc")
    .limit(options.limit)
    .execute();
  return {
    total: Number(counted?.n ?? 0),
    items: rows.map((row) => ({
      lessonId: row.id,
      date: row.date,
      startTime: row.startTime,
      clientId: row.clientId,
      householdName: nameOf(row.firstName, row.lastName),
      instructorId: row.instructorId,
      instructorName: row.instructorName ?? null,
    })),
  };
}

/** Credits neither redeemed nor voided whose last day is from `from` to `until`: the total, the soonest `limit`. */
export async function creditsExpiring(
  db: Db,
  options: { from: string; until: string; limit: number },
): Promise<ActionList<ExpiringCreditItem>> {
  const rows = await db
    .selectFrom("credit")
    .innerJoin("client", "client.id", "credit.clientId")
    .select([
      "credit.id",
      "credit.clientId",
      "credit.expiresOn",
      "client.firstName",
      "client.lastName",
      sql<number>`count(*) over ()`.as("total"),
    ])
    .where("credit.expiresOn", ">=", options.from)
    .where("credit.expiresOn", "<=", options.until)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("creditEvent")
            .select("creditEvent.id")
            .whereRef("creditEvent.creditId", "=", "credit.id"),
        ),
      ),
    )
    .orderBy("credit.expiresOn")
    .orderBy("credit.id")
    .limit(options.limit)
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      creditId: row.id,
      clientId: row.clientId,
      householdName: nameOf(row.firstName, row.lastName),
      expiresOn: row.expiresOn,
    })),
  };
}

/** Mail that failed every try (the outbox's `failed`): the total, and the newest `limit`. */
export async function failedMail(db: Db, limit: number): Promise<ActionList<FailedMailItem>> {
  const rows = await db
    .selectFrom("mailOutbox")
    .select(["id", "toAddress", "subject", "createdAt", sql<number>`count(*) over ()`.as("total")])
    .where("status", "=", "failed")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      toAddress: row.toAddress,
      subject: row.subject,
      createdAt: row.createdAt,
    })),
  };
}
