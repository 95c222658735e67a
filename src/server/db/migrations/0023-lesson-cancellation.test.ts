import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0023 (a lesson cancelled, kept; issue 29) on a school as the release before it left it: `npm run seed`'s
 * households, swimmers, lessons and progress. Every row is kept as it was and every lesson comes through not
 * cancelled. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0023-lesson-cancellation", { clients: 120 });
});
afterAll(() => testDb.close());

describe("migration 0023-lesson-cancellation on a filled database", () => {
  it("was filled with lessons", () => {
    expect(run.before.get("lesson")?.length).toBeGreaterThan(200);
  });

  it("keeps every row as it was and every lesson not cancelled", () => {
    const comparison = compareKept(run, {
      added: {
        lesson: {
          cancelledAt: null,
          cancelledByUserId: null,
          cancellationReason: null,
          cancellationOutcome: null,
          cancellationCreditId: null,
        },
      },
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("refuses an unknown reason or outcome", async () => {
    const lesson = run.after.get("lesson")?.[0] as { id: number };
    await expect(
      testDb.db
        .updateTable("lesson")
        .set({ cancellationReason: "whim" as "family" })
        .where("id", "=", lesson.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      testDb.db
        .updateTable("lesson")
        .set({ cancellationOutcome: "refund" as "credit" })
        .where("id", "=", lesson.id)
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
