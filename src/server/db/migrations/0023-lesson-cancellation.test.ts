import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData, demoProgress } from "../../../../scripts/seed.ts";
import { seed, seedProgress } from "../../../../test/support/factories.ts";
import { compareKept, type MigrationRun, migrateWithData } from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import type { Db } from "../database.ts";
import { migrations } from "./index.ts";

/**
 * Migration 0023 (a lesson cancelled, kept; issue 29) on a school as the release before it left it: `npm run seed`'s
 * households, swimmers, lessons and progress. Every row is kept as it was and every lesson comes through not
 * cancelled. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
const name = "0023-lesson-cancellation";
/** The migration just before this one, whichever it is once other branches land. */
const previous = Object.keys(migrations)[Object.keys(migrations).indexOf(name) - 1] as string;
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: previous,
    to: name,
    schema: testDb.schema,
    fill: async (db) => {
      const data = demoData({ clients: 120, bookings: 240, passwordHash: "$scrypt$x", timeZone: "UTC", now });
      await seed(db as Db, data);
      await seedProgress(db as Db, await demoProgress(db as Db, { now, timeZone: "UTC" }));
    },
  });
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
