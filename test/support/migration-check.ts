import { type Kysely, sql } from "kysely";
import { demoData, demoProgress } from "../../scripts/seed.ts";
import { type Db, migrateTo, migrateToLatest } from "../../src/server/db/database.ts";
import { migrations } from "../../src/server/db/migrations/index.ts";
import { isPostgres } from "../../src/server/db/portable.ts";
import { seed, seedProgress } from "./factories.ts";

/**
 * "A migration keeps meaning" (../shared/model.md), tested: a database as an older release left it, filled with the
 * factories' rows, is snapshotted table by table, migrated, snapshotted again, and the two compared. The parts are
 * separate so a migration that reshapes tables (a client becoming a household, say) can state its own meaning
 * over the two snapshots; `compareKept` states the usual one: every row of every table still there, every old
 * column as it was, every new column holding what the migration says it holds.
 */

export type Row = Record<string, unknown>;

/** Every table's rows, in a canonical order (rows are compared as a multiset, whatever their ids). */
export type Snapshot = Map<string, Row[]>;

/** A row as a sortable key: column names in order, values as JSON (a Date or a Buffer included). */
const keyOf = (row: Row) =>
  JSON.stringify(
    Object.keys(row)
      .sort()
      .map((column) => [column, row[column]]),
  );

/**
 * The tables a person's data lives in, with every row. SQLite's FTS5 indexes are read through their virtual
 * tables (rowid included: a contentless index holds nothing else); their shadow tables are storage, not meaning.
 * PostgreSQL's tables are those of `schema` (a test's own).
 */
export async function snapshot(db: Kysely<any>, schema?: string): Promise<Snapshot> {
  const postgres = isPostgres(db);
  const tables = (await db.introspection.getTables()).filter(
    (table) => !table.isView && (!postgres || table.schema === schema),
  );
  const virtual = postgres
    ? new Set<string>()
    : new Set(
        (
          await sql<{ name: string }>`select name from sqlite_master
            where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(db)
        ).rows.map((row) => row.name),
      );
  const isShadow = (name: string) => [...virtual].some((index) => name.startsWith(`${index}_`));
  const result: Snapshot = new Map();
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    if (isShadow(name)) continue;
    const rows = virtual.has(name)
      ? (await sql<Row>`select rowid as "rowid", * from ${sql.table(name)}`.execute(db)).rows
      : await db.selectFrom(name).selectAll().execute();
    result.set(
      name,
      rows
        .map((row) => ({ row, key: keyOf(row) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map(({ row }) => row),
    );
  }
  return result;
}

export interface MigrationRun {
  before: Snapshot;
  after: Snapshot;
  /** Milliseconds: filling the old database, migrating it to the latest, taking the two snapshots. */
  timings: { fill: number; migrate: number; snapshots: number };
}

/**
 * Migrates an empty database up to `from` (a migration's name), lets `fill` write into it, snapshots it, migrates
 * it to `to` (default: the latest) and snapshots it again. `schema`: the PostgreSQL schema of the test database.
 */
export async function migrateWithData(
  db: Kysely<any>,
  options: { from: string; to?: string; schema?: string; fill: (db: Kysely<any>) => Promise<unknown> },
): Promise<MigrationRun> {
  await migrateTo(db, options.from, options.schema);
  const filling = performance.now();
  await options.fill(db);
  const filled = performance.now();
  const before = await snapshot(db, options.schema);
  const migrating = performance.now();
  if (options.to) await migrateTo(db, options.to, options.schema);
  else await migrateToLatest(db, options.schema);
  const migrated = performance.now();
  const after = await snapshot(db, options.schema);
  const done = performance.now();
  return {
    before,
    after,
    timings: {
      fill: filled - filling,
      migrate: migrated - migrating,
      snapshots: migrating - filled + (done - migrated),
    },
  };
}

export interface KeptRows {
  /**
   * The new columns, by table, each with the value every existing row must hold in it: a default, or a function of
   * the row as migrated (a column filled from another, say).
   */
  added?: Record<string, Record<string, unknown>>;
  /** Tables the migration makes, left to the caller to check (they hold no old row). */
  newTables?: readonly string[];
  /** Columns and tables the migration moves elsewhere, by table (`[]`: the whole table), left to the caller. */
  moved?: Record<string, readonly string[]>;
}

export interface Comparison {
  /** What differs, one line each: empty when the migration kept every row's meaning. */
  problems: string[];
  tables: number;
  /** Old rows found again, column by column. */
  rows: number;
}

/**
 * The usual meaning of a migration that adds: the same tables (and `newTables`), each with the same rows, every old
 * column identical, and every new column declared in `added` with its value on every row. A column or table that
 * appears undeclared, or disappears, is a problem too.
 */
export function compareKept({ before, after }: MigrationRun, expected: KeptRows = {}): Comparison {
  const problems: string[] = [];
  let rows = 0;
  const added = expected.added ?? {};
  const moved = expected.moved ?? {};
  for (const table of after.keys()) {
    if (!before.has(table) && !expected.newTables?.includes(table)) problems.push(`${table}: a new table`);
  }
  for (const [table, oldRows] of before) {
    const newRows = after.get(table);
    if (!newRows) {
      if (moved[table]?.length !== 0) problems.push(`${table}: gone`);
      continue;
    }
    if (newRows.length !== oldRows.length) {
      problems.push(`${table}: ${oldRows.length} rows before, ${newRows.length} after`);
      continue;
    }
    const newColumns = added[table] ?? {};
    const movedColumns = new Set(moved[table] ?? []);
    const oldColumns = new Set(
      oldRows.flatMap((row) => Object.keys(row)).filter((column) => !movedColumns.has(column)),
    );
    const projected: Row[] = [];
    for (const row of newRows) {
      const old: Row = {};
      for (const [column, value] of Object.entries(row)) {
        if (oldColumns.has(column)) old[column] = value;
        else if (!(column in newColumns)) problems.push(`${table}.${column}: a new column nobody declared`);
        else {
          const wanted = newColumns[column];
          const expectedValue = typeof wanted === "function" ? wanted(row) : wanted;
          if (!isDeepEqual(value, expectedValue))
            problems.push(
              `${table}.${column}: ${JSON.stringify(value)} where ${JSON.stringify(expectedValue)}`,
            );
        }
      }
      for (const column of oldColumns) if (!(column in row)) problems.push(`${table}.${column}: gone`);
      projected.push(old);
    }
    for (const column of Object.keys(newColumns)) {
      if (newRows.length > 0 && !(column in (newRows[0] as Row)))
        problems.push(`${table}.${column}: not added`);
    }
    const withoutMoved = (row: Row) =>
      Object.fromEntries(Object.entries(row).filter(([column]) => !movedColumns.has(column)));
    const sortedOld = oldRows.map(withoutMoved).map(keyOf).sort();
    const sortedNew = projected.map(keyOf).sort();
    const changed = sortedOld.filter((key, index) => key !== sortedNew[index]).length;
    if (changed > 0) problems.push(`${table}: ${changed} of ${oldRows.length} rows changed`);
    rows += oldRows.length;
  }
  return { problems: [...new Set(problems)], tables: before.size, rows };
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The usual test of a migration since the curriculum (0018): `npm run seed`'s school (households, swimmers, lessons,
 * assessment histories and level results, `clients` households) written as the release just before migration `to`
 * left it, then `extra` rows of the test's own, then `to`. The release before is read from the migrations' order,
 * so the test holds whichever migrations land before it.
 */
export async function migrateSeededSchool(
  testDb: { db: Kysely<any>; schema?: string },
  to: string,
  options: { clients: number; extra?: (db: Db) => Promise<unknown> },
): Promise<MigrationRun> {
  const names = Object.keys(migrations);
  const from = names[names.indexOf(to) - 1];
  if (!from) throw new Error(`no migration before ${to}`);
  const now = new Date("2026-03-02T10:00:00.000Z");
  return migrateWithData(testDb.db, {
    from,
    to,
    schema: testDb.schema,
    fill: async (db) => {
      const school = db as Db;
      const { clients } = options;
      const data = demoData({
        clients,
        bookings: clients * 2,
        passwordHash: "$scrypt$x",
        timeZone: "UTC",
        now,
      });
      await seed(school, data);
      await seedProgress(school, await demoProgress(school, { now, timeZone: "UTC" }));
      await options.extra?.(school);
    },
  });
}
