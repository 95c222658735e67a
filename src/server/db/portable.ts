import { type CreateTableBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from "kysely";

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: an identity column on PostgreSQL, the rowid alias on SQLite. */
export function withIdColumn<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T, never>) {
  return table.addColumn("id", "integer", (col) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}

/** A UNIQUE constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !("code" in error)) return false;
  return (
    error.code === "23505" ||
    error.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    error.code === "SQLITE_CONSTRAINT_PRIMARYKEY"
  );
}

/** `value` as a LIKE pattern matching it anywhere, wildcards escaped (use with ESCAPE '\'). */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The school day (YYYY-MM-DD in `timeZone`) of an ISO-8601 timestamp column, in SQL: PostgreSQL converts with its
 * own time-zone data; SQLite calls `school_day`, which openDatabase registers (domain/school-day.ts dayInZone). Used
 * where a rule compares a moment with lesson days inside a query (a plan's period start, docs/decisions/035).
 */
export function schoolDayOf(db: Kysely<any>, timestamp: RawBuilder<unknown> | string, timeZone: string) {
  const ref = typeof timestamp === "string" ? sql.ref(timestamp) : timestamp;
  return isPostgres(db)
    ? sql<string>`to_char((${ref})::timestamptz at time zone ${timeZone}, 'YYYY-MM-DD')`
    : sql<string>`school_day(${ref}, ${timeZone})`;
}

/**
 * Which period an ISO timestamp falls in, in SQL: i for [boundaries[i], boundaries[i+1]), null outside them. Used to
 * count by the school's months (domain/reports.ts monthBoundaries) the same way on both engines.
 */
export function periodIndexOf(timestamp: RawBuilder<unknown>, boundaries: readonly string[]) {
  const ends = boundaries
    .slice(1)
    .map((end, index) => sql`when ${timestamp} < ${end} then ${sql.lit(index)}`);
  if (ends.length === 0) return sql<number | null>`null`;
  return sql<
    number | null
  >`case when ${timestamp} < ${boundaries[0]} then null ${sql.join(ends, sql` `)} else null end`;
}
