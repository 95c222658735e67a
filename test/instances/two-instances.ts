import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { createApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Db, migrateToLatest, openDatabase } from "../../src/server/db/database.ts";
import { silentLog } from "../../src/server/http/log.ts";
import { wire } from "../../src/server/wiring.ts";
import type { TestApp, TestClock } from "../support/test-app.ts";
import { testRedisUrl } from "./test-redis.ts";

/** Whether this run has a PostgreSQL (the PostgreSQL suite): two instances cannot share an in-memory SQLite. */
export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every instance of one site signs sessions with the same secret (docs/several-instances.md). */
const sharedSecret = "several-instances-secret-0123456789abcdef";

/**
 * One PostgreSQL schema of its own for a test file, migrated once, that any number of instances open with their
 * own pool, as separate processes would. `close` drops it.
 */
export async function sharedSchema(databaseUrl: string) {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = openDatabase({ databaseUrl });
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  // Migrated once, as start:cluster's primary does before the instances start.
  const migrating = openDatabase({ databaseUrl, pgSchema: schema });
  await migrateToLatest(migrating, schema);
  await migrating.destroy();
  const pools: Db[] = [];
  return {
    /** A new pool on the schema: one instance's connections. */
    open(): Db {
      const db = openDatabase({ databaseUrl, pgSchema: schema });
      pools.push(db);
      return db;
    },
    async close() {
      await Promise.all(pools.map((db) => db.destroy()));
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

export interface InstanceOptions {
  clock: TestClock;
  /** Set: rate limits in the tests' Redis under this prefix (REDIS_URL); unset: counted in the instance's memory. */
  redisKeyPrefix?: string;
  smtpUrl?: string;
  env?: Record<string, string>;
}

/**
 * One app instance as `npm start` wires it, on its own pool (and its own Redis connection when given a prefix),
 * behind one trusted proxy. The same shape as buildTestApp's, so the account helpers work on it.
 */
export function buildInstance(db: Db, options: InstanceOptions): TestApp {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    BETTER_AUTH_SECRET: sharedSecret,
    TRUST_PROXY: "true",
    ...options.env,
    REDIS_URL: options.redisKeyPrefix === undefined ? "" : testRedisUrl,
    SMTP_URL: options.smtpUrl ?? "",
  });
  const wiring = wire(config, db, {
    clock: options.clock,
    log: silentLog,
    redisKeyPrefix: options.redisKeyPrefix,
  });
  return { ...wiring, app: createApp(wiring), clock: options.clock };
}
