import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * Moving a lesson to another time (issue 29, docs/decisions/033).
 * - `lessonReschedule`: one row per request a family makes: the lesson, the time it was at (`fromDate`,
 *   `fromStartTime`) and the free time asked for (`toDate`, `toStartTime`), who asked and when, and how it ended:
 *   `status` pending, accepted, declined or withdrawn, with who decided and when. A request leaves "pending" once and
 *   never changes again (a conditional UPDATE); a unique index over the pending rows of a lesson makes "one request
 *   waiting per lesson" a fact of the database. The accepted rows are the lesson's moves, never rewritten.
 * - `lesson.rescheduledAt`, `rescheduledByUserId`, `rescheduledFromDate`, `rescheduledFromStartTime`: the lesson's
 *   latest move, what /today and Booking Details show (null: never moved). Written with the move; the full history
 *   is the accepted requests.
 * - `schoolSettings.automaticReschedules`: 1 when a chosen free time moves the class at once, 0 (the default) when
 *   the owner or the instructor accepts it. A school with no saved settings reads as 0.
 * Every lesson comes through never moved; no request exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("lessonReschedule"))
    .addColumn("lessonId", "integer", (col) => col.notNull().references("lesson.id").onDelete("cascade"))
    .addColumn("fromDate", "text", (col) => col.notNull())
    .addColumn("fromStartTime", "text")
    .addColumn("toDate", "text", (col) => col.notNull())
    .addColumn("toStartTime", "text", (col) => col.notNull())
    .addColumn("requestedByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("requestedAt", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("pending")
        .modifyEnd(sql.raw(`check ("status" in ('pending', 'accepted', 'declined', 'withdrawn'))`)),
    )
    .addColumn("decidedByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("decidedAt", "text")
    .execute();
  await db.schema
    .createIndex("lessonReschedule_pending_lessonId_key")
    .on("lessonReschedule")
    .column("lessonId")
    .unique()
    .where(sql.ref("status"), "=", "pending")
    .execute();
  await db.schema
    .createIndex("lessonReschedule_lessonId_status_idx")
    .on("lessonReschedule")
    .columns(["lessonId", "status"])
    .execute();
  await db.schema
    .createIndex("lessonReschedule_status_idx")
    .on("lessonReschedule")
    .column("status")
    .execute();

  await db.schema.alterTable("lesson").addColumn("rescheduledAt", "text").execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("rescheduledByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("lesson").addColumn("rescheduledFromDate", "text").execute();
  await db.schema.alterTable("lesson").addColumn("rescheduledFromStartTime", "text").execute();

  await db.schema
    .alterTable("schoolSettings")
    .addColumn("automaticReschedules", "integer", (col) =>
      col.notNull().defaultTo(0).modifyEnd(sql.raw(`check ("automaticReschedules" in (0, 1))`)),
    )
    .execute();
}
