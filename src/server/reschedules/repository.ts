import type { RescheduleRequest, RescheduleStatus } from "../../domain/reschedules.ts";
import type { Db } from "../db/database.ts";

/** A lesson as a reschedule reads it, with its instructor's mail details. */
export interface LessonToMove {
  id: number;
  clientId: string;
  bookingId: number;
  planId: number;
  date: string;
  startTime: string | null;
  policyVersion: number;
  cancelledAt: string | null;
  instructorId: string | null;
  instructorEmail: string | null;
  instructorName: string | null;
  instructorLocale: string | null;
}

const lessonColumns = [
  "lesson.id",
  "lesson.clientId",
  "lesson.bookingId",
  "lesson.planId",
  "lesson.date",
  "lesson.startTime",
  "lesson.policyVersion",
  "lesson.cancelledAt",
  "lesson.instructorId",
  "instructor.email as instructorEmail",
  "instructor.name as instructorName",
  "instructor.locale as instructorLocale",
] as const;

/** The lesson, or undefined; with `clientId`, only that household's (another household's is none). */
export async function findLesson(
  db: Db,
  lessonId: number,
  clientId?: string,
): Promise<LessonToMove | undefined> {
  let query = db
    .selectFrom("lesson")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select(lessonColumns)
    .where("lesson.id", "=", lessonId);
  if (clientId !== undefined) query = query.where("lesson.clientId", "=", clientId);
  return query.executeTakeFirst();
}

/** The household's lesson days from `firstDay` to `lastDay` (a household has one lesson a day). */
export async function householdDaysBetween(
  db: Db,
  clientId: string,
  firstDay: string,
  lastDay: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom("lesson")
    .select("date")
    .where("clientId", "=", clientId)
    .where("date", ">=", firstDay)
    .where("date", "<=", lastDay)
    .execute();
  return rows.map((row) => row.date);
}

/**
 * The plan's moves: accepted requests, and requests waiting (of lessons not cancelled), of its lessons dated from
 * `fromDay` on (its current period's, as its classes count them).
 */
export async function planMoveCounts(
  db: Db,
  planId: number,
  fromDay: string,
): Promise<{ moved: number; waiting: number }> {
  const rows = await db
    .selectFrom("lessonReschedule")
    .innerJoin("lesson", "lesson.id", "lessonReschedule.lessonId")
    .select(["lessonReschedule.status", (eb) => eb.fn.countAll<string | number>().as("count")])
    .where("lesson.planId", "=", planId)
    .where("lesson.date", ">=", fromDay)
    .where((eb) =>
      eb.or([
        eb("lessonReschedule.status", "=", "accepted"),
        eb.and([eb("lessonReschedule.status", "=", "pending"), eb("lesson.cancelledAt", "is", null)]),
      ]),
    )
    .groupBy("lessonReschedule.status")
    .execute();
  const count = (status: RescheduleStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { moved: count("accepted"), waiting: count("pending") };
}

const requestQuery = (db: Db) =>
  db
    .selectFrom("lessonReschedule")
    .leftJoin("user as requester", "requester.id", "lessonReschedule.requestedByUserId")
    .leftJoin("user as decider", "decider.id", "lessonReschedule.decidedByUserId")
    .select([
      "lessonReschedule.id",
      "lessonReschedule.lessonId",
      "lessonReschedule.fromDate",
      "lessonReschedule.fromStartTime",
      "lessonReschedule.toDate",
      "lessonReschedule.toStartTime",
      "lessonReschedule.status",
      "lessonReschedule.requestedAt",
      "lessonReschedule.decidedAt",
      "requester.name as requestedBy",
      "decider.name as decidedBy",
    ]);

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>["executeTakeFirstOrThrow"]>>;

const toRequest = (row: RequestRow): RescheduleRequest => ({
  id: row.id,
  lessonId: row.lessonId,
  from: { date: row.fromDate, startTime: row.fromStartTime },
  to: { date: row.toDate, startTime: row.toStartTime },
  status: row.status,
  requestedBy: row.requestedBy,
  requestedAt: row.requestedAt,
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt,
});

export async function findRequest(db: Db, requestId: number): Promise<RescheduleRequest | undefined> {
  const row = await requestQuery(db).where("lessonReschedule.id", "=", requestId).executeTakeFirst();
  return row && toRequest(row);
}

/** The request waiting for this lesson, if any (at most one: a unique index). */
export async function pendingOfLesson(db: Db, lessonId: number): Promise<RescheduleRequest | undefined> {
  const row = await requestQuery(db)
    .where("lessonReschedule.lessonId", "=", lessonId)
    .where("lessonReschedule.status", "=", "pending")
    .executeTakeFirst();
  return row && toRequest(row);
}

/** The household's requests waiting, of lessons not cancelled (Booking Details marks those lessons). */
export async function pendingOfHousehold(db: Db, clientId: string): Promise<RescheduleRequest[]> {
  const rows = await requestQuery(db)
    .innerJoin("lesson", "lesson.id", "lessonReschedule.lessonId")
    .where("lesson.clientId", "=", clientId)
    .where("lesson.cancelledAt", "is", null)
    .where("lessonReschedule.status", "=", "pending")
    .orderBy("lessonReschedule.requestedAt")
    .execute();
  return rows.map(toRequest);
}

/** A new request, waiting. A second one waiting for the lesson is refused by the unique index (the caller's 409). */
export async function insertRequest(
  trx: Db,
  request: {
    lessonId: number;
    fromDate: string;
    fromStartTime: string | null;
    toDate: string;
    toStartTime: string;
    requestedByUserId: string;
    requestedAt: string;
  },
): Promise<number> {
  const { id } = await trx
    .insertInto("lessonReschedule")
    .values({ ...request, status: "pending" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The request leaves "pending" for `status`, unless it already has: whether this call decided it (of two decisions
 * at once, one does; on PostgreSQL the second waits for the first's row lock and then finds it decided).
 */
export async function decideRequest(
  trx: Db,
  requestId: number,
  decision: { status: Exclude<RescheduleStatus, "pending">; decidedByUserId: string; decidedAt: string },
): Promise<boolean> {
  const result = await trx
    .updateTable("lessonReschedule")
    .set(decision)
    .where("id", "=", requestId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The lesson's latest move (the full history is its accepted requests). */
export async function recordMove(
  trx: Db,
  lessonId: number,
  move: {
    rescheduledAt: string;
    rescheduledByUserId: string;
    rescheduledFromDate: string;
    rescheduledFromStartTime: string | null;
  },
): Promise<void> {
  await trx.updateTable("lesson").set(move).where("id", "=", lessonId).execute();
}

/** A request waiting, with whom it is for, as the owner's and instructor's lists show it. */
export interface PendingRow extends RescheduleRequest {
  planId: number;
  policyVersion: number;
  householdName: string;
  instructorId: string | null;
  instructor: string | null;
  swimmers: string[];
}

/** The requests waiting, oldest first, of lessons not cancelled; with `instructorId`, that instructor's lessons only. */
export async function pendingRequests(db: Db, instructorId: string | null): Promise<PendingRow[]> {
  let query = requestQuery(db)
    .innerJoin("lesson", "lesson.id", "lessonReschedule.lessonId")
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .select([
      "lesson.planId",
      "lesson.policyVersion",
      "lesson.instructorId",
      "instructor.name as instructor",
      "client.firstName as householdFirst",
      "client.lastName as householdLast",
      "swimmer.firstName as swimmerFirst",
    ])
    .where("lessonReschedule.status", "=", "pending")
    .where("lesson.cancelledAt", "is", null);
  if (instructorId !== null) query = query.where("lesson.instructorId", "=", instructorId);
  const rows = await query
    .orderBy("lessonReschedule.requestedAt")
    .orderBy("lessonReschedule.id")
    .orderBy("swimmer.createdAt")
    .orderBy("swimmer.id")
    .execute();
  const found: PendingRow[] = [];
  for (const row of rows) {
    let request = found[found.length - 1];
    if (request?.id !== row.id) {
      request = {
        ...toRequest(row),
        planId: row.planId,
        policyVersion: row.policyVersion,
        householdName: `${row.householdFirst} ${row.householdLast}`.trim(),
        instructorId: row.instructorId,
        instructor: row.instructor,
        swimmers: [],
      };
      found.push(request);
    }
    if (row.swimmerFirst !== null) request.swimmers.push(row.swimmerFirst);
  }
  return found;
}
