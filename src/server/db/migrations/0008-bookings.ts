import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * Bookings (spec §3) and their class dates. Each booked date is its own `lesson` row, not a list inside the
 * booking: a unique index then holds "a date is booked at most once per client", searches use indexes, and a
 * lesson carries its feedback and its reminder (and later attendance, skills, photos, several swimmers).
 * `classCount`, `amountToPay`, `title` and `firstDate` are kept on the booking, rewritten with its lessons in one
 * transaction, so the admin lists sort and page on indexed columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("booking"))
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("planId", "integer", (col) =>
      col.notNull().references("subscriptionPlan.id").onDelete("cascade"),
    )
    .addColumn("subscriptionId", "text")
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`"status" in ('pending', 'cancelled')`))
    .addColumn("paid", "integer", (col) => col.notNull())
    .addColumn("classCount", "integer", (col) => col.notNull())
    .addColumn("amountToPay", "integer", (col) => col.notNull())
    .addColumn("firstDate", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("booking_clientId_planId_idx")
    .on("booking")
    .columns(["clientId", "planId"])
    .execute();
  await db.schema.createIndex("booking_planId_idx").on("booking").column("planId").execute();
  // Newest first by first date (spec §2), paged.
  await db.schema.createIndex("booking_firstDate_idx").on("booking").columns(["firstDate", "id"]).execute();

  await withIdColumn(db, db.schema.createTable("lesson"))
    .addColumn("bookingId", "integer", (col) => col.notNull().references("booking.id").onDelete("cascade"))
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("planId", "integer", (col) =>
      col.notNull().references("subscriptionPlan.id").onDelete("cascade"),
    )
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("feedback", "text")
    .addColumn("feedbackUpdatedAt", "text")
    // Set once, by the one sender that queues the day-before reminder (a conditional UPDATE).
    .addColumn("reminderQueuedAt", "text")
    .execute();
  await db.schema
    .createIndex("lesson_clientId_date_key")
    .on("lesson")
    .columns(["clientId", "date"])
    .unique()
    .execute();
  await db.schema.createIndex("lesson_planId_date_idx").on("lesson").columns(["planId", "date"]).execute();
  await db.schema
    .createIndex("lesson_bookingId_date_idx")
    .on("lesson")
    .columns(["bookingId", "date"])
    .execute();
  await db.schema.createIndex("lesson_date_idx").on("lesson").column("date").execute();

  // Class reminders are on unless the client turns them off on the dashboard.
  await db.schema
    .alterTable("client")
    .addColumn("classRemindersEnabled", "integer", (col) => col.notNull().defaultTo(1))
    .execute();

  // The secret address of a client's calendar feed (.ics); renewing it replaces the token.
  await db.schema
    .createTable("calendarFeed")
    .addColumn("clientId", "text", (col) =>
      col.notNull().primaryKey().references("client.id").onDelete("cascade"),
    )
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
}
