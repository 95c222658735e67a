import { titleWords, wordRange, wordsOf } from "../../domain/search.ts";
import type { Db } from "./database.ts";

/**
 * The word tables of migration 0029 (docs/decisions/043): written with every name and title, in the writer's
 * transaction, and probed by a short search to learn whether its matches are few.
 */

/** A household's stored folded names, as the client row holds them. */
export interface FoldedNames {
  id: string;
  firstNameSearch: string;
  lastNameSearch: string;
  familyNamesSearch: string;
}

/** The name words of a household: its client row's own (family 0) and its other members' (family 1). */
export function nameWordRows(client: FoldedNames) {
  return [
    ...wordsOf(`${client.firstNameSearch} ${client.lastNameSearch}`).map((word) => ({
      family: 0 as const,
      word,
      clientId: client.id,
    })),
    ...wordsOf(client.familyNamesSearch, true).map((word) => ({
      family: 1 as const,
      word,
      clientId: client.id,
    })),
  ];
}

export function titleWordRows(booking: { id: number; title: string }) {
  return titleWords(booking.title).map((word) => ({ word, bookingId: booking.id }));
}

/** Rewrites the household's name words from its client row: call in the transaction that changed its names. */
export async function writeNameWords(trx: Db, clientId: string): Promise<void> {
  const client = await trx
    .selectFrom("client")
    .select(["id", "firstNameSearch", "lastNameSearch", "familyNamesSearch"])
    .where("id", "=", clientId)
    .executeTakeFirst();
  await trx.deleteFrom("nameWord").where("clientId", "=", clientId).execute();
  const rows = client ? nameWordRows(client) : [];
  if (rows.length > 0) await trx.insertInto("nameWord").values(rows).execute();
}

/** Rewrites the booking's title words: call in the transaction that wrote its title. */
export async function writeTitleWords(trx: Db, bookingId: number, title: string): Promise<void> {
  await trx.deleteFrom("titleWord").where("bookingId", "=", bookingId).execute();
  const rows = titleWordRows({ id: bookingId, title });
  if (rows.length > 0) await trx.insertInto("titleWord").values(rows).execute();
}

/**
 * How many word rows a probe reads at most. Fewer than this starting with the key and its matches are few: they
 * are read by id and sorted. This many and they are dense: a page read along the list's order fills within a few
 * hundred rows (docs/decisions/040).
 */
export const wordProbeLimit = 200;

/**
 * The households with a name word starting with `key` (`family`: their other members' names too), when fewer than
 * `limit` word rows start with it; undefined when at least that many do (the matches are dense).
 */
export async function householdsWithWord(
  db: Db,
  key: string,
  family: boolean,
  limit = wordProbeLimit,
): Promise<string[] | undefined> {
  const range = wordRange(key);
  if (!range) return undefined;
  const rows = await db
    .selectFrom("nameWord")
    .select("clientId")
    .where("family", "in", family ? [0, 1] : [0])
    .where("word", ">=", range.from)
    .where("word", "<", range.below)
    .limit(limit)
    .execute();
  return rows.length < limit ? [...new Set(rows.map((row) => row.clientId))] : undefined;
}

/**
 * The bookings whose household's own name (and, with `matchTitle`, whose title) has a word starting with `key`,
 * when each probe finds fewer than `limit` rows; undefined otherwise (the matches are dense).
 */
export async function bookingsWithWord(
  db: Db,
  key: string,
  matchTitle: boolean,
  limit = wordProbeLimit,
): Promise<number[] | undefined> {
  const range = wordRange(key);
  const households = await householdsWithWord(db, key, false, limit);
  if (!range || !households) return undefined;
  const ids = new Set<number>();
  if (households.length > 0) {
    const booked = await db
      .selectFrom("booking")
      .select("id")
      .where("clientId", "in", households)
      .limit(limit)
      .execute();
    if (booked.length >= limit) return undefined;
    for (const { id } of booked) ids.add(id);
  }
  if (matchTitle) {
    const titled = await db
      .selectFrom("titleWord")
      .select("bookingId")
      .where("word", ">=", range.from)
      .where("word", "<", range.below)
      .limit(limit)
      .execute();
    if (titled.length >= limit) return undefined;
    for (const { bookingId } of titled) ids.add(bookingId);
  }
  return [...ids];
}
