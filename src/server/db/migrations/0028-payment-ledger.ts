import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";

/**
 * The payments ledger (issue 30, docs/decisions/038): one row per paid period, appended when it is paid and never
 * rewritten, so a renewal no longer erases the period before it (a plan keeps only its current period's start).
 * - `payment`: the plan and household it pays for, `kind` (the purchase or a renewal), the pack, its classes and
 *   its price as the catalogue had it (`amount`, whole units of `currency`, as pack prices are kept), `paidAt` (the
 *   period's start), the provider and its reference (Stripe's subscription or invoice id; null for the local
 *   checkout), and when the row was written.
 * - One payment per plan and period start (`payment_planId_paidAt_key`): a period paid twice over (a webhook
 *   delivered again, two events for one invoice) is recorded once.
 * - Filled from the plans as the revenue report counted them: every plan's purchase at its creation, and a renewal
 *   at its current period's start when that is later. Earlier renewals were never kept, so they cannot be found.
 * - It follows its plan and household: deleting a client deletes their payments, as it deleted their plans.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("payment"))
    .addColumn("planId", "integer", (col) =>
      col.notNull().references("subscriptionPlan.id").onDelete("cascade"),
    )
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) =>
      col.notNull().modifyEnd(sql.raw(`check ("kind" in ('purchase', 'renewal'))`)),
    )
    .addColumn("packType", "text", (col) => col.notNull())
    .addColumn("classes", "integer", (col) => col.notNull())
    .addColumn("amount", "integer", (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("paidAt", "text", (col) => col.notNull())
    .addColumn("provider", "text")
    .addColumn("providerReference", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addUniqueConstraint("payment_planId_paidAt_key", ["planId", "paidAt"])
    .execute();
  await db.schema.createIndex("payment_paidAt_idx").on("payment").columns(["paidAt", "id"]).execute();
  await db.schema.createIndex("payment_clientId_idx").on("payment").column("clientId").execute();

  // The currency every price was shown in until now (domain/pack-catalogue.ts schoolCurrency).
  const backfill = (kind: "purchase" | "renewal", paidAt: string) =>
    sql`insert into "payment" ("planId", "clientId", "kind", "packType", "classes", "amount", "currency",
        "paidAt", "provider", "providerReference", "createdAt")
      select "p"."id", "p"."clientId", ${sql.lit(kind)}, "p"."packType", coalesce("pack"."classes", "p"."totalClasses"),
        coalesce("pack"."classes" * "pack"."pricePerClass", 0), 'USD', ${sql.ref(`p.${paidAt}`)}, "p"."provider",
        case when "p"."provider" = 'stripe' then "p"."subscriptionId" end, ${sql.ref(`p.${paidAt}`)}
      from "subscriptionPlan" as "p" left join "pack" on "pack"."id" = "p"."packType"
      ${kind === "renewal" ? sql`where "p"."periodStartedAt" > "p"."createdAt"` : sql``}
      order by "p"."id"`.execute(db);
  await backfill("purchase", "createdAt");
  await backfill("renewal", "periodStartedAt");
}
