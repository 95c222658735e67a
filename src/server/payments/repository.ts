import { type RawBuilder, sql } from "kysely";
import type { Db } from "../db/database.ts";
import { periodIndexOf } from "../db/portable.ts";
import type { PaymentTable } from "../db/schema.ts";

export type NewPayment = Omit<PaymentTable, "id">;

/** True when written; false when this plan's period starting at `paidAt` was recorded already. */
export async function insertPayment(trx: Db, payment: NewPayment): Promise<boolean> {
  const result = await trx
    .insertInto("payment")
    .values(payment)
    .onConflict((conflict) => conflict.columns(["planId", "paidAt"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Payments in each period [boundaries[i], boundaries[i+1]) (ISO timestamps), by the paid period's start. */
export async function salesByPeriod(
  db: Db,
  boundaries: readonly string[],
): Promise<{ packages: number; revenue: number }[]> {
  const periods = boundaries.length - 1;
  const result = Array.from({ length: Math.max(0, periods) }, () => ({ packages: 0, revenue: 0 }));
  if (periods < 1) return result;
  const bucket = (ref: RawBuilder<unknown>) => periodIndexOf(ref, boundaries);
  const paid = db
    .selectFrom("payment")
    .select([bucket(sql.ref("paidAt")).as("period"), "amount"])
    .where("paidAt", ">=", boundaries[0] as string)
    .where("paidAt", "<", boundaries[periods] as string);
  const rows = await db
    .selectFrom(paid.as("paid"))
    .select((eb) => [
      "paid.period",
      eb.fn.countAll<number>().as("packages"),
      eb.fn.sum<number>("paid.amount").as("revenue"),
    ])
    .groupBy("paid.period")
    .execute();
  for (const row of rows) {
    const period = result[Number(row.period)];
    if (period) {
      period.packages = Number(row.packages);
      period.revenue = Number(row.revenue ?? 0);
    }
  }
  return result;
}

export interface PaymentRow {
  clientId: string;
  householdName: string;
  email: string;
  kind: "purchase" | "renewal";
  packType: string;
  classes: number;
  amount: number;
  currency: string;
  paidAt: string;
  provider: string | null;
}

/** Every payment, newest first: the payments list's rows (its CSV export). */
export async function paymentRows(db: Db): Promise<PaymentRow[]> {
  const rows = await db
    .selectFrom("payment as pay")
    .innerJoin("client", "client.id", "pay.clientId")
    .select([
      "pay.clientId",
      "client.firstName",
      "client.lastName",
      "client.email",
      "pay.kind",
      "pay.packType",
      "pay.classes",
      "pay.amount",
      "pay.currency",
      "pay.paidAt",
      "pay.provider",
    ])
    .orderBy("pay.paidAt", "desc")
    .orderBy("pay.id", "desc")
    .execute();
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    householdName: `${firstName} ${lastName}`.trim(),
  }));
}

/** The household's payments, oldest first (its data export: no provider's ids, as its plans show none). */
export async function paymentsOf(db: Db, clientId: string) {
  return db
    .selectFrom("payment")
    .select(["planId", "kind", "packType", "classes", "amount", "currency", "paidAt", "provider"])
    .where("clientId", "=", clientId)
    .orderBy("paidAt")
    .orderBy("id")
    .execute();
}
