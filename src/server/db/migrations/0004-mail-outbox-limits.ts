import type { Kysely } from "kysely";

/**
 * `leasedUntil`: a sender holds the mail until then, apart from the retry time in `nextAttemptAt`.
 * `redactedBody`: the body with its secrets (a reset link) removed; it replaces `body` once the mail is sent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable("mailOutbox").addColumn("leasedUntil", "text").execute();
  await db.schema.alterTable("mailOutbox").addColumn("redactedBody", "text").execute();
}
