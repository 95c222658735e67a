import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * An instructor's weekly hours and time off (issue 27, docs/decisions/024). Two new tables, both empty after the
 * migration: an instructor with no weekly hours is available any time, so every school and owner keeps booking as
 * before until someone sets hours. Nothing existing is touched. A staff account that goes takes its hours and time
 * off with it.
 * - `instructorWeeklyHours`: spans of an ISO weekday (1 Monday … 7 Sunday), "HH:MM" to "HH:MM" ("24:00": midnight).
 * - `instructorTimeOff`: days from `firstDay` to `lastDay` (YYYY-MM-DD, both included), with an optional reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("instructorWeeklyHours"))
    .addColumn("instructorId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("weekday", "integer", (col) =>
      col.notNull().modifyEnd(sql.raw(`check ("weekday" between 1 and 7)`)),
    )
    .addColumn("fromTime", "text", (col) => col.notNull())
    .addColumn("toTime", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("instructorWeeklyHours_instructorId_idx")
    .on("instructorWeeklyHours")
    .column("instructorId")
    .execute();
  await withIdColumn(db, db.schema.createTable("instructorTimeOff"))
    .addColumn("instructorId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("firstDay", "text", (col) => col.notNull())
    .addColumn("lastDay", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("instructorTimeOff_instructorId_lastDay_idx")
    .on("instructorTimeOff")
    .columns(["instructorId", "lastDay"])
    .execute();
}
