import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import type { NewGalleryItem, NewMilestone, NewSubscriber } from "../../../../test/support/factories.ts";
import { seedLegacySchool } from "../../../../test/support/legacy-school.ts";
import { compareKept, type MigrationRun, migrateWithData } from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { addDays } from "../../../domain/school-day.ts";

/**
 * Migration 0010 (each person's language, each newsletter subscriber's) on a school as release 0009 left it: a few
 * hundred clients with plans, bookings, feedback, milestones, gallery items and newsletter subscribers, written by
 * the factories. Every row comes through with every old column as it was, and the new columns say English: everyone
 * who exists today has read the site in English. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

/** Release 0009's school: the demo data, and media and newsletter rows of every kind. */
function oldSchool() {
  const demo = demoData({
    clients: 300,
    bookings: 600,
    passwordHash: "$scrypt$not-a-real-hash",
    families: false,
    timeZone: "UTC",
    now,
  });
  const milestones: NewMilestone[] = [];
  const galleryItems: NewGalleryItem[] = [...demo.galleryItems];
  const subscribers: NewSubscriber[] = [...demo.subscribers];
  demo.clients.forEach(({ id }, i) => {
    const clientId = id as string;
    const day = addDays("2026-02-27", -i);
    if (i % 2 === 0) milestones.push({ clientId, timestamp: `${day}T16:00:00.000Z`, date: day });
    if (i % 3 === 0)
      galleryItems.push({ clientId, mediaType: "image", date: day, uploadedAt: `${day}T17:00:00.000Z` });
    if (i % 5 === 0) {
      const status = (["pending", "confirmed", "unsubscribed"] as const)[i % 3];
      subscribers.push({ email: `old.reader.${i}@example.com`, status, createdAt: `${day}T08:00:00.000Z` });
    }
  });
  return { ...demo, milestones, galleryItems, subscribers };
}

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0009-search-indexes",
    to: "0010-person-language",
    schema: testDb.schema,
    fill: (db) => seedLegacySchool(db, oldSchool()),
  });
});
afterAll(() => testDb.close());

describe("migration 0010-person-language on a filled database", () => {
  it("was filled with every kind of row a school of release 0009 holds", () => {
    const count = (table: string) => run.before.get(table)?.length ?? 0;
    expect(count("user")).toBe(300);
    expect(count("client")).toBe(300);
    expect(count("subscriptionPlan")).toBeGreaterThan(300);
    expect(count("booking")).toBe(600);
    expect(count("lesson")).toBeGreaterThan(600);
    expect(run.before.get("lesson")?.filter((lesson) => lesson.feedback !== null).length).toBeGreaterThan(
      100,
    );
    expect(count("milestone")).toBe(150);
    expect(count("galleryItem")).toBeGreaterThan(100);
    expect(new Set(run.before.get("newsletterSubscriber")?.map((row) => row.status))).toEqual(
      new Set(["pending", "confirmed", "unsubscribed"]),
    );
    // The search indexes' own rows, written by 0009's triggers, are part of what must come through.
    if (testDb.engine === "sqlite") expect([count("clientName"), count("bookingSearch")]).toEqual([300, 600]);
    else expect(count("bookingSearch")).toBe(600);
    expect(run.before.get("rowCount")).toEqual(
      expect.arrayContaining([
        { tableName: "booking", count: 600 },
        { tableName: "client", count: 300 },
      ]),
    );
    expect(count("pack")).toBe(6);
  });

  it("keeps every row of every table, every old column as it was, and says English in the new columns", () => {
    const comparison = compareKept(run, {
      added: { user: { locale: "en" }, newsletterSubscriber: { locale: "en" } },
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("would notice a row that changed, a column nobody declared, and a row lost", () => {
    const user = run.after.get("user") ?? [];
    const changed = new Map(run.after);
    changed.set("user", [{ ...user[0], name: "Someone Else" }, ...user.slice(1)]);
    expect(
      compareKept(
        { ...run, after: changed },
        { added: { user: { locale: "en" }, newsletterSubscriber: { locale: "en" } } },
      ).problems,
    ).toEqual(["user: 1 of 300 rows changed"]);
    expect(compareKept(run, { added: { user: { locale: "en" } } }).problems).toEqual([
      "newsletterSubscriber.locale: a new column nobody declared",
    ]);
    const lost = new Map(run.after);
    lost.set("lesson", (run.after.get("lesson") ?? []).slice(1));
    expect(
      compareKept(
        { ...run, after: lost },
        { added: { user: { locale: "en" }, newsletterSubscriber: { locale: "en" } } },
      ).problems,
    ).toEqual([
      `lesson: ${run.before.get("lesson")?.length} rows before, ${(run.before.get("lesson")?.length ?? 0) - 1} after`,
    ]);
  });
});
