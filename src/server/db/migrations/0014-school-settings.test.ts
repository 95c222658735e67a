import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import { clientRows, seed } from "../../../../test/support/factories.ts";
import { compareKept, type MigrationRun, migrateWithData } from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import content from "../../../content/site.json" with { type: "json" };
import { loadConfig } from "../../config.ts";
import { silentLog } from "../../http/log.ts";
import { contentSettings, createSettingsService } from "../../settings/service.ts";
import { type Db, migrateToLatest } from "../database.ts";

/**
 * Migration 0014 (School settings) on a school as release 0013 left it: `npm run seed`'s demo families with plans,
 * bookings and newsletter readers. It only adds two empty tables, so every row keeps its meaning, and the school
 * keeps seeing site.json's contacts, contract form and reels until its owner saves others. On SQLite here, on
 * PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");
const config = loadConfig({
  NODE_ENV: "test",
  BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
});

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0013-family-search",
    to: "0014-school-settings",
    schema: testDb.schema,
    fill: (db) =>
      seed(
        db as Db,
        demoData({
          clients: 200,
          bookings: 300,
          passwordHash: "$scrypt$not-a-real-hash",
          timeZone: "UTC",
          now,
        }),
      ),
  });
});
afterAll(() => testDb.close());

describe("migration 0014-school-settings on a filled database", () => {
  it("was filled with a school's families, plans and bookings", () => {
    expect(run.before.get("client")).toHaveLength(200);
    expect(run.before.get("booking")?.length).toBeGreaterThan(0);
  });

  it("keeps every row as it was and adds the two settings tables, empty", () => {
    const comparison = compareKept(run, { newTables: ["schoolSettings", "schoolReel"] });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(1000);
    expect(run.after.get("schoolSettings")).toEqual([]);
    expect(run.after.get("schoolReel")).toEqual([]);
  });

  it("leaves site.json's settings in force, and takes the owner's one row and twelve reels", async () => {
    const db = testDb.db as Db;
    // Today's settings service writes today's tables too (the audit log, migration 0027): it runs on today's schema.
    await migrateToLatest(db, testDb.schema);
    const service = createSettingsService({
      db,
      clock: { now: () => now },
      log: silentLog,
      config,
    });
    const before = await service.current();
    expect(before.stored).toBe(false);
    expect(before.settings.contractFormUrl).toBe(content.contractFormUrl);
    expect(before.settings).toEqual(contentSettings);

    const owner = "owner-of-the-school";
    await db
      .insertInto("user")
      .values(clientRows({ id: owner, passwordHash: "$scrypt$not-a-real-hash" }).user)
      .execute();
    const ours = { ...contentSettings, email: "office@dolphins-swim.com" };
    await service.save(ours, owner);
    const fresh = createSettingsService({
      db,
      clock: { now: () => now },
      log: silentLog,
      config,
    });
    expect(await fresh.current()).toMatchObject({ stored: true, settings: ours });
    // One school: a second settings row, or a reel beyond the grid's twelve places, is refused by the tables.
    await expect(
      db
        .insertInto("schoolSettings")
        .values({ ...ours, id: 2, updatedAt: now.toISOString(), updatedByUserId: null })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto("schoolReel")
        .values({ position: 12, url: "x", caption: "x", captionEs: "", sample: 0 })
        .execute(),
    ).rejects.toThrow();
    // The owner's account going does not take the school's settings with it.
    await db.deleteFrom("user").where("id", "=", owner).execute();
    expect(await db.selectFrom("schoolSettings").select("updatedByUserId").execute()).toEqual([
      { updatedByUserId: null },
    ]);
  });
});
