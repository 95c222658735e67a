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
