import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../../../test/support/factories.ts";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
  type Row,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { monthBoundaries, monthsBetween } from "../../../domain/reports.ts";
import { salesByPeriod } from "../../payments/service.ts";

/**
 * Migration 0028 (the payments ledger; issue 30, docs/decisions/038) on a school as the release before it left it:
 * `npm run seed`'s households and plans, with a few more as Stripe and the years before payments left them (a plan
 * renewed, one from before payments, one whose pack left the catalogue). Every row is kept as it was, and the ledger
 * holds the payments the revenue report counted: month by month, the old report's figures are the ledger's. On
 * SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const hash = "$scrypt$x";

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0028-payment-ledger", {
    clients: 120,
    extra: (db) =>
      seed(db, {
        clients: [
          { id: "renewed", lastName: "Renewed", passwordHash: hash },
          { id: "old", lastName: "Before payments", passwordHash: hash },
        ],
        plans: [
          {
            clientId: "renewed",
            packType: "8_55",
            provider: "stripe",
            subscriptionId: "sub_renewed",
            createdAt: "2025-11-20T10:00:00.000Z",
            periodStartedAt: "2026-01-20T10:00:00.000Z",
          },
          {
            clientId: "old",
            packType: "4_50",
            provider: null,
            subscriptionId: null,
            periodStartedAt: null,
            createdAt: "2025-06-01T10:00:00.000Z",
            isActive: false,
          },
        ],
      }),
  });
});
afterAll(() => testDb.close());

/** Revenue by month as the report counted it before the ledger: from the plans and the pack catalogue. */
function revenueFromPlans(plans: Row[], packs: Row[]): Map<string, { packages: number; revenue: number }> {
  const price = new Map(packs.map((pack) => [pack.id, Number(pack.classes) * Number(pack.pricePerClass)]));
  const byMonth = new Map<string, { packages: number; revenue: number }>();
  const sold = (at: string, packType: unknown) => {
    const month = at.slice(0, 7);
    const counted = byMonth.get(month) ?? { packages: 0, revenue: 0 };
    byMonth.set(month, {
      packages: counted.packages + 1,
      revenue: counted.revenue + (price.get(packType) ?? 0),
    });
  };
  for (const plan of plans) {
    sold(plan.createdAt as string, plan.packType);
    if (plan.periodStartedAt && (plan.periodStartedAt as string) > (plan.createdAt as string)) {
      sold(plan.periodStartedAt as string, plan.packType);
    }
  }
  return byMonth;
}

describe("migration 0028-payment-ledger on a filled database", () => {
  it("keeps every row as it was", () => {
    const comparison = compareKept(run, { newTables: ["payment"] });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
    expect(run.before.get("subscriptionPlan")?.length).toBeGreaterThan(100);
  });

  it("holds a payment for every purchase and every renewal the plans still show, month by month as revenue was", async () => {
    const plans = run.before.get("subscriptionPlan") ?? [];
    const expected = revenueFromPlans(plans, run.before.get("pack") ?? []);
    const payments = run.after.get("payment") ?? [];
    expect(payments).toHaveLength([...expected.values()].reduce((sum, month) => sum + month.packages, 0));

    const months = monthsBetween("2024-01", "2026-12");
    const counted = await salesByPeriod(testDb.db, monthBoundaries(months, "UTC"));
    expect(
      months
        .map((month, index) => ({ month, packages: 0, revenue: 0, ...counted[index] }))
        .filter((month) => month.packages > 0),
    ).toEqual(
      [...expected.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([month, figures]) => ({ month, ...figures })),
    );
  });

  it("tells a purchase from a renewal, keeps Stripe's subscription id and knows no earlier renewal", () => {
    const of = (clientId: string) =>
      (run.after.get("payment") ?? [])
        .filter((payment) => payment.clientId === clientId)
        .map(({ id: _id, planId: _plan, ...payment }) => payment)
        .sort((a, b) => ((a.paidAt as string) < (b.paidAt as string) ? -1 : 1));
    expect(of("renewed")).toEqual([
      {
        clientId: "renewed",
        kind: "purchase",
        packType: "8_55",
        classes: 8,
        amount: 440,
        currency: "USD",
        paidAt: "2025-11-20T10:00:00.000Z",
        provider: "stripe",
        providerReference: "sub_renewed",
        createdAt: "2025-11-20T10:00:00.000Z",
      },
      {
        clientId: "renewed",
        kind: "renewal",
        packType: "8_55",
        classes: 8,
        amount: 440,
        currency: "USD",
        paidAt: "2026-01-20T10:00:00.000Z",
        provider: "stripe",
        providerReference: "sub_renewed",
        createdAt: "2026-01-20T10:00:00.000Z",
      },
    ]);
    expect(of("old")).toEqual([
      expect.objectContaining({ kind: "purchase", amount: 200, provider: null, providerReference: null }),
    ]);
  });

  it("records one payment per plan and period start", async () => {
    const [payment] = run.after.get("payment") ?? [];
    const { id: _id, ...again } = payment as Row;
    await expect(
      testDb.db
        .insertInto("payment")
        .values(again as never)
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});
