import type { Kysely } from "kysely";

/**
 * Each person's language (docs/decisions/018): the site, their mails and reminders speak it; and each newsletter
 * subscriber's, the language of the page they signed up on, which the newsletter's mails are written in. Everyone
 * who exists today has read the site in English, so every existing row says English.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .execute();
  await db.schema
    .alterTable("newsletterSubscriber")
    .addColumn("locale", "text", (col) => col.notNull().defaultTo("en"))
    .execute();
}
