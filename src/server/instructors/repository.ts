import { sql } from "kysely";
import { normalizeEmail } from "../../domain/fields.ts";
import type { TimeOff, Weekday, WeeklySpan } from "../../domain/instructor-availability.ts";
import type { StaffMember } from "../../domain/lesson-schedule.ts";
import type { Db } from "../db/database.ts";
import { isPostgres } from "../db/portable.ts";

/** Whether a stored role (a comma-separated list) names `role`. */
const hasRole = (stored: string | null, role: string) =>
  (stored ?? "").split(",").some((part) => part.trim() === role);

/** Whether any account (staff or client) has this email. */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Who may teach a lesson: the school's staff, the owner's accounts (stored role "admin": the owner teaches too) and
 * the instructors (stored role "instructor"; docs/decisions/021). A role may list several, comma-separated
 * (better-auth's admin plugin), so the match is on a whole item of the list.
 */
const roleListed = (role: string) =>
  sql<boolean>`',' || replace(coalesce("role", ''), ' ', '') || ',' like ${`%,${role},%`}`;
const isStaff = sql<boolean>`(${roleListed("admin")} or ${roleListed("instructor")})`;

const toMember = (row: { id: string; name: string; email: string; role: string | null }): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  owner: hasRole(row.role, "admin"),
});

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "name", "email", "role"])
    .where(isStaff)
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", 0 as never)]))
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toMember);
}

export async function findStaff(db: Db, userId: string): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["id", "name", "email", "role"])
    .where("id", "=", userId)
    .where(isStaff)
    .executeTakeFirst();
  return row && toMember(row);
}

/** Whether the instructor teaches a lesson of household `clientId`: what lets them read that household. */
export async function teachesHousehold(db: Db, instructorId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom("lesson")
    .select("id")
    .where("instructorId", "=", instructorId)
    .where("clientId", "=", clientId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the instructor teaches a lesson swimmer `swimmerId` is in: what lets them place that swimmer. */
export async function teachesSwimmer(db: Db, instructorId: string, swimmerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("lessonSwimmer")
    .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
    .select("lesson.id")
    .where("lessonSwimmer.swimmerId", "=", swimmerId)
    .where("lesson.instructorId", "=", instructorId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The staff account's weekly hours, by weekday then start. */
export async function weeklyHoursOf(db: Db, instructorId: string): Promise<WeeklySpan[]> {
  const rows = await db
    .selectFrom("instructorWeeklyHours")
    .select(["weekday", "fromTime", "toTime"])
    .where("instructorId", "=", instructorId)
    .orderBy("weekday")
    .orderBy("fromTime")
    .execute();
  return rows.map((row) => ({ weekday: row.weekday as Weekday, from: row.fromTime, to: row.toTime }));
}

/** The weekly hours become `spans` (none: available any time). */
export async function replaceWeeklyHours(
  trx: Db,
  instructorId: string,
  spans: readonly WeeklySpan[],
): Promise<void> {
  await trx.deleteFrom("instructorWeeklyHours").where("instructorId", "=", instructorId).execute();
  if (spans.length === 0) return;
  await trx
    .insertInto("instructorWeeklyHours")
    .values(
      spans.map((span) => ({
        instructorId,
        weekday: span.weekday,
        fromTime: span.from,
        toTime: span.to,
      })),
    )
    .execute();
}

/** The time off ending on or after `fromDay` (and, with `toDay`, starting by it), earliest first. */
export async function timeOffOf(
  db: Db,
  instructorId: string,
  fromDay: string,
  toDay?: string,
): Promise<TimeOff[]> {
  let query = db
    .selectFrom("instructorTimeOff")
    .select(["id", "firstDay", "lastDay", "reason"])
    .where("instructorId", "=", instructorId)
    .where("lastDay", ">=", fromDay);
  if (toDay !== undefined) query = query.where("firstDay", "<=", toDay);
  return query.orderBy("firstDay").orderBy("id").execute();
}

export async function insertTimeOff(
  trx: Db,
  instructorId: string,
  off: { firstDay: string; lastDay: string; reason: string },
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto("instructorTimeOff")
    .values({ instructorId, ...off, createdAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether a time off of this instructor with this id was there to delete. */
export async function deleteTimeOff(trx: Db, instructorId: string, timeOffId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom("instructorTimeOff")
    .where("id", "=", timeOffId)
    .where("instructorId", "=", instructorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A staff account's display name: what families read as "with …". */
export async function renameUser(db: Db, userId: string, name: string, now: string): Promise<void> {
  await db.updateTable("user").set({ name, updatedAt: now }).where("id", "=", userId).execute();
}

/**
 * Holds the instructor's schedule until the caller's transaction ends, so two saves for one instructor check their
 * overlaps one after the other. PostgreSQL: a transaction-scoped advisory lock on the instructor's id (the user row
 * itself stays free for sign-ins). SQLite needs none: its one connection runs one transaction at a time
 * (docs/decisions/010). Weekly hours and time off are written under it too (docs/decisions/024).
 */
export async function lockInstructorSchedule(trx: Db, instructorId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`instructor-schedule:${instructorId}`}, 0))`.execute(
    trx,
  );
}
