import { type CreateTableBuilder, type Kysely, PostgresAdapter } from "kysely";

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
