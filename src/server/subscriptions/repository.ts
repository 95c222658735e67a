import type { PackType } from "../../domain/packs.ts";
import type { AvailablePack, CheckoutStatus } from "../../domain/subscriptions.ts";
import type { Db } from "../db/database.ts";
import type { CheckoutSessionTable } from "../db/schema.ts";

export interface CatalogueRow {
  id: PackType;
  name: string;
  classes: number;
  pricePerClass: number;
}

export type CheckoutSession = Omit<CheckoutSessionTable, "packType"> & { packType: PackType };

export async function listPacks(db: Db): Promise<AvailablePack[]> {
  return db.selectFrom("pack").select(["id", "name"]).orderBy("position").orderBy("id").execute();
}

export async function findPack(db: Db, id: string): Promise<CatalogueRow | undefined> {
  const row = await db
    .selectFrom("pack")
    .select(["id", "name", "classes", "pricePerClass"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { ...row, id: row.id as PackType } : undefined;
}

export async function insertCheckoutSession(
  db: Db,
  session: Pick<CheckoutSession, "id" | "provider" | "clientId" | "packType" | "email" | "createdAt">,
): Promise<void> {
  await db
    .insertInto("checkoutSession")
    .values({ ...session, status: "open", closedAt: null })
    .execute();
}

export async function findCheckoutSession(db: Db, id: string): Promise<CheckoutSession | undefined> {
  const row = await db.selectFrom("checkoutSession").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, packType: row.packType as PackType } : undefined;
}

/** Closes an open session; false when it was not open any more. */
export async function closeCheckoutSession(
  db: Db,
  id: string,
  status: Exclude<CheckoutStatus, "open">,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable("checkoutSession")
    .set({ status, closedAt: now })
    .where("id", "=", id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function isEventRecorded(trx: Db, id: string): Promise<boolean> {
  return (
    (await trx.selectFrom("paymentEvent").select("id").where("id", "=", id).executeTakeFirst()) !== undefined
  );
}

export async function recordEvent(
  trx: Db,
  event: { id: string; provider: string; type: string; now: string },
) {
  await trx
    .insertInto("paymentEvent")
    .values({ id: event.id, provider: event.provider, type: event.type, receivedAt: event.now })
    .execute();
}

export async function clientContact(
  db: Db,
  clientId: string,
): Promise<{ firstName: string; email: string; defaultPackType: string | null } | undefined> {
  return db
    .selectFrom("client")
    .select(["firstName", "email", "defaultPackType"])
    .where("id", "=", clientId)
    .executeTakeFirst();
}
