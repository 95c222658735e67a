import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0025 (moving a lesson; issue 29, docs/decisions/033) on a school as the release before it left it:
 * `npm run seed`'s households, swimmers, lessons and progress, with saved school settings. Every row is kept as it
 * was, every lesson comes through never moved, the school's reschedules wait for acceptance, and no request exists.
 * On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0025-reschedules", {
    clients: 120,
    extra: (db) =>
      db
        .insertInto("schoolSettings")
        .values({
          id: 1,
          email: "school@example.com",
          phone: "",
          socialProfileUrl: "",
          contractFormUrl: "",
          updatedAt: "2026-03-01T10:00:00.000Z",
          updatedByUserId: null,
        } as never)
        .execute(),
  });
});
afterAll(() => testDb.close());

describe("migration 0025-reschedules on a filled database", () => {
  it("was filled with lessons and saved settings", () => {
    expect(run.before.get("lesson")?.length).toBeGreaterThan(200);
    expect(run.before.get("schoolSettings")).toHaveLength(1);
  });

  it("keeps every row as it was, every lesson never moved, reschedules waiting for the school", () => {
    const comparison = compareKept(run, {
      added: {
        lesson: {
          rescheduledAt: null,
          rescheduledByUserId: null,
          rescheduledFromDate: null,
          rescheduledFromStartTime: null,
        },
        schoolSettings: { automaticReschedules: 0 },
      },
      newTables: ["lessonReschedule"],
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
    expect(run.after.get("lessonReschedule")).toEqual([]);
  });

  it("refuses an unknown status and a second request waiting for one lesson", async () => {
    const lesson = run.after.get("lesson")?.[0] as { id: number; date: string };
    const request = (status: string) =>
      testDb.db
        .insertInto("lessonReschedule")
        .values({
          lessonId: lesson.id,
          fromDate: lesson.date,
          fromStartTime: null,
          toDate: "2030-01-01",
          toStartTime: "10:00",
          requestedByUserId: null,
          requestedAt: "2026-03-02T10:00:00.000Z",
          status: status as "pending",
          decidedByUserId: null,
          decidedAt: null,
        })
        .execute();
    await expect(request("maybe")).rejects.toThrow(/check/i);
    await request("declined");
    await request("pending");
    await expect(request("pending")).rejects.toThrow(/unique|duplicate/i);
    await request("accepted");
  });
});
