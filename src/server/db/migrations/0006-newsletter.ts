import type { Kysely } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * Newsletter subscribers: one row per address (unique), pending until its confirmation link is opened. Only the
 * sha256 of the confirmation token is stored; the unsubscribe link is signed, so it needs no column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("newsletterSubscriber"))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("confirmTokenHash", "text", (col) => col.unique())
    .addColumn("confirmTokenExpiresAt", "text")
    .addColumn("confirmationSentAt", "text")
    .addColumn("confirmedAt", "text")
    .addColumn("unsubscribedAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("newsletterSubscriber_status_confirmedAt")
    .on("newsletterSubscriber")
    .columns(["status", "confirmedAt"])
    .execute();
}
