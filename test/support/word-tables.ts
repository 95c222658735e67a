import { expect } from "vitest";
import type { Db } from "../../src/server/db/database.ts";
import { nameWordRows, titleWordRows } from "../../src/server/db/name-words.ts";

/** A row as a sortable key. */
const keyOf = (row: object) => JSON.stringify(Object.entries(row).sort(([a], [b]) => (a < b ? -1 : 1)));

/**
 * The word tables of migration 0029 (docs/decisions/043) as the app would write them now, from every household's
 * stored folded names and every booking's title.
 */
export async function expectedWordTables(db: Db) {
  const clients = await db
    .selectFrom("client")
    .select(["id", "firstNameSearch", "lastNameSearch", "familyNamesSearch"])
    .execute();
  const bookings = await db.selectFrom("booking").select(["id", "title"]).execute();
  return {
    nameWord: clients.flatMap(nameWordRows).map(keyOf).sort(),
    titleWord: bookings.flatMap(titleWordRows).map(keyOf).sort(),
  };
}

export async function wordTables(db: Db) {
  const nameWord = await db.selectFrom("nameWord").select(["family", "word", "clientId"]).execute();
  const titleWord = await db.selectFrom("titleWord").select(["word", "bookingId"]).execute();
  return {
    nameWord: nameWord.map((row) => keyOf({ ...row, family: Number(row.family) })).sort(),
    titleWord: titleWord.map((row) => keyOf({ ...row, bookingId: Number(row.bookingId) })).sort(),
  };
}

/** The word tables hold exactly the words of the names and titles there are: none missing, none left over. */
export async function expectWordTablesTrue(db: Db): Promise<void> {
  expect(await wordTables(db)).toEqual(await expectedWordTables(db));
}
