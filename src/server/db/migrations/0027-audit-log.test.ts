import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";

/**
 * Migration 0027 (the audit log; issue 30) on a school as the release before it left it: `npm run seed`'s households,
 * swimmers, lessons and progress. Every row is kept as it was; the new table starts empty (the log begins with the
 * first change after the upgrade: nothing before it was recorded) and refuses to be rewritten. On SQLite here, on
 * PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0027-audit-log", { clients: 120 });
});
afterAll(() => testDb.close());

describe("migration 0027-audit-log on a filled database", () => {
  it("keeps every row as it was and starts an empty log", () => {
    const comparison = compareKept(run, { newTables: ["auditEntry"] });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
    expect(run.after.get("auditEntry")).toEqual([]);
  });

  it("takes an entry, then refuses to change or delete it", async () => {
    const entry = {
      at: "2026-03-02T10:00:00.000Z",
      actorUserId: null,
      actorName: "Owner",
      actorRole: "admin",
      entityKind: "client",
      entityId: "c1",
      action: "created",
      householdId: "c1",
      before: null,
      after: '{"firstName":"Ana"}',
    };
    await testDb.db.insertInto("auditEntry").values(entry).execute();
    await expect(testDb.db.updateTable("auditEntry").set({ after: "{}" }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(testDb.db.deleteFrom("auditEntry").execute()).rejects.toThrow(/append-only/);
    const rows = await testDb.db.selectFrom("auditEntry").selectAll().execute();
    expect(rows).toEqual([{ id: expect.any(Number), ...entry }]);
  });
});
