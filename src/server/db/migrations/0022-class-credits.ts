import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * Class credits (issue 29, docs/decisions/030): an append-only ledger. Two new tables, both empty after the
 * migration; nothing existing is touched.
 * - `credit`: one issued credit of a household (`clientId`), optionally of one swimmer, with why (`kind`, `reason`),
 *   when and by whom, and the last day it can be used (`expiresOn`, YYYY-MM-DD in the school's time zone, included).
 *   `expiryNoticeQueuedAt`: when the week-before mail was queued (bookkeeping of the sweep, not history).
 * - `creditEvent`: how a credit ended, redeemed (for `lessonId`) or voided (with `reason`). Rows are only inserted;
 *   the unique `creditId` makes "a credit ends at most once" a fact of the database, under concurrent requests too.
 *   Expiry is read from the date, never written.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("credit"))
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("swimmerId", "text", (col) => col.references("swimmer.id").onDelete("set null"))
    .addColumn("kind", "text", (col) =>
      col.notNull().modifyEnd(sql.raw(`check ("kind" in ('cancellation', 'school', 'weather', 'goodwill'))`)),
    )
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("issuedAt", "text", (col) => col.notNull())
    .addColumn("expiresOn", "text", (col) => col.notNull())
    .addColumn("issuedByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("expiryNoticeQueuedAt", "text")
    .execute();
  await db.schema
    .createIndex("credit_clientId_expiresOn_idx")
    .on("credit")
    .columns(["clientId", "expiresOn"])
    .execute();
  await db.schema.createIndex("credit_expiresOn_idx").on("credit").column("expiresOn").execute();

  await withIdColumn(db, db.schema.createTable("creditEvent"))
    .addColumn("creditId", "integer", (col) => col.notNull().references("credit.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) =>
      col.notNull().modifyEnd(sql.raw(`check ("kind" in ('redeemed', 'voided'))`)),
    )
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("byUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("lessonId", "integer", (col) => col.references("lesson.id").onDelete("set null"))
    .addColumn("reason", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("creditEvent_creditId_key")
    .on("creditEvent")
    .column("creditId")
    .unique()
    .execute();
  await db.schema.createIndex("creditEvent_lessonId_idx").on("creditEvent").column("lessonId").execute();
}
