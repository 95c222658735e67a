import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import type { NewGalleryItem, NewMilestone } from "../../../../test/support/factories.ts";
import { seedLegacySchool } from "../../../../test/support/legacy-school.ts";
import {
  compareKept,
  type MigrationRun,
  migrateWithData,
  type Row,
  type Snapshot,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { addDays } from "../../../domain/school-day.ts";

/**
 * Migration 0011 (families, docs/decisions/019) on a school as release 0010 left it, filled with `npm run seed`'s
 * demo data plus milestones, gallery items, calendar feeds and reminders turned off. Each client must come through
 * as a household with one guardian (allowed everything, with the client's reminder choice and calendar feed) who is
 * also its only swimmer, and each lesson with that swimmer and the feedback it had; every other row as it was.
 * On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

function oldSchool() {
  const demo = demoData({
    clients: 300,
    bookings: 600,
    passwordHash: "$scrypt$not-a-real-hash",
    timeZone: "UTC",
    now,
  });
  const milestones: NewMilestone[] = [];
  const galleryItems: NewGalleryItem[] = [...demo.galleryItems];
  const ids = demo.clients.map(({ id }) => id as string);
  ids.forEach((clientId, i) => {
    const day = addDays("2026-02-27", -i);
    if (i % 2 === 0) milestones.push({ clientId, timestamp: `${day}T16:00:00.000Z`, date: day });
    if (i % 3 === 0)
      galleryItems.push({ clientId, mediaType: "image", date: day, uploadedAt: `${day}T17:00:00.000Z` });
  });
  return {
    ...demo,
    milestones,
    galleryItems,
    remindersOff: ids.filter((_, i) => i % 4 === 1),
    feeds: ids.filter((_, i) => i % 7 === 0),
  };
}

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];
/** Rows as comparable strings, in a stable order. */
const asSet = (rows: readonly Row[]) => rows.map((row) => JSON.stringify(Object.entries(row).sort())).sort();

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0010-person-language",
    to: "0011-households",
    schema: testDb.schema,
    fill: (db) => seedLegacySchool(db, oldSchool()),
  });
});
afterAll(() => testDb.close());

describe("migration 0011-households on a filled database", () => {
  it("was filled with every kind of row a school of release 0010 holds", () => {
    const count = (table: string) => rowsOf(run.before, table).length;
    expect(count("client")).toBe(300);
    expect(count("booking")).toBe(600);
    expect(rowsOf(run.before, "lesson").filter((lesson) => lesson.feedback !== null).length).toBeGreaterThan(
      100,
    );
    expect(count("milestone")).toBe(150);
    expect(count("galleryItem")).toBeGreaterThan(100);
    expect(count("calendarFeed")).toBe(43);
    expect(rowsOf(run.before, "client").filter((client) => client.classRemindersEnabled === 0)).toHaveLength(
      75,
    );
  });

  it("keeps every other row and column as it was; the household gets an empty address, media its swimmer", () => {
    const comparison = compareKept(run, {
      added: {
        client: { address: "", accessNotes: "" },
        milestone: { swimmerId: (row: Row) => row.clientId },
        galleryItem: { swimmerId: (row: Row) => row.clientId },
      },
      moved: {
        client: ["classRemindersEnabled"],
        lesson: ["feedback", "feedbackUpdatedAt"],
        calendarFeed: [],
      },
      newTables: ["guardian", "swimmer", "lessonSwimmer", "guardianCalendarFeed"],
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("makes each client its household's first guardian, allowed everything, with its reminder choice", () => {
    expect(asSet(rowsOf(run.after, "guardian"))).toEqual(
      asSet(
        rowsOf(run.before, "client").map((client) => ({
          userId: client.id,
          clientId: client.id,
          canBook: 1,
          canPay: 1,
          canSeeProgress: 1,
          getsMail: 1,
          classRemindersEnabled: client.classRemindersEnabled,
          createdAt: client.createdAt,
        })),
      ),
    );
  });

  it("makes each client its household's only swimmer, under the client's name, linked to their login", () => {
    expect(asSet(rowsOf(run.after, "swimmer"))).toEqual(
      asSet(
        rowsOf(run.before, "client").map((client) => ({
          id: client.id,
          clientId: client.id,
          firstName: client.firstName,
          lastName: client.lastName,
          birthDate: null,
          notes: "",
          photoPermission: 1,
          userId: client.id,
          createdAt: client.createdAt,
        })),
      ),
    );
  });

  it("puts that swimmer in each of the client's lessons, with the lesson's feedback and when it was written", () => {
    expect(asSet(rowsOf(run.after, "lessonSwimmer"))).toEqual(
      asSet(
        rowsOf(run.before, "lesson").map((lesson) => ({
          lessonId: lesson.id,
          swimmerId: lesson.clientId,
          feedback: lesson.feedback,
          feedbackUpdatedAt: lesson.feedbackUpdatedAt,
        })),
      ),
    );
  });

  it("gives each calendar feed, same secret address, to the client's guardian", () => {
    expect(asSet(rowsOf(run.after, "guardianCalendarFeed"))).toEqual(
      asSet(
        rowsOf(run.before, "calendarFeed").map((feed) => ({
          userId: feed.clientId,
          token: feed.token,
          createdAt: feed.createdAt,
        })),
      ),
    );
  });

  it("would notice one feedback lost on the way", () => {
    const migrated = rowsOf(run.after, "lessonSwimmer");
    const written = migrated.findIndex((row) => row.feedback !== null);
    const lost = migrated.map((row, index) => (index === written ? { ...row, feedback: null } : row));
    expect(asSet(lost)).not.toEqual(asSet(migrated));
  });
});
