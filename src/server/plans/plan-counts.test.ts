import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking, createClient, createPlan } from "../../../test/support/factories.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { Db } from "../db/database.ts";
import { activePlanCountsOf, activePlansOf, classCountsOf } from "./service.ts";

/**
 * The clients list reads each household's active plan and its class count in one statement (activePlanCountsOf);
 * every other reader asks activePlansOf, then classCountsOf. Both must count the same classes: periods starting
 * near midnight in the school's zone (the day differs from the UTC day), lessons on the period's first day and the
 * day before, cancelled ones, plans without lessons, ended plans and households without a plan. On PostgreSQL too
 * (TEST_DATABASE_URL).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.close());

const hash = "not used";

describe("a page of households' active plans and class counts in one statement", () => {
  it("counts what activePlansOf and classCountsOf count, in any time zone", async () => {
    // Period starts at 23:30 and 00:30 UTC, and one plan from before payments (it counts from its purchase).
    const households = [
      { id: "late", periodStartedAt: "2026-03-01T23:30:00.000Z", createdAt: "2026-01-05T10:00:00.000Z" },
      { id: "early", periodStartedAt: "2026-03-02T00:30:00.000Z", createdAt: "2026-01-05T10:00:00.000Z" },
      { id: "old", periodStartedAt: null, createdAt: "2026-02-28T23:45:00.000Z" },
      { id: "empty", periodStartedAt: "2026-03-01T12:00:00.000Z", createdAt: "2026-01-05T10:00:00.000Z" },
    ];
    for (const household of households) {
      await createClient(db, { id: household.id, passwordHash: hash });
      await createPlan(db, {
        clientId: household.id,
        packType: "8_60",
        createdAt: household.createdAt,
        periodStartedAt: household.periodStartedAt,
      });
      if (household.id === "empty") continue;
      await createBooking(db, {
        clientId: household.id,
        dates: [
          "2026-02-27",
          "2026-02-28",
          "2026-03-01",
          "2026-03-02",
          { date: "2026-03-03", cancelledAt: "2026-03-02T09:00:00.000Z" },
          "2026-03-09",
          "2026-03-20",
        ],
        createdAt: "2026-02-20T10:00:00.000Z",
      });
    }
    // An ended plan is no household's active one, and a household without a plan has none.
    await createClient(db, { id: "ended", passwordHash: hash });
    await createPlan(db, { clientId: "ended", isActive: false, createdAt: "2026-01-05T10:00:00.000Z" });
    await createClient(db, { id: "none", passwordHash: hash });

    const ids = [...households.map((household) => household.id), "ended", "none"];
    for (const timeZone of ["UTC", "Europe/Madrid", "America/New_York", "Pacific/Kiritimati"]) {
      for (const now of ["2026-03-02T12:00:00.000Z", "2026-03-10T02:00:00.000Z"]) {
        const at = { now: new Date(now), timeZone };
        const plans = await activePlansOf(db, ids);
        const counts = await classCountsOf(db, [...plans.values()], at);
        const expected = Object.fromEntries(
          [...plans.values()].map((plan) => [plan.clientId, { plan, count: counts.get(plan.id) }]),
        );
        const inOne = Object.fromEntries(await activePlanCountsOf(db, ids, at));
        expect({ timeZone, now, plans: inOne }).toEqual({ timeZone, now, plans: expected });
      }
    }
    expect(
      Object.keys(
        Object.fromEntries(await activePlanCountsOf(db, ids, { now: new Date(), timeZone: "UTC" })),
      ).sort(),
    ).toEqual(["early", "empty", "late", "old"]);
    expect(await activePlanCountsOf(db, [], { now: new Date(), timeZone: "UTC" })).toEqual(new Map());
  });
});
