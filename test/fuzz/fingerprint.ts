import { sql } from "kysely";
import type { Db } from "../../src/server/db/database.ts";
import { isPostgres } from "../../src/server/db/portable.ts";

/**
 * Columns left out of the fingerprint, and why: `session.lastActiveAt` is the idle sign-out's clock, which every
 * guarded request moves before the route reads its input (session.ts, touchSession). A refused request still was
 * the caller's activity; nothing else of the session row may change.
 */
export const excludedColumns: Readonly<Record<string, readonly string[]>> = { session: ["lastActiveAt"] };

/** The test's own table, where triggers note each written table. */
const writeLog = "hostileWriteLog";

export interface ChangeWatch {
  /** The whole content of every table (less `excludedColumns`), one line per table. */
  fingerprint(): Promise<string>;
  /** The tables written since the last call (rolled-back writes leave no trace); empties the log. */
  takeWrites(): Promise<string[]>;
}

/**
 * Whether a request changed the database, cheaply. Triggers on every table (on `session`, on every column but the
 * excluded ones) log each INSERT, UPDATE and DELETE; only when the log is not empty is the whole content compared,
 * so a request that wrote nothing costs one small query, and one that wrote the same values back (or removed what
 * it added) still counts as no change.
 */
export async function watchChanges(db: Db): Promise<ChangeWatch> {
  const postgres = isPostgres(db);
  const columns = postgres
    ? await sql<{ table: string; column: string }>`
        select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`.execute(db)
    : // Plain tables only: the FTS5 search tables (virtual) take no triggers, and follow their base tables anyway.
      await sql<{ table: string; column: string }>`
        select m.name as "table", p.name as "column" from pragma_table_list m, pragma_table_info(m.name) p
        where m.type = 'table' and m.schema = 'main' and m.name not like 'sqlite_%'
        order by m.name, p.cid`.execute(db);
  const columnsOf = new Map<string, string[]>();
  for (const { table, column } of columns.rows) {
    if (excludedColumns[table]?.includes(column)) continue;
    columnsOf.set(table, [...(columnsOf.get(table) ?? []), column]);
  }
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

  await sql`${sql.raw(`create table ${quote(writeLog)} (${quote("table")} text not null)`)}`.execute(db);
  if (postgres) {
    await sql`${sql.raw(`create function hostile_note_write() returns trigger language plpgsql as $$
      begin insert into ${quote(writeLog)} values (TG_TABLE_NAME); return null; end $$`)}`.execute(db);
  }
  for (const [table, kept] of columnsOf) {
    const events = [
      "insert",
      "delete",
      excludedColumns[table] ? `update of ${kept.map(quote).join(", ")}` : "update",
    ];
    for (const [i, event] of events.entries()) {
      const name = quote(`hostile_${table}_${i}`);
      const statement = postgres
        ? `create trigger ${name} after ${event} on ${quote(table)} for each row execute function hostile_note_write()`
        : `create trigger ${name} after ${event} on ${quote(table)} begin insert into ${quote(writeLog)} values ('${table}'); end`;
      await sql`${sql.raw(statement)}`.execute(db);
    }
  }

  const perTable = [...columnsOf].map(([table, kept]) => {
    const row = postgres
      ? `concat_ws(',', ${kept.map((c) => `coalesce(${quote(c)}::text, '~null')`).join(", ")})`
      : kept.map((c) => `quote(${quote(c)})`).join(" || ',' || ");
    const rows = postgres
      ? `(select count(*) || ':' || coalesce(md5(string_agg(r, '|' order by r)), '') from (select ${row} as r from ${quote(table)}) s)`
      : `(select count(*) || ':' || coalesce(group_concat(r, '|' order by r), '') from (select ${row} as r from ${quote(table)}))`;
    return `'${table}=' || ${rows}`;
  });
  const fingerprintQuery = `select ${perTable.join(` || ${postgres ? "chr" : "char"}(30) || `)} as fingerprint`;

  return {
    async fingerprint() {
      const result = await sql<{ fingerprint: string }>`${sql.raw(fingerprintQuery)}`.execute(db);
      return result.rows[0]?.fingerprint ?? "";
    },
    async takeWrites() {
      const logged = await sql<{
        table: string;
      }>`${sql.raw(`select distinct ${quote("table")} as "table" from ${quote(writeLog)}`)}`.execute(db);
      if (logged.rows.length === 0) return [];
      await sql`${sql.raw(`delete from ${quote(writeLog)}`)}`.execute(db);
      return logged.rows.map((row) => row.table);
    },
  };
}

/** The tables whose lines differ between two fingerprints: what a failure message names. */
export function changedTables(before: string, after: string): string[] {
  const lines = (text: string) => new Map(text.split("\u001e").map((line) => [line.split("=")[0], line]));
  const a = lines(before);
  const b = lines(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter(
    (table) => a.get(table) !== b.get(table),
  ) as string[];
}
