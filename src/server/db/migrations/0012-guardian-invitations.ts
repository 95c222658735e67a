import { type Kysely, sql } from "kysely";

/**
 * Second guardians, by invitation (issue 26): a guardian allowed everything in a household (or an admin) invites a
 * person by e-mail with chosen permissions; the link in the mail carries a random token that is stored only as its
 * SHA-256 (`tokenHash`), works once (`acceptedAt`) and until `expiresAt`. The household's rows and the inviter's
 * login take their invitations with them (ON DELETE CASCADE).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const flag = (name: string) => sql.raw(`check ("${name}" in (0, 1))`);
  await db.schema
    .createTable("guardianInvitation")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("canBook", "integer", (col) => col.notNull().modifyEnd(flag("canBook")))
    .addColumn("canPay", "integer", (col) => col.notNull().modifyEnd(flag("canPay")))
    .addColumn("canSeeProgress", "integer", (col) => col.notNull().modifyEnd(flag("canSeeProgress")))
    .addColumn("getsMail", "integer", (col) => col.notNull().modifyEnd(flag("getsMail")))
    .addColumn("tokenHash", "text", (col) => col.notNull().unique())
    .addColumn("expiresAt", "text", (col) => col.notNull())
    .addColumn("invitedByUserId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("acceptedAt", "text")
    .execute();
  await db.schema
    .createIndex("guardianInvitation_clientId_idx")
    .on("guardianInvitation")
    .column("clientId")
    .execute();
  await db.schema
    .createIndex("guardianInvitation_invitedByUserId_idx")
    .on("guardianInvitation")
    .column("invitedByUserId")
    .execute();
}
