import type { PackType } from "../../domain/packs.ts";
import type { AvailablePack, CheckoutStatus } from "../../domain/subscriptions.ts";
import { cancelBookingsOfPlan } from "../bookings/repository.ts";
import type { Db } from "../db/database.ts";
import type { CheckoutSessionTable } from "../db/schema.ts";

export interface CatalogueRow {
  id: PackType;
  name: string;
  classes: number;
  pricePerClass: number;
}

export interface ActivePlan {
  id: number;
  clientId: string;
  totalClasses: number;
  packType: PackType;
  subscriptionId: string | null;
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

const planColumns = ["id", "clientId", "totalClasses", "packType", "subscriptionId"] as const;
const toPlan = (row: { packType: string } & Omit<ActivePlan, "packType">): ActivePlan => ({
  ...row,
  packType: row.packType as PackType,
});

/** The client's active plan (at most one: subscriptionPlan_one_active_idx). */
export async function findActivePlan(db: Db, clientId: string): Promise<ActivePlan | undefined> {
  const row = await db
    .selectFrom("subscriptionPlan")
    .select(planColumns)
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return row ? toPlan(row) : undefined;
}

export async function findActivePlanBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<ActivePlan | undefined> {
  const row = await db
    .selectFrom("subscriptionPlan")
    .select(planColumns)
    .where("subscriptionId", "=", subscriptionId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return row ? toPlan(row) : undefined;
}

export async function insertActivePlan(
  trx: Db,
  plan: {
    clientId: string;
    totalClasses: number;
    packType: PackType;
    subscriptionId: string;
    provider: string;
    now: string;
  },
): Promise<void> {
  await trx
    .insertInto("subscriptionPlan")
    .values({
      clientId: plan.clientId,
      isActive: 1,
      totalClasses: plan.totalClasses,
      // Not read: used classes are derived from booked dates (docs/decisions/005).
      usedClasses: 0,
      packType: plan.packType,
      subscriptionId: plan.subscriptionId,
      provider: plan.provider,
      periodStartedAt: plan.now,
      endedAt: null,
      createdAt: plan.now,
    })
    .execute();
}

/** A new paid period: the plan's classes start again from the pack's count. */
export async function startNewPeriod(trx: Db, planId: number, totalClasses: number, startedAt: string) {
  await trx
    .updateTable("subscriptionPlan")
    .set({ totalClasses, periodStartedAt: startedAt })
    .where("id", "=", planId)
    .execute();
}

/**
 * True when this call ended it (false: it was no longer active). Its bookings end in the same transaction: their
 * dates after `today` (school time) are freed, the rest kept for the history, marked cancelled (no more reminders).
 * The UPDATE locks the plan row on PostgreSQL, so a booking save holding that lock finishes first, and one waiting
 * for it then finds no active plan.
 */
export async function endPlan(trx: Db, planId: number, now: string, today: string): Promise<boolean> {
  const result = await trx
    .updateTable("subscriptionPlan")
    .set({ isActive: 0, endedAt: now })
    .where("id", "=", planId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  const ended = Number(result.numUpdatedRows) > 0;
  if (ended) await cancelBookingsOfPlan(trx, planId, now, today);
  return ended;
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
