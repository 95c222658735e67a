import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Db, migrateToLatest, openDatabase } from "../../src/server/db/database.ts";

/**
 * A fresh, migrated database for one test file: in-memory SQLite by default, or its own schema in the
 * PostgreSQL of TEST_DATABASE_URL (dropped by `close`). `migrated: false` leaves it empty, for a test that runs the
 * migrations itself (`schema`: where PostgreSQL keeps its tables and their migration bookkeeping).
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<{
  db: Db;
  engine: "sqlite" | "postgres";
  schema?: string;
  close(): Promise<void>;
}> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) {
    const db = openDatabase({ sqliteFile: ":memory:" });
    if (migrated) await migrateToLatest(db);
    return { db, engine: "sqlite", close: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = openDatabase({ databaseUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  await admin.destroy();
  const db = openDatabase({ databaseUrl, pgSchema: schema });
  if (migrated) await migrateToLatest(db, schema);
  return {
    db,
    engine: "postgres",
    schema,
    async close() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  };
}
