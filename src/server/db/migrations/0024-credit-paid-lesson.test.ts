import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0024 (a lesson paid by a class credit; issue 29) on a school as the release before it left it: every
 * row is kept as it was and every lesson comes through paid by its plan. On SQLite here, on PostgreSQL under
 * `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0024-credit-paid-lesson", { clients: 120 });
});
afterAll(() => testDb.close());

describe("migration 0024-credit-paid-lesson on a filled database", () => {
  it("was filled with lessons", () => {
    expect(run.before.get("lesson")?.length).toBeGreaterThan(200);
  });

  it("keeps every row as it was and every lesson paid by its plan", () => {
    const comparison = compareKept(run, { added: { lesson: { paidByCreditId: null } } });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
  });

  it("lets a credit pay for one lesson only", async () => {
    const [first, second] = run.after.get("lesson") as { id: number; clientId: string }[];
    const { id: creditId } = await testDb.db
      .insertInto("credit")
      .values({
        clientId: first?.clientId as string,
        swimmerId: null,
        kind: "goodwill",
        reason: "test",
        issuedAt: "2026-01-01T00:00:00.000Z",
        expiresOn: "2026-12-31",
        issuedByUserId: null,
        expiryNoticeQueuedAt: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await testDb.db
      .updateTable("lesson")
      .set({ paidByCreditId: creditId })
      .where("id", "=", first?.id as number)
      .execute();
    await expect(
      testDb.db
        .updateTable("lesson")
        .set({ paidByCreditId: creditId })
        .where("id", "=", second?.id as number)
        .execute(),
    ).rejects.toThrow(/unique/i);
  });
});
