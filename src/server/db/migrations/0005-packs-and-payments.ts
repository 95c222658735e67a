import { type Kysely, sql } from "kysely";

/**
 * The package catalogue (reference data, seeded here), the checkout sessions and the payment events applied once
 * each, and what a plan needs from the payments feature. One active plan per client is held by a partial unique
 * index, which SQLite and PostgreSQL both enforce.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("pack")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("classes", "integer", (col) => col.notNull().check(sql`"classes" > 0`))
    .addColumn("pricePerClass", "integer", (col) => col.notNull().check(sql`"pricePerClass" > 0`))
    .addColumn("position", "integer", (col) => col.notNull())
    .execute();
  // The six packs of spec §3, as they were when this migration was written (never read from today's code).
  const packs = [
    [4, 60],
    [4, 55],
    [4, 50],
    [8, 60],
    [8, 55],
    [8, 50],
  ];
  await db
    .insertInto("pack")
    .values(
      packs.map(([classes, pricePerClass], position) => ({
        id: `${classes}_${pricePerClass}`,
        name: `${classes} classes (${pricePerClass})`,
        classes,
        pricePerClass,
        position,
      })),
    )
    .execute();

  await db.schema
    .createTable("checkoutSession")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("provider", "text", (col) => col.notNull().check(sql`"provider" in ('local', 'stripe')`))
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("packType", "text", (col) => col.notNull().references("pack.id"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`"status" in ('open', 'completed', 'canceled', 'refused')`),
    )
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("closedAt", "text")
    .execute();
  await db.schema
    .createIndex("checkoutSession_clientId_idx")
    .on("checkoutSession")
    .column("clientId")
    .execute();

  // A provider's event id, recorded in the transaction that applies the event: a redelivery finds it and stops.
  await db.schema
    .createTable("paymentEvent")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("receivedAt", "text", (col) => col.notNull())
    .execute();

  // One column per statement: SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable("subscriptionPlan").addColumn("provider", "text").execute();
  await db.schema.alterTable("subscriptionPlan").addColumn("periodStartedAt", "text").execute();
  await db.schema.alterTable("subscriptionPlan").addColumn("endedAt", "text").execute();

  // Plans written before payments existed (tests, demo data) may hold two active plans for one client: the
  // newest stays active, so that the index below can be built.
  await sql`update "subscriptionPlan" set "isActive" = 0 where "isActive" = 1 and "id" not in (
      select max("id") from "subscriptionPlan" where "isActive" = 1 group by "clientId")`.execute(db);
  await db.schema
    .createIndex("subscriptionPlan_one_active_idx")
    .unique()
    .on("subscriptionPlan")
    .column("clientId")
    .where(sql<boolean>`"isActive" = 1`)
    .execute();
  await db.schema
    .createIndex("subscriptionPlan_subscriptionId_idx")
    .on("subscriptionPlan")
    .column("subscriptionId")
    .execute();
}
