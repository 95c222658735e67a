import { type Kysely, sql } from "kysely";
import { isPostgres } from "../portable.ts";

/**
 * The words of the names and titles a short search reads (issue 31, docs/decisions/043), each in a B-tree, so
 * that a one- or two-letter search that few names start with ("zq") finds them in a few steps instead of reading
 * the whole list along its order (docs/decisions/040's consequence).
 * - `nameWord`: every word of a household's client row's folded first and last names (`family` 0: what the
 *   clients, Manage Bookings and feedback searches match) and of its other members' (`family` 1: the lines of
 *   familyNamesSearch, which only the clients search matches), with the household's id.
 * - `titleWord`: every word of a booking's lower-cased title (the feedback search), with the booking's id.
 * A word is what starts the text or follows a space (domain/search.ts wordsOf; a line break too in
 * familyNamesSearch, whose lines are names). The app writes them with the names and titles, since folding accents
 * is the app's; the rows go with their household or booking by the foreign keys' cascade. Words compare in code
 * point order (SQLite's binary collation, "C" on PostgreSQL), so the words starting with "ga" are one range.
 * Filled here from the stored folded names and the titles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const word = isPostgres(db) ? sql`text collate "C" not null` : sql`text not null`;
  const withoutRowid = isPostgres(db) ? sql`` : sql`without rowid`;
  await sql`create table "nameWord" (
    "family" integer not null check ("family" in (0, 1)),
    "word" ${word},
    "clientId" text not null references "client" ("id") on delete cascade,
    primary key ("family", "word", "clientId")
  ) ${withoutRowid}`.execute(db);
  await db.schema.createIndex("nameWord_clientId_idx").on("nameWord").column("clientId").execute();
  await sql`create table "titleWord" (
    "word" ${word},
    "bookingId" integer not null references "booking" ("id") on delete cascade,
    primary key ("word", "bookingId")
  ) ${withoutRowid}`.execute(db);
  await db.schema.createIndex("titleWord_bookingId_idx").on("titleWord").column("bookingId").execute();

  for (let after = ""; ; ) {
    const clients = await db
      .selectFrom("client")
      .select(["id", "firstNameSearch", "lastNameSearch", "familyNamesSearch"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageSize)
      .execute();
    await insertInChunks(
      db,
      "nameWord",
      clients.flatMap((client) => [
        ...words(`${client.firstNameSearch} ${client.lastNameSearch}`).map((w) => nameWord(0, w, client.id)),
        ...words(client.familyNamesSearch.replaceAll("\n", " ")).map((w) => nameWord(1, w, client.id)),
      ]),
    );
    if (clients.length < pageSize) break;
    after = (clients.at(-1) as { id: string }).id;
  }
  for (let after = 0; ; ) {
    const bookings = await db
      .selectFrom("booking")
      .select(["id", "title"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(pageSize)
      .execute();
    await insertInChunks(
      db,
      "titleWord",
      bookings.flatMap((booking) =>
        words(booking.title.toLowerCase()).map((w) => ({ word: w, bookingId: booking.id })),
      ),
    );
    if (bookings.length < pageSize) break;
    after = (bookings.at(-1) as { id: number }).id;
  }
}

const pageSize = 5000;

/** domain/search.ts wordsOf as it is today (a migration keeps its own copy). */
const words = (folded: string) => [...new Set(folded.split(" ").filter(Boolean))];

const nameWord = (family: 0 | 1, word: string, clientId: string) => ({ family, word, clientId });

async function insertInChunks(db: Kysely<any>, table: string, rows: object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + 500))
      .execute();
  }
}
