import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { defaultPolicy } from "../../../domain/policy.ts";

/**
 * Migration 0021 (the cancellation policy, versioned; issue 29) on a school as release 0020 left it: `npm run seed`'s
 * households, lessons and progress. Every row is kept as it was, every lesson comes through booked under version 1,
 * and version 1 is the default policy. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0021-cancellation-policy", { clients: 100 });
});
afterAll(() => testDb.close());

describe("migration 0021-cancellation-policy on a filled database", () => {
  it("was filled with lessons", () => {
    expect(run.before.get("lesson")?.length).toBeGreaterThan(200);
  });

  it("keeps every row as it was and puts every lesson under version 1", () => {
    const comparison = compareKept(run, {
      added: { lesson: { policyVersion: 1 } },
      newTables: ["cancellationPolicy"],
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("writes version 1 as the default policy, made by nobody", () => {
    const versions = run.after.get("cancellationPolicy") ?? [];
    expect(versions).toHaveLength(1);
    const { version, createdAt, createdByUserId, ...policy } = versions[0] as Record<string, unknown>;
    expect({ version, createdByUserId }).toEqual({ version: 1, createdByUserId: null });
    expect(typeof createdAt).toBe("string");
    expect(policy).toEqual(defaultPolicy);
  });
});
