import { type Kysely, sql } from "kysely";
import { isPostgres, withIdColumn } from "../portable.ts";

/**
 * better-auth's tables (user, session, account, verification, with the admin plugin's columns and our
 * user.mustChangePassword and session.lastActiveAt) exactly as its own generator writes them for each engine,
 * so they live in our forward-only migrations; auth-schema.test.ts checks better-auth finds nothing to add.
 * Then the client rows, the plans the payments feature fills, and failed sign-ins for the lockout.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const bool = pg ? "boolean" : "integer";
  const date = pg ? "timestamptz" : "date";
  const now = sql`CURRENT_TIMESTAMP`;

  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("emailVerified", bool, (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .addColumn("updatedAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .addColumn("role", "text")
    .addColumn("banned", bool)
    .addColumn("banReason", "text")
    .addColumn("banExpires", date)
    .addColumn("mustChangePassword", bool)
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("expiresAt", date, (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .addColumn("updatedAt", date, (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("impersonatedBy", "text")
    .addColumn("lastActiveAt", date)
    .execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .addColumn("updatedAt", date, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", date, (col) => col.notNull())
    .addColumn("createdAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .addColumn("updatedAt", date, (col) => (pg ? col.defaultTo(now).notNull() : col.notNull()))
    .execute();

  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();

  // id is the user's id (spec §3: "document id equals the user id").
  await db.schema
    .createTable("client")
    .addColumn("id", "text", (col) => col.notNull().primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("firstName", "text", (col) => col.notNull())
    .addColumn("lastName", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("phoneNumber", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().defaultTo("client").check(sql`"role" = 'client'`))
    .addColumn("defaultPackType", "text", (col) =>
      col.check(sql`"defaultPackType" in ('4_60', '4_55', '4_50', '8_60', '8_55', '8_50')`),
    )
    // Folded copies of the names (lower case, accents removed, in JavaScript: SQLite's lower() only knows
    // ASCII) for the search, compared byte by byte on both engines so pages come in the same order. The
    // index keeps the list in page order and covers the search columns.
    .addColumn("firstNameSearch", "text", (col) =>
      pg ? col.modifyFront(sql`collate "C"`).notNull() : col.notNull(),
    )
    .addColumn("lastNameSearch", "text", (col) =>
      pg ? col.modifyFront(sql`collate "C"`).notNull() : col.notNull(),
    )
    .execute();
  await db.schema
    .createIndex("client_name_order_idx")
    .on("client")
    .columns(["firstNameSearch", "lastNameSearch", "id"])
    .execute();

  await withIdColumn(db, db.schema.createTable("subscriptionPlan"))
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("isActive", "integer", (col) => col.notNull().defaultTo(0).check(sql`"isActive" in (0, 1)`))
    .addColumn("totalClasses", "integer", (col) => col.notNull())
    .addColumn("usedClasses", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("packType", "text", (col) => col.notNull())
    .addColumn("subscriptionId", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("subscriptionPlan_clientId_isActive_idx")
    .on("subscriptionPlan")
    .columns(["clientId", "isActive"])
    .execute();

  await withIdColumn(db, db.schema.createTable("signInFailure"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("ipAddress", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("signInFailure_email_createdAt_idx")
    .on("signInFailure")
    .columns(["email", "createdAt"])
    .execute();
  await db.schema
    .createIndex("signInFailure_ipAddress_createdAt_idx")
    .on("signInFailure")
    .columns(["ipAddress", "createdAt"])
    .execute();
}
