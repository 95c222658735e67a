import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import { clientRows, seed } from "../../../../test/support/factories.ts";
import {
  compareKept,
  type MigrationRun,
  migrateWithData,
  type Row,
  type Snapshot,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import type { Db } from "../database.ts";

/**
 * Migration 0017 (an instructor's weekly hours and time off, issue 27) on a school as release 0016 left it: `npm run
 * seed`'s demo households with their timed and untimed lessons, the owner and an instructor. Two new tables come
 * empty (no hours: available any time, so nothing booked before is outside anyone's availability), and every other
 * row is as it was. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

const staff = (id: string, createdAt: string, role: string) => ({
  ...clientRows({ id, firstName: "Staff", lastName: id, createdAt, passwordHash: "$scrypt$not-a-real-hash" })
    .user,
  role,
});

async function fill(db: Db): Promise<void> {
  await seed(
    db,
    demoData({ clients: 150, bookings: 300, passwordHash: "$scrypt$not-a-real-hash", timeZone: "UTC", now }),
  );
  await db
    .insertInto("user")
    .values([
      staff("owner-admin", "2025-01-01T09:00:00.000Z", "admin"),
      staff("an-instructor", "2025-02-01T09:00:00.000Z", "instructor"),
    ])
    .execute();
  // Some lessons timed and given to the instructor, as release 0015 lets the owner do.
  const lessons = await db.selectFrom("lesson").select("id").orderBy("id").limit(40).execute();
  for (const [i, lesson] of lessons.entries()) {
    await db
      .updateTable("lesson")
      .set({ startTime: i % 2 ? "10:30" : null, instructorId: i % 3 ? "an-instructor" : "owner-admin" })
      .where("id", "=", lesson.id)
      .execute();
  }
}

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];
const newTables = ["instructorWeeklyHours", "instructorTimeOff"];

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0016-lesson-records",
    to: "0017-instructor-availability",
    schema: testDb.schema,
    fill: (db) => fill(db as Db),
  });
});
afterAll(() => testDb.close());

describe("migration 0017-instructor-availability on a filled database", () => {
  it("was filled with lessons, some timed and given to an instructor", () => {
    expect(rowsOf(run.before, "lesson").length).toBeGreaterThan(600);
    expect(
      rowsOf(run.before, "lesson").filter((lesson) => lesson.instructorId === "an-instructor"),
    ).not.toEqual([]);
  });

  it("keeps every row and adds the two tables, empty: nobody's hours are set, so everyone is available", () => {
    const comparison = compareKept(run, { newTables });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(2000);
    for (const table of newTables) expect(rowsOf(run.after, table)).toEqual([]);
  });

  it("would notice a lesson that lost its time", () => {
    const comparison = compareKept(
      {
        ...run,
        after: new Map(
          [...run.after].map(([table, rows]) => [
            table,
            table === "lesson"
              ? rows.map((row) => (row.startTime === "10:30" ? { ...row, startTime: null } : row))
              : rows,
          ]),
        ),
      },
      { newTables },
    );
    expect(comparison.problems).not.toEqual([]);
  });
});
