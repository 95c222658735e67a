import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData, demoProgress } from "../../../../scripts/seed.ts";
import { seed, seedProgress } from "../../../../test/support/factories.ts";
import { compareKept, type MigrationRun, migrateWithData } from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import type { Db } from "../database.ts";

/**
 * Migration 0019 (a swimmer's placement in a level; issue 28) on a school as release 0018 left it: `npm run seed`'s
 * households, swimmers and lessons with their assessment histories and level results. Every row is kept as it was,
 * and every swimmer comes through unplaced (their level is read from that history). On SQLite here, on PostgreSQL
 * under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0018-curriculum",
    to: "0019-swimmer-level",
    schema: testDb.schema,
    fill: async (db) => {
      const data = demoData({ clients: 150, bookings: 300, passwordHash: "$scrypt$x", timeZone: "UTC", now });
      await seed(db as Db, data);
      await seedProgress(db as Db, await demoProgress(db as Db, { now, timeZone: "UTC" }));
    },
  });
});
afterAll(() => testDb.close());

describe("migration 0019-swimmer-level on a filled database", () => {
  it("was filled with swimmers, their assessments and their passed levels", () => {
    expect(run.before.get("swimmer")?.length).toBeGreaterThan(150);
    expect(run.before.get("assessment")?.length).toBeGreaterThan(500);
    expect(run.before.get("levelResult")?.length).toBeGreaterThan(5);
  });

  it("keeps every row as it was and leaves every swimmer unplaced", () => {
    const comparison = compareKept(run, { added: { swimmer: { levelId: null } } });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(4000);
  });
});
