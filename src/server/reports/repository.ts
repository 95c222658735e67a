import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { periodIndexOf } from "../db/portable.ts";

/**
 * The reports' counts by month (issue 30, docs/decisions/035), read from the tables of the features that write them;
 * it writes nothing. Lesson days are school days already (their month is their first 7 characters); moments
 * (assessments, level results) are counted by the school's months through `boundaries`. Plans are counted by their
 * owner (plans/service.ts).
 */

const monthOfDay = sql<string>`substr(${sql.ref("lesson.date")}, 1, 7)`;

/** Lessons taught (not cancelled, before `today`) in [fromDay, toDay], by month and instructor. */
export async function classesByInstructor(
  db: Db,
  range: { fromDay: string; toDay: string; today: string },
): Promise<{ month: string; instructorId: string | null; instructorName: string | null; classes: number }[]> {
  const rows = await db
    .selectFrom("lesson")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select((eb) => [
      monthOfDay.as("month"),
      "lesson.instructorId",
      "instructor.name as instructorName",
      eb.fn.countAll<number>().as("classes"),
    ])
    .where("lesson.date", ">=", range.fromDay)
    .where("lesson.date", "<=", range.toDay)
    .where("lesson.date", "<", range.today)
    .where("lesson.cancelledAt", "is", null)
    .groupBy([monthOfDay, "lesson.instructorId", "instructor.name"])
    .orderBy("month")
    .orderBy("instructor.name")
    .orderBy("lesson.instructorId")
    .execute();
  return rows.map((row) => ({
    month: row.month,
    instructorId: row.instructorId,
    instructorName: row.instructorName ?? null,
    classes: Number(row.classes),
  }));
}

/**
 * By month, over lessons before `today`: lessons on the calendar and those cancelled; in the others, swimmers whose
 * attendance was recorded (a class the school called off for them left out) and those who came (present or late).
 */
export async function attendanceByMonth(
  db: Db,
  range: { fromDay: string; toDay: string; today: string },
): Promise<{ month: string; lessons: number; cancelled: number; recorded: number; attended: number }[]> {
  const lessons = await db
    .selectFrom("lesson")
    .select((eb) => [
      monthOfDay.as("month"),
      eb.fn.countAll<number>().as("lessons"),
      eb.fn.count<number>("lesson.cancelledAt").as("cancelled"),
    ])
    .where("lesson.date", ">=", range.fromDay)
    .where("lesson.date", "<=", range.toDay)
    .where("lesson.date", "<", range.today)
    .groupBy(monthOfDay)
    .execute();
  const swimmers = await db
    .selectFrom("lesson")
    .innerJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .select((eb) => [
      monthOfDay.as("month"),
      eb.fn.countAll<number>().as("recorded"),
      eb.fn
        .sum<number>(
          sql`case when ${sql.ref("lessonSwimmer.attendance")} in ('present', 'late') then 1 else 0 end`,
        )
        .as("attended"),
    ])
    .where("lesson.date", ">=", range.fromDay)
    .where("lesson.date", "<=", range.toDay)
    .where("lesson.date", "<", range.today)
    .where("lesson.cancelledAt", "is", null)
    .where("lessonSwimmer.attendance", "in", ["present", "late", "absent"])
    .groupBy(monthOfDay)
    .execute();
  const byMonth = new Map<
    string,
    { lessons: number; cancelled: number; recorded: number; attended: number }
  >();
  for (const row of lessons) {
    byMonth.set(row.month, {
      lessons: Number(row.lessons),
      cancelled: Number(row.cancelled),
      recorded: 0,
      attended: 0,
    });
  }
  for (const row of swimmers) {
    const month = byMonth.get(row.month) ?? { lessons: 0, cancelled: 0, recorded: 0, attended: 0 };
    month.recorded = Number(row.recorded);
    month.attended = Number(row.attended ?? 0);
    byMonth.set(row.month, month);
  }
  return [...byMonth].map(([month, counts]) => ({ month, ...counts }));
}

/**
 * Per period of `boundaries`: skills first rated mastered (a swimmer's first mastered rating of a skill, on any
 * scale version) and levels passed.
 */
export async function progressByPeriod(
  db: Db,
  boundaries: readonly string[],
): Promise<{ skillsMastered: number; levelsPassed: number }[]> {
  const result = Array.from({ length: Math.max(0, boundaries.length - 1) }, () => ({
    skillsMastered: 0,
    levelsPassed: 0,
  }));
  if (result.length === 0) return result;
  const first = boundaries[0] as string;
  const last = boundaries[boundaries.length - 1] as string;
  const firstMastered = db
    .selectFrom("assessment")
    .innerJoin("ratingScaleRating", "ratingScaleRating.id", "assessment.ratingId")
    .select((eb) => eb.fn.min("assessment.at").as("at"))
    .where("ratingScaleRating.mastered", "=", 1)
    .groupBy(["assessment.swimmerId", "assessment.skillId"])
    .as("mastered");
  const mastered = await db
    .selectFrom(firstMastered)
    .select((eb) => [
      periodIndexOf(sql.ref("mastered.at"), boundaries).as("period"),
      eb.fn.countAll<number>().as("n"),
    ])
    .where("mastered.at", ">=", first)
    .where("mastered.at", "<", last)
    .groupBy(sql.ref("period"))
    .execute();
  for (const row of mastered) {
    const period = result[Number(row.period)];
    if (period) period.skillsMastered = Number(row.n);
  }
  const passedAt = periodIndexOf(sql.ref("levelResult.passedAt"), boundaries);
  const passed = await db
    .selectFrom("levelResult")
    .select((eb) => [passedAt.as("period"), eb.fn.countAll<number>().as("n")])
    .where("levelResult.passedAt", ">=", first)
    .where("levelResult.passedAt", "<", last)
    // By the output column: PostgreSQL sees the CASE in GROUP BY, with its own parameters, as another expression.
    .groupBy(sql.ref("period"))
    .execute();
  for (const row of passed) {
    const period = result[Number(row.period)];
    if (period) period.levelsPassed = Number(row.n);
  }
  return result;
}

export interface ClientExportRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  defaultPackType: string | null;
  createdAt: string;
  swimmers: number;
}

/** Every household, by name: the clients list's rows for its CSV export. */
export async function clientRows(db: Db): Promise<ClientExportRow[]> {
  const rows = await db
    .selectFrom("client")
    .select((eb) => [
      "client.id",
      "client.firstName",
      "client.lastName",
      "client.email",
      "client.phoneNumber",
      "client.address",
      "client.defaultPackType",
      "client.createdAt",
      eb
        .selectFrom("swimmer")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("swimmer.clientId", "=", "client.id")
        .as("swimmers"),
    ])
    .orderBy("client.lastName")
    .orderBy("client.firstName")
    .orderBy("client.id")
    .execute();
  return rows.map((row) => ({ ...row, swimmers: Number(row.swimmers ?? 0) }));
}

export interface BookingExportRow {
  bookingId: number;
  householdName: string;
  title: string;
  date: string;
  startTime: string | null;
  instructorName: string | null;
  cancelled: boolean;
  paid: boolean;
}

/** Every booked class (one row per lesson), newest first: the bookings list's rows for its CSV export. */
export async function bookingRows(db: Db): Promise<BookingExportRow[]> {
  const rows = await db
    .selectFrom("lesson")
    .innerJoin("booking", "booking.id", "lesson.bookingId")
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "booking.id as bookingId",
      "booking.title",
      "booking.paid",
      "client.firstName",
      "client.lastName",
      "lesson.date",
      "lesson.startTime",
      "lesson.cancelledAt",
      "instructor.name as instructorName",
    ])
    .orderBy("lesson.date", "desc")
    .orderBy("lesson.startTime", "desc")
    .orderBy("lesson.id", "desc")
    .execute();
  return rows.map((row) => ({
    bookingId: row.bookingId,
    householdName: `${row.firstName} ${row.lastName}`.trim(),
    title: row.title,
    date: row.date,
    startTime: row.startTime,
    instructorName: row.instructorName ?? null,
    cancelled: row.cancelledAt !== null,
    paid: row.paid === 1,
  }));
}
