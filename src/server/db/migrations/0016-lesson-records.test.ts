import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import { clientRows, galleryItemRow, seed } from "../../../../test/support/factories.ts";
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
 * Migration 0016 (attendance, a photo's lesson, and the answers to /today's saves; issue 27) on a school as release
 * 0015 left it: `npm run seed`'s demo households with their bookings and feedback, lessons with a time and the owner
 * as instructor, and gallery pictures and videos. Every lesson's swimmers come through with no attendance recorded,
 * every gallery item with no lesson, no save is remembered yet, and every other row is as it was. On SQLite here, on
 * PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");
const ownerId = "owner-admin";

async function fill(db: Db): Promise<void> {
  const data = demoData({
    clients: 150,
    bookings: 300,
    passwordHash: "$scrypt$not-a-real-hash",
    timeZone: "UTC",
    now,
  });
  await seed(db, data);
  await db
    .insertInto("user")
    .values({
      ...clientRows({
        id: ownerId,
        firstName: "Owner",
        lastName: "Admin",
        createdAt: "2025-01-01T09:00:00.000Z",
        passwordHash: "$scrypt$not-a-real-hash",
      }).user,
      role: "admin",
    })
    .execute();
  // As release 0015 left them: every lesson the owner's, some with a time.
  await db.updateTable("lesson").set({ instructorId: ownerId }).execute();
  await sql`update "lesson" set "startTime" = '10:30' where "id" % 3 = 0`.execute(db);
  // Pictures uploaded from the gallery page (videos came with the demo data).
  const households = data.clients.slice(0, 20).map((client) => client.id as string);
  await db
    .insertInto("galleryItem")
    .values(households.map((clientId) => galleryItemRow({ clientId, date: "2026-02-10" })))
    .execute();
}

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0015-lesson-schedule",
    to: "0016-lesson-records",
    schema: testDb.schema,
    fill: (db) => fill(db as Db),
  });
});
afterAll(() => testDb.close());

const expected = {
  added: {
    lessonSwimmer: { attendance: null, attendanceUpdatedAt: null },
    galleryItem: { lessonId: null },
  },
  newTables: ["lessonRecordKey"],
};

describe("migration 0016-lesson-records on a filled database", () => {
  it("was filled with lessons, their swimmers and feedback, and gallery pictures and videos", () => {
    expect(rowsOf(run.before, "lessonSwimmer").length).toBeGreaterThan(600);
    expect(rowsOf(run.before, "lessonSwimmer").filter((row) => row.feedback !== null).length).toBeGreaterThan(
      100,
    );
    const kinds = new Set(rowsOf(run.before, "galleryItem").map((row) => row.mediaType));
    expect(kinds).toEqual(new Set(["image", "video"]));
  });

  it("records no attendance and links no photo to a lesson, remembers no save, and keeps every other row", () => {
    const comparison = compareKept(run, expected);
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(2000);
    expect(rowsOf(run.after, "lessonRecordKey")).toEqual([]);
  });

  it("would notice one swimmer marked present", () => {
    const after = new Map(
      [...run.after].map(([table, rows]) => [
        table,
        table === "lessonSwimmer"
          ? rows.map((row, i) => (i === 5 ? { ...row, attendance: "present" } : row))
          : rows,
      ]),
    );
    expect(compareKept({ ...run, after }, expected).problems).toEqual([
      'lessonSwimmer.attendance: "present" where null',
    ]);
  });

  it("refuses an attendance that is not one of the four", async () => {
    const { lessonId, swimmerId } = rowsOf(run.after, "lessonSwimmer")[0] as Row;
    await expect(
      testDb.db
        .updateTable("lessonSwimmer")
        .set({ attendance: "sick" as never })
        .where("lessonId", "=", lessonId as number)
        .where("swimmerId", "=", swimmerId as string)
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
