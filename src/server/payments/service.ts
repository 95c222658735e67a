import { schoolCurrency } from "../../domain/pack-catalogue.ts";
import type { Db } from "../db/database.ts";
import * as repository from "./repository.ts";

/**
 * The payments ledger (docs/decisions/038): one row per paid period, written in the transaction that starts the
 * period and never rewritten. Revenue, packages sold and the payments list are read from it.
 */

export interface PaidPeriod {
  planId: number;
  clientId: string;
  kind: "purchase" | "renewal";
  pack: { type: string; classes: number; pricePerClass: number };
  /** The period's start. */
  paidAt: string;
  provider: string;
  /** Stripe's invoice or subscription id; null for the local checkout. */
  providerReference: string | null;
  now: string;
}

/**
 * Records a paid period in the caller's transaction. False when this plan's period starting then was recorded
 * already (the same payment told twice): the caller then leaves the period as the first telling made it.
 */
export function recordPayment(trx: Db, paid: PaidPeriod): Promise<boolean> {
  return repository.insertPayment(trx, {
    planId: paid.planId,
    clientId: paid.clientId,
    kind: paid.kind,
    packType: paid.pack.type,
    classes: paid.pack.classes,
    amount: paid.pack.classes * paid.pack.pricePerClass,
    currency: schoolCurrency,
    paidAt: paid.paidAt,
    provider: paid.provider,
    providerReference: paid.providerReference,
    createdAt: paid.now,
  });
}

export type { PaymentRow } from "./repository.ts";
/** Packages sold and revenue per period, by the paid period's start (the reports, the overview). */
export const salesByPeriod = repository.salesByPeriod;
/** Every payment, newest first (the payments CSV). */
export const paymentRows = repository.paymentRows;
/** One household's payments, oldest first (its data export). */
export const paymentsOfHousehold = repository.paymentsOf;
