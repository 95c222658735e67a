import { accessSync, constants, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  type Driver,
  type Generated,
  Kysely,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import { dayInZone } from "../../domain/school-day.ts";
import { ConfigError } from "../config.ts";
import type { Log } from "../http/log.ts";
import { preparedName } from "./compiled-once.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./schema.ts";
import { TableWrites } from "./table-writes.ts";

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; otherwise SQLite. */
  databaseUrl?: string;
  /** SQLite file, or ":memory:". */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
  /** PostgreSQL: how long to wait for a connection before the request fails (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest one statement may run (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** PostgreSQL: an unused connection is closed after this long (DATABASE_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
  /** Where connection losses are reported. */
  log?: Log;
}

/** The defaults of DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_IDLE_TIMEOUT_MS. */
export const databaseTimeoutDefaults = {
  connectTimeoutMs: 3000,
  statementTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
};

/** The SQLite file's name inside DATA_DIR (the server, the shell tools and backups all use it). */
export const sqliteFileName = "swim-school.sqlite";
export const sqliteFileIn = (dataDir: string) => path.resolve(dataDir, sqliteFileName);

export function openDatabase(options: DatabaseOptions): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openSqlite(options.sqliteFile ?? ":memory:");
}

function openPostgres(databaseUrl: string, options: DatabaseOptions): Db {
  const connectTimeoutMs = options.connectTimeoutMs ?? databaseTimeoutDefaults.connectTimeoutMs;
  const statementTimeoutMs = options.statementTimeoutMs ?? databaseTimeoutDefaults.statementTimeoutMs;
  const idleTimeoutMs = options.idleTimeoutMs ?? databaseTimeoutDefaults.idleTimeoutMs;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: idleTimeoutMs,
    // The server cancels a slow statement and keeps the connection; the client gives up a little later on a
    // server that stopped answering altogether.
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + connectTimeoutMs,
    // Names our connections in pg_stat_activity; an application_name in DATABASE_URL wins.
    application_name: "swim-school",
    // JIT compiles a query whose estimated cost passes jit_above_cost (a count over 100,000 rows): 100 to 300 ms of
    // compiling for queries that run in tens of milliseconds, on every call (docs/decisions/039).
    options: ["-c jit=off", ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : [])].join(" "),
  });
  return observed(
    (plugin) =>
      new Kysely<Database>({
        dialect: new PostgresDialect({ pool: closingLostConnections(pool, options.log) }),
        plugins: [plugin],
      }),
  );
}

const tableWrites = new WeakMap<Db, TableWrites>();

/** A database whose writes can be watched (onTableWrites). */
function observed(open: (plugin: TableWrites) => Db): Db {
  const plugin = new TableWrites();
  const db = open(plugin);
  tableWrites.set(db, plugin);
  return db;
}

/**
 * Calls `onWrite` after every statement made through `db` (or a transaction of it) that wrote one of `tables`.
 * False, and nothing is watched, when `db` was not opened by openDatabase: whoever keeps a copy must then keep none.
 */
export function onTableWrites(db: Db, tables: readonly string[], onWrite: () => void): boolean {
  const plugin = tableWrites.get(db);
  plugin?.on(tables, onWrite);
  return plugin !== undefined;
}

/**
 * pg's pool as Kysely uses it, made to outlive lost connections (database restarted, backend terminated, network
 * cut). A pg client emits 'error' when its connection dies, and without a listener Node ends the whole process:
 * the pool listens only while a connection is idle, so every connection gets a listener of its own for the time
 * a query or a transaction holds it. The query that was running fails (a 503 for its request), and the
 * connection goes back to the pool marked broken, so the pool closes it rather than handing it to the next
 * request: pg-pool's own check misses a backend terminated during a query, whose socket closes only after the
 * failed query has given its connection back.
 */
function closingLostConnections(pool: pg.Pool, log: Log | undefined): PostgresPool {
  const lost = new WeakSet<pg.PoolClient>();
  const reportLost = (error: Error) => log?.("warn", "database connection lost", { error: error.message });
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      lost.add(client as pg.PoolClient);
      reportLost(error);
    });
  });
  // The pool re-emits an idle connection's error; the connection's own listener has reported it already.
  pool.on("error", () => {});
  return {
    async connect() {
      const client = await pool.connect();
      return {
        // Kysely calls the cursor form only when given a cursor class, and we give it none. A statement compiled
        // once (compiled-once.ts) is sent by its name, so this connection parses it only the first time.
        query: ((text: string, values: unknown[]) => {
          const name = preparedName(text);
          const result = name ? client.query({ name, text, values }) : client.query(text, values);
          result.catch((error: unknown) => {
            if (!isStatementError(error)) lost.add(client);
          });
          return result;
        }) as unknown as PostgresPoolClient["query"],
        release: () => client.release(lost.has(client)),
      };
    },
    end: () => pool.end(),
  };
}

/** An error PostgreSQL reported for one statement (a constraint, a timeout): the connection itself is fine. */
const isStatementError = (error: unknown) => error instanceof pg.DatabaseError && error.severity === "ERROR";

function openSqlite(file: string): Db {
  if (file !== ":memory:") ensureWritableFolder(path.dirname(path.resolve(file)));
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file);
    sqlite.pragma("journal_mode = WAL");
  } catch (error) {
    if (!(error instanceof SQLite.SqliteError)) throw error;
    throw new ConfigError(`Cannot open the database ${path.resolve(file)}: ${error.message} (${error.code})`);
  }
  // FULL keeps every acknowledged write across a power loss or process crash.
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.function("school_day", { deterministic: true }, schoolDayFunction);
  const db = observed(
    (plugin) => new Kysely<Database>({ dialect: new OriginalErrorSqliteDialect(sqlite), plugins: [plugin] }),
  );
  if (file !== ":memory:") sqliteFiles.set(db, path.resolve(file));
  return db;
}

/** The file each SQLite database opened here reads (none for ":memory:", which no other connection can see). */
const sqliteFiles = new WeakMap<Db, string>();

/**
 * The file behind `db` when it is a SQLite file opened by openDatabase, so another connection can read it too
 * (db/counting.ts); undefined for PostgreSQL, ":memory:" and a Kysely derived with withPlugin.
 */
export const sqliteFileOf = (db: Db): string | undefined => sqliteFiles.get(db);

/**
 * A second, read-only connection to a SQLite file the server has open (db/count-worker.ts, in another thread). WAL
 * mode (set by the server's connection, and kept in the file) lets it read while the server writes; it sees each
 * write once committed, and can write nothing.
 */
export function openSqliteReader(file: string): Db {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.function("school_day", { deterministic: true }, schoolDayFunction);
  return new Kysely<Database>({ dialect: new OriginalErrorSqliteDialect(sqlite) });
}

/**
 * SQLite's `school_day(timestamp, timeZone)` (db/portable.ts schoolDayOf): the day an ISO timestamp falls on in the
 * zone. Remembered per zone and minute, so a query over many rows formats each minute once.
 */
const schoolDays = new Map<string, string>();
function schoolDayFunction(timestamp: unknown, timeZone: unknown): string | null {
  if (typeof timestamp !== "string" || typeof timeZone !== "string") return null;
  const key = `${timeZone} ${timestamp.slice(0, 16)}`;
  let day = schoolDays.get(key);
  if (day === undefined) {
    const moment = new Date(timestamp);
    if (Number.isNaN(moment.getTime())) return null;
    day = dayInZone(moment, timeZone);
    if (schoolDays.size >= 200_000) schoolDays.clear();
    schoolDays.set(key, day);
  }
  return day;
}

/** One line naming the folder, rather than a stack trace from deep inside SQLite, when DATA_DIR is unusable. */
function ensureWritableFolder(folder: string) {
  try {
    mkdirSync(folder, { recursive: true });
    // access() asks the kernel, so it answers for root too: a read-only mount refuses root as well.
    accessSync(folder, constants.W_OK);
  } catch (error) {
    const { code, message } = (cannotWriteNearest(folder) ?? error) as NodeJS.ErrnoException;
    const reason = /^[A-Z]+: ([^,]+)/.exec(message)?.[1] ?? message;
    throw new ConfigError(`Cannot write to DATA_DIR ${folder}: ${reason}${code ? ` (${code})` : ""}`);
  }
}

/** Node's recursive mkdir says ENOENT on a read-only file system; the nearest existing folder tells why. */
function cannotWriteNearest(folder: string): unknown {
  let nearest = folder;
  while (!existsSync(nearest) && path.dirname(nearest) !== nearest) nearest = path.dirname(nearest);
  try {
    accessSync(nearest, constants.W_OK);
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * When a COMMIT or a statement fails with SQLITE_FULL or SQLITE_IOERR, SQLite has already rolled the whole
 * transaction back; Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active" and that
 * error replaces the real one. Rolling back only a transaction that is still open lets the original through.
 */
class OriginalErrorSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }
}

/**
 * Kysely asks better-sqlite3 to prepare every query afresh, and compiling the SQL costs as much as running a simple
 * indexed query. The same SQL text reuses its compiled statement (SQLite re-prepares it itself after a schema
 * change); a statement still busy (an unfinished iterate()) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, capacity = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = statements.get(text);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(text);
      if (statements.size >= capacity) statements.delete(statements.keys().next().value as string);
      statements.set(text, statement);
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** `schema`: the PostgreSQL schema that holds the tables (tests); the migration bookkeeping goes there too. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed?.migrationName ?? "unknown";
    throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Migrates up to and including `target` (a name of migrations/index.ts) and no further: the migration tests fill a
 * database as an older release left it, then migrate it to the latest.
 */
export async function migrateTo(db: Kysely<any>, target: string, schema?: string): Promise<void> {
  if (!(target in migrations)) throw new Error(`No migration ${target}`);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed?.migrationName ?? "unknown";
    throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function isDatabaseReachable(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

interface HealthProbeTables {
  healthProbe: { id: Generated<number>; filler: string; checkedAt: string };
}

/** Larger than a SQLite page, so the probe needs fresh pages like a growing table does, not a gap in one. */
const probeFiller = "x".repeat(10_000);

/**
 * Whether the database takes a write now. A rolled-back write proves nothing (SQLite in WAL mode writes nothing
 * to disk until COMMIT), so the probe commits a row that needs new pages, then deletes it again.
 */
export async function isDatabaseWritable(db: Db): Promise<boolean> {
  const probe = db as unknown as Kysely<HealthProbeTables>;
  try {
    await probe
      .insertInto("healthProbe")
      .values({ filler: probeFiller, checkedAt: new Date().toISOString() })
      .execute();
    await probe.deleteFrom("healthProbe").execute();
    return true;
  } catch {
    return false;
  }
}

const sqliteUnavailable = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|BUSY|LOCKED|NOMEM)/;
const networkUnavailable = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
// SQLSTATE: 08 connection exception, 53 insufficient resources (disk full, too many connections), 57014 statement
// timeout, 57P01–57P03 shut down or starting, 25006 read-only transaction (a standby).
const postgresUnavailable = /^(08|53|57014|57P0[1-3]|25006)/;
// pg's own errors carry no code.
const poolUnavailable =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed)/;

/**
 * The database cannot serve the request right now (unreachable, too slow, full or read-only): a 503 for the
 * caller to retry, not a bug. Looks through `cause`, since libraries wrap the driver's error.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (sqliteUnavailable.test(code) || networkUnavailable.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && postgresUnavailable.test(code)) return true;
  }
  if (poolUnavailable.test(error.message)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
