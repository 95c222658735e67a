import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "./database.ts";

/**
 * What the searched lists (clients, bookings) share: the folded form names are stored and searched in, the
 * trigram indexes and row counts of migration 0009, and the choice between reading along a list's order and
 * reading the index's hits.
 */

/** `text` as an FTS5 phrase: with the trigram tokenizer, it matches where `text` is a substring. */
export function trigramPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** The number of rows in the table, kept by triggers (migration 0009): a list's total without counting. */
export async function countedRows(db: Db, table: "client" | "booking"): Promise<number> {
  const row = await db
    .selectFrom("rowCount")
    .select("count")
    .where("tableName", "=", table)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The same number as countedRows, as a column of a list's page query: the unsearched page and its total in one
 * statement rather than two (a page past the end has no row to carry it: ask countedRows then).
 */
export const countedRowsColumn = (table: "client" | "booking") =>
  sql<string | number>`(select "count" from "rowCount" where "tableName" = ${table})`.as("countedRows");

/**
 * Whether a searched page is best read along the list's order, testing each row until the page is full (about
 * `upTo` × rows / matches steps), rather than by looking up every match and sorting them (`matches` lookups).
 * A lookup costs some 40 steps (measured on SQLite at 100,000 clients and bookings), so either way a page costs
 * at most about √(40 × upTo × rows) steps. SQLite's planner cannot weigh this (it does not know how many rows a
 * search matches), so the repositories choose from the count they have just taken.
 */
export function readAlongOrder(matches: number, rows: number, upTo: number): boolean {
  return 40 * matches * matches >= upTo * rows;
}

/** The number of rows `matches` selects. */
export async function countOf<DB, TB extends keyof DB, O>(
  db: Db,
  matches: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await db
    .selectFrom(matches.as("match"))
    .select((eb) => eb.fn.countAll<string | number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * `column` (folded text) has a word starting with `key`: at its start, after a space, or, with `lines`, after a
 * line break (familyNamesSearch holds one name a line).
 */
export function startsAWord(column: RawBuilder<unknown>, key: string, lines = false): RawBuilder<boolean> {
  const escaped = key.replace(/[\\%_]/g, (char) => `\\${char}`);
  const starts = [`${escaped}%`, `% ${escaped}%`, ...(lines ? [`%\n${escaped}%`] : [])];
  return sql<boolean>`(${sql.join(
    starts.map((pattern) => sql`${column} like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/**
 * A page of a short search of many matches, and its total as far as it is known: the page is read with one row
 * more, so `totalAtLeast` says whether a next page exists, and the total counts the rows up to this page's end.
 * Counting every match would read every name starting with the letters, which grows with the school
 * (docs/decisions/040). A short search of few matches is counted from the word tables (docs/decisions/043).
 */
export function shortSearchPage<T>(rows: T[], page: number, pageSize: number) {
  const items = rows.slice(0, pageSize);
  return { items, total: (page - 1) * pageSize + items.length, totalAtLeast: rows.length > pageSize };
}
