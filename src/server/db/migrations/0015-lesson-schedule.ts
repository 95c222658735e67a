import { type Kysely, sql } from "kysely";

/**
 * Each lesson gets a start time and an instructor (issue 27, docs/decisions/021).
 * - `startTime`: "HH:MM" in the school's time zone; a class lasts 30 minutes (spec §9). Null: "time to be set",
 *   as every lesson booked before this release is (nobody wrote a time down).
 * - `instructorId`: who teaches it, a user. Every existing lesson was taught by the school's owner: the admin
 *   account created first (the one start-up made from ADMIN_EMAIL). Deleting an account leaves its lessons with no
 *   instructor rather than deleting the family's history.
 * The overlap rule (one instructor, one lesson at a time) is checked by the bookings service under a lock on the
 * instructor's row; the index below serves it (an instructor's lessons of a day) and the instructor's own lists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lesson").addColumn("startTime", "text").execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("instructorId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  // The owner: the earliest admin (a role may list several, comma-separated, as better-auth's admin plugin allows).
  await sql`update "lesson" set "instructorId" = (
      select "id" from "user"
      where ',' || replace(coalesce("role", ''), ' ', '') || ',' like '%,admin,%'
      order by "createdAt", "id"
      limit 1
    )`.execute(db);
  await db.schema
    .createIndex("lesson_instructorId_date_idx")
    .on("lesson")
    .columns(["instructorId", "date"])
    .execute();
}
