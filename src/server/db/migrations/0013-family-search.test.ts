import { sql } from "kysely";
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
import { listClients } from "../../clients/repository.ts";
import { familyNamesSearchOf } from "../../households/service.ts";
import type { Db } from "../database.ts";
import { isPostgres } from "../portable.ts";

/**
 * Migration 0013 (the clients search finds a family by any swimmer's or guardian's name) on a school as release
 * 0011 left it: `npm run seed`'s demo households, a third of them with two more swimmers (accented names) and a
 * fifth with a second guardian. Every row keeps its meaning; each household gets its other members' folded names,
 * and the search finds it by them. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");
const childNames: [string, string][] = [
  ["Íñigo", "Peña"],
  ["Zoë", "Brontë"],
  ["Mateo", "Ruiz"],
];

async function fill(db: Db): Promise<void> {
  const demo = demoData({
    clients: 300,
    bookings: 300,
    passwordHash: "$scrypt$not-a-real-hash",
    timeZone: "UTC",
    now,
    // The families are this test's own, below.
    families: false,
  });
  await seed(db, demo);
  const ids = demo.clients.map(({ id }) => id as string);
  for (const [i, clientId] of ids.entries()) {
    if (i % 3 === 0) {
      const kids = [childNames[0], childNames[1]] as [string, string][];
      for (const [k, [firstName, lastName]] of kids.entries()) {
        await db
          .insertInto("swimmer")
          .values({
            id: `${clientId}-kid${k}`,
            clientId,
            firstName: `${firstName}${i}`,
            lastName,
            birthDate: "2019-04-01",
            userId: null,
            createdAt: `2026-02-0${k + 1}T10:00:00.000Z`,
          })
          .execute();
      }
    }
    if (i % 5 === 0) {
      const rows = clientRows({
        id: `${clientId}g2`,
        firstName: "Ángel",
        lastName: `Segundo${i}`,
        passwordHash: "$scrypt$not-a-real-hash",
      });
      await db.insertInto("user").values(rows.user).execute();
      await db
        .insertInto("guardian")
        .values({ ...rows.guardian, clientId, canPay: 0 })
        .execute();
    }
  }
}

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];

/** What 0013 must write for each household, from the rows before it. */
function expectedFamilyNames(before: Snapshot): Map<string, string> {
  const names = new Map<string, string[]>();
  const add = (clientId: string, ...more: string[]) =>
    names.set(clientId, [...(names.get(clientId) ?? []), ...more]);
  const byJoined = (a: Row, b: Row) =>
    String(a.createdAt).localeCompare(String(b.createdAt)) ||
    String(a.id ?? a.userId).localeCompare(String(b.id ?? b.userId));
  for (const swimmer of rowsOf(before, "swimmer").toSorted(byJoined)) {
    if (swimmer.userId !== swimmer.clientId)
      add(String(swimmer.clientId), String(swimmer.firstName), String(swimmer.lastName));
  }
  const users = new Map(rowsOf(before, "user").map((user) => [user.id, String(user.name)]));
  for (const guardian of rowsOf(before, "guardian").toSorted(byJoined)) {
    if (guardian.userId !== guardian.clientId)
      add(String(guardian.clientId), users.get(guardian.userId) ?? "");
  }
  return new Map([...names].map(([clientId, list]) => [clientId, familyNamesSearchOf(list)]));
}

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0011-households",
    to: "0013-family-search",
    schema: testDb.schema,
    fill: (db) => fill(db as Db),
  });
});
afterAll(() => testDb.close());

describe("migration 0013-family-search on a filled database", () => {
  it("was filled with families of several swimmers and guardians", () => {
    expect(rowsOf(run.before, "client")).toHaveLength(300);
    expect(rowsOf(run.before, "swimmer")).toHaveLength(300 + 2 * 100);
    expect(rowsOf(run.before, "guardian")).toHaveLength(300 + 60);
  });

  it("keeps every row; each household gets its other members' folded names, a family of one none", () => {
    const expected = expectedFamilyNames(run.before);
    expect(expected.size).toBe(100 + 60 - 20);
    expect([...expected.values()].some((names) => names.includes("inigo0\npena"))).toBe(true);
    const family = (row: Row) => expected.get(String(row.id)) ?? "";
    const familyOfName = (row: Row) => expected.get(String(row.clientId)) ?? "";
    const comparison = compareKept(run, {
      added: {
        client: { familyNamesSearch: family },
        ...(isPostgres(testDb.db) ? {} : { clientName: { family: familyOfName } }),
      },
      // 0012 (guardian invitations) runs on the way: its table starts empty.
      newTables: isPostgres(testDb.db) ? ["guardianInvitation"] : ["familyNameTrigram", "guardianInvitation"],
    });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(2000);
  });

  it("the search finds a household by a child's or second guardian's name, and by the holder's as before", async () => {
    const db = testDb.db as Db;
    const found = async (search: string) =>
      (await listClients(db, { search, page: 1, pageSize: 50 })).items.map((item) => item.id);
    const ids = rowsOf(run.before, "client")
      .map((row) => String(row.id))
      .toSorted();
    const households = rowsOf(run.before, "swimmer").filter((row) => String(row.id).endsWith("-kid0"));
    const withKids = households.find((row) => String(row.firstName).startsWith("Íñigo")) as Row;
    const index = String(withKids.firstName).slice("Íñigo".length);
    expect(await found(`inigo${index}`)).toEqual([withKids.clientId]);
    expect(await found(`ÍÑIGO${index}`)).toEqual([withKids.clientId]);
    const guardianOf = rowsOf(run.before, "guardian").find((row) => String(row.userId).endsWith("g2")) as Row;
    const number = String(guardianOf.userId).replace(/g2$/, "");
    expect(ids).toContain(number);
    const guardianName = rowsOf(run.before, "user").find((row) => row.id === guardianOf.userId)
      ?.name as string;
    expect(await found(guardianName.split(" ")[1] as string)).toEqual([guardianOf.clientId]);
    // A holder's own name finds them as it did before the migration.
    const holder = rowsOf(run.before, "client")[7] as Row;
    expect(await found(String(holder.lastName))).toContain(holder.id);
    if (!isPostgres(db)) {
      await sql`insert into "familyNameTrigram" ("familyNameTrigram") values ('integrity-check')`.execute(db);
    }
  });
});
