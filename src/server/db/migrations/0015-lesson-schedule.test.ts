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
 * Migration 0015 (each lesson's start time and instructor, issue 27) on a school as release 0014 left it: `npm run
 * seed`'s demo households with their bookings, and three admin accounts, the school's owner being the one made
 * first (a later admin, and one whose role lists another role beside admin, must not take the lessons). Every
 * lesson comes through with no time ("time to be set") and the owner as instructor; every other row as it was.
 * On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");
const ownerId = "owner-admin";

const adminUser = (id: string, createdAt: string, role: string) => ({
  ...clientRows({ id, firstName: "Staff", lastName: id, createdAt, passwordHash: "$scrypt$not-a-real-hash" })
    .user,
  role,
});

async function fill(db: Db): Promise<void> {
  // The households (clients, made before the owner here, yet never instructors) and their lessons.
  await seed(
    db,
    demoData({
      clients: 200,
      bookings: 400,
      passwordHash: "$scrypt$not-a-real-hash",
      timeZone: "UTC",
      now,
    }),
  );
  await db
    .insertInto("user")
    .values([
      adminUser("later-admin", "2026-02-01T09:00:00.000Z", "admin"),
      adminUser(ownerId, "2025-01-01T09:00:00.000Z", "admin"),
      adminUser("two-roles-admin", "2025-06-01T09:00:00.000Z", "user, admin"),
    ])
    .execute();
}

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0014-school-settings",
    to: "0015-lesson-schedule",
    schema: testDb.schema,
    fill: (db) => fill(db as Db),
  });
});
afterAll(() => testDb.close());

describe("migration 0015-lesson-schedule on a filled database", () => {
  it("was filled with lessons of many households and several admins", () => {
    expect(rowsOf(run.before, "lesson").length).toBeGreaterThan(900);
    expect(rowsOf(run.before, "user").filter((user) => String(user.role).includes("admin"))).toHaveLength(3);
  });

  it("gives every lesson no time and the owner (the first admin) as instructor, and keeps every other row", () => {
    const comparison = compareKept(run, {
      added: { lesson: { startTime: null, instructorId: ownerId } },
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("would notice one lesson given to another instructor", () => {
    const comparison = compareKept(
      {
        ...run,
        after: new Map(
          [...run.after].map(([table, rows]) => [
            table,
            table === "lesson"
              ? rows.map((row, i) => (i === 3 ? { ...row, instructorId: "later-admin" } : row))
              : rows,
          ]),
        ),
      },
      { added: { lesson: { startTime: null, instructorId: ownerId } } },
    );
    expect(comparison.problems).toEqual(['lesson.instructorId: "later-admin" where "owner-admin"']);
  });
});
