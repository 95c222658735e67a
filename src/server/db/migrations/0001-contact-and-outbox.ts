import type { Kysely } from "kysely";
import { withIdColumn } from "../portable.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("contactMessage"))
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phoneNumber", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("fingerprint", "text", (col) => col.notNull())
    .addColumn("mailOutboxId", "integer")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("contactMessage_fingerprint_createdAt")
    .on("contactMessage")
    .columns(["fingerprint", "createdAt"])
    .execute();

  await withIdColumn(db, db.schema.createTable("mailOutbox"))
    .addColumn("toAddress", "text", (col) => col.notNull())
    .addColumn("replyTo", "text")
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lastError", "text")
    .addColumn("nextAttemptAt", "text", (col) => col.notNull())
    .addColumn("sentAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("mailOutbox_status_nextAttemptAt")
    .on("mailOutbox")
    .columns(["status", "nextAttemptAt"])
    .execute();
}
