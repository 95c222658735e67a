import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0020 ("Approve certificates before publishing", issue 28) on a school as release 0019 left it: `npm run
 * seed`'s households with their progress, and School settings the owner had saved. Every row is kept, and the saved
 * settings come through with the setting on. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0020-certificate-approval", {
    clients: 60,
    extra: (db) =>
      db
        .insertInto("schoolSettings")
        .values({
          id: 1,
          email: "office@dolphins-swim.com",
          phone: "+1 555 010 2020",
          socialProfileUrl: "https://www.instagram.com/dolphins/",
          contractFormUrl: "https://form.jotform.com/000000000000",
          updatedAt: now.toISOString(),
          updatedByUserId: null,
        })
        .execute(),
  });
});
afterAll(() => testDb.close());

describe("migration 0020-certificate-approval on a filled database", () => {
  it("keeps every row as it was and turns approval on for the saved settings", () => {
    expect(run.before.get("schoolSettings")).toHaveLength(1);
    expect(run.before.get("levelResult")?.length).toBeGreaterThan(0);
    const comparison = compareKept(run, { added: { schoolSettings: { approveCertificates: 1 } } });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(1000);
  });
});
