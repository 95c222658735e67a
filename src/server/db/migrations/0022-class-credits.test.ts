import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { isUniqueViolation } from "../portable.ts";

/**
 * Migration 0022 (class credits; issue 29) on a school as the release before it left it: `npm run seed`'s
 * households, swimmers, lessons and progress. Every row is kept as it was; the two ledger tables come empty, and the
 * database itself refuses a second ending of one credit. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0022-class-credits", { clients: 120 });
});
afterAll(() => testDb.close());

describe("migration 0022-class-credits on a filled database", () => {
  it("was filled with households, swimmers and lessons", () => {
    expect(run.before.get("client")?.length).toBeGreaterThanOrEqual(120);
    expect(run.before.get("lesson")?.length).toBeGreaterThan(200);
  });

  it("keeps every row as it was and adds the two empty ledger tables", () => {
    const comparison = compareKept(run, { newTables: ["credit", "creditEvent"] });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
    expect(run.after.get("credit")).toEqual([]);
    expect(run.after.get("creditEvent")).toEqual([]);
  });

  it("lets a credit end once only, and refuses an unknown kind", async () => {
    const db = testDb.db;
    const household = run.before.get("client")?.[0] as { id: string };
    const lesson = await db
      .selectFrom("lesson")
      .select("id")
      .where("clientId", "=", household.id)
      .executeTakeFirst();
    const credit = await db
      .insertInto("credit")
      .values({
        clientId: household.id,
        swimmerId: null,
        kind: "goodwill",
        reason: "Pool closed",
        issuedAt: now.toISOString(),
        expiresOn: "2026-06-30",
        issuedByUserId: null,
        expiryNoticeQueuedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("creditEvent")
      .values({
        creditId: credit.id,
        kind: "redeemed",
        at: now.toISOString(),
        byUserId: null,
        lessonId: lesson?.id ?? null,
      })
      .execute();
    const second = db
      .insertInto("creditEvent")
      .values({
        creditId: credit.id,
        kind: "voided",
        at: now.toISOString(),
        byUserId: null,
        lessonId: null,
        reason: "x",
      })
      .execute();
    await expect(second).rejects.toSatisfy(isUniqueViolation);
    const wrongKind = db
      .insertInto("credit")
      .values({
        clientId: household.id,
        swimmerId: null,
        kind: "gift" as "goodwill",
        reason: "",
        issuedAt: now.toISOString(),
        expiresOn: "2026-06-30",
        issuedByUserId: null,
        expiryNoticeQueuedAt: null,
      })
      .execute();
    await expect(wrongKind).rejects.toThrow(/check/i);
  });
});
