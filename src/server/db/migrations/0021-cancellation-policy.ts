import { type Kysely, sql } from "kysely";
import { isPostgres } from "../portable.ts";

/**
 * The school's cancellation policy, versioned (issue 29, docs/decisions/029).
 * - `cancellationPolicy`: one row per version, never updated: an owner's edit writes the next version. Version 1 is
 *   the default policy (domain/policy.ts `defaultPolicy`, written out here: a landed migration never changes when
 *   the code's default does).
 * - `lesson.policyVersion`: the version a lesson was booked under; every lesson booked before this release gets 1,
 *   the policy the school had (none written down, so the default). Required from now on: PostgreSQL says NOT NULL;
 *   SQLite cannot add a NOT NULL column with a foreign key to a table with rows, so two triggers refuse a lesson
 *   without one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("cancellationPolicy")
    .addColumn("version", "integer", (col) => col.notNull().primaryKey())
    .addColumn("noticeHours", "integer", (col) => col.notNull())
    .addColumn("lateCancellation", "text", (col) =>
      col.notNull().check(sql`"lateCancellation" in ('class-used', 'credit')`),
    )
    .addColumn("reschedulesPerPackage", "integer", (col) => col.notNull())
    .addColumn("creditExpiryDays", "integer", (col) => col.notNull())
    .addColumn("creditsSharedBy", "text", (col) =>
      col.notNull().check(sql`"creditsSharedBy" in ('household', 'swimmer')`),
    )
    .addColumn("weatherNoticeHours", "integer", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("createdByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db
    .insertInto("cancellationPolicy")
    .values({
      version: 1,
      noticeHours: 24,
      lateCancellation: "class-used",
      reschedulesPerPackage: 2,
      creditExpiryDays: 60,
      creditsSharedBy: "household",
      weatherNoticeHours: 3,
      createdAt: new Date().toISOString(),
      createdByUserId: null,
    })
    .execute();

  await db.schema
    .alterTable("lesson")
    .addColumn("policyVersion", "integer", (col) => col.references("cancellationPolicy.version"))
    .execute();
  await db.updateTable("lesson").set({ policyVersion: 1 }).execute();
  if (isPostgres(db)) {
    await sql`alter table "lesson" alter column "policyVersion" set not null`.execute(db);
  } else {
    await sql`create trigger "lesson_policyVersion_insert" before insert on "lesson"
      when new."policyVersion" is null
      begin select raise(abort, 'NOT NULL constraint failed: lesson.policyVersion'); end`.execute(db);
    await sql`create trigger "lesson_policyVersion_update" before update of "policyVersion" on "lesson"
      when new."policyVersion" is null
      begin select raise(abort, 'NOT NULL constraint failed: lesson.policyVersion'); end`.execute(db);
  }
}
