import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0019 (a swimmer's placement in a level; issue 28) on a school as release 0018 left it: `npm run seed`'s
 * households, swimmers and lessons with their assessment histories and level results. Every row is kept as it was,
 * and every swimmer comes through unplaced (their level is read from that history). On SQLite here, on PostgreSQL
 * under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0019-swimmer-level", { clients: 150 });
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
