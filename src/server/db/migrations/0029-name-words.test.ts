import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../../../test/support/factories.ts";
import {
  compareKept,
  type MigrationRun,
  migrateSeededSchool,
  type Row,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../../test/support/word-tables.ts";
import { listBookings } from "../../bookings/repository.ts";
import { listClients } from "../../clients/repository.ts";
import type { Db } from "../database.ts";
import { nameWordRows, titleWordRows } from "../name-words.ts";

/**
 * Migration 0029 (the word tables of the short searches, docs/decisions/043) on a school as the release before it
 * left it: `npm run seed`'s households, bookings and families, and a few names of the test's own (several words,
 * a hyphen, accents, two spaces, a second guardian) and a title someone wrote. Every row is kept as it was, and the
 * word tables hold exactly what the app writes for those names and titles. On SQLite here, on PostgreSQL under
 * `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const hash = "$scrypt$x";

const zoePlan = { clientId: "zoe" };

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateSeededSchool(testDb, "0029-name-words", {
    clients: 120,
    extra: (db) =>
      seed(db, {
        clients: [
          { id: "maria", firstName: "Ana  María", lastName: "García-López", passwordHash: hash },
          { id: "zoe", firstName: "Zoë", lastName: "Ørsted", passwordHash: hash },
        ],
        swimmers: [{ clientId: "maria", firstName: "Íñigo Xavier", lastName: "García-López" }],
        guardians: [{ clientId: "zoe", name: "Quentin Qu Ørsted", passwordHash: hash }],
        plans: [zoePlan],
        bookings: [
          {
            clientId: "zoe",
            plan: zoePlan,
            dates: ["2026-03-10"],
            row: { title: "Élan Summer-Camp" },
          },
        ],
      }),
  });
});
afterAll(() => testDb.close());

const sorted = (rows: Row[]) => rows.map((row) => JSON.stringify(row)).sort();

describe("migration 0029-name-words on a filled database", () => {
  it("keeps every row as it was", () => {
    const comparison = compareKept(run, { newTables: ["nameWord", "titleWord"] });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(3000);
    expect(run.before.get("booking")?.length).toBeGreaterThan(200);
  });

  it("holds every household's name words and every booking's title words, as the app writes them", async () => {
    const clients = run.after.get("client") ?? [];
    const expectedNames = clients.flatMap((client) =>
      nameWordRows({
        id: String(client.id),
        firstNameSearch: String(client.firstNameSearch),
        lastNameSearch: String(client.lastNameSearch),
        familyNamesSearch: String(client.familyNamesSearch),
      }),
    );
    const expectedTitles = (run.after.get("booking") ?? []).flatMap((booking) =>
      titleWordRows({ id: Number(booking.id), title: String(booking.title) }),
    );
    const names = (run.after.get("nameWord") ?? []).map((row) => ({
      family: Number(row.family),
      word: row.word,
      clientId: row.clientId,
    }));
    const titles = (run.after.get("titleWord") ?? []).map((row) => ({
      word: row.word,
      bookingId: Number(row.bookingId),
    }));
    expect(sorted(names)).toEqual(sorted(expectedNames));
    expect(sorted(titles)).toEqual(sorted(expectedTitles));
    expect(names.length).toBeGreaterThan(2 * 120);
    expect(names.filter((row) => row.clientId === "maria")).toEqual(
      expect.arrayContaining([
        { family: 0, word: "ana", clientId: "maria" },
        { family: 0, word: "maria", clientId: "maria" },
        { family: 0, word: "garcia-lopez", clientId: "maria" },
        { family: 1, word: "inigo", clientId: "maria" },
        { family: 1, word: "xavier", clientId: "maria" },
      ]),
    );
    expect(titles).toEqual(expect.arrayContaining([expect.objectContaining({ word: "élan" })]));
    await expectWordTablesTrue(testDb.db as Db);
  });

  it("a short search then finds through them what it found before", async () => {
    const db = testDb.db as Db;
    const clients = async (search: string) =>
      (await listClients(db, { search, page: 1, pageSize: 20 })).items.map((item) => item.id);
    expect(await clients("ga")).toEqual(expect.arrayContaining(["maria"]));
    expect(await clients("xa")).toEqual(["maria"]);
    // López follows a hyphen: not a word of its own (the seed's Lopez families are found).
    expect(await clients("lo")).not.toContain("maria");
    expect(await clients("qu")).toEqual(["zoe"]);
    expect(await clients("ø")).toEqual(["zoe"]);
    // A title's words: "Summer-Camp" is one; feedback matches titles, Manage Bookings does not.
    const titled = async (search: string, matchTitle: boolean) =>
      (await listBookings(db, { search, page: 1, pageSize: 10, matchTitle })).rows.map((row) => row.title);
    expect(await titled("su", true)).toEqual(["Élan Summer-Camp"]);
    expect(await titled("su", false)).toEqual([]);
  });
});
