import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import {
  type PrivatePostgres,
  postgresBinaries,
  startPrivatePostgres,
} from "../../../test/instances/private-postgres.ts";
import {
  type Send,
  terminateWhileWriting,
  type WriteTargets,
  writeTargets,
} from "../../../test/instances/writes-in-flight.ts";
import { call, signedInAdmin } from "../../../test/support/accounts.ts";
import { type TestApp, testClock } from "../../../test/support/test-app.ts";
import { messages } from "../../domain/messages.ts";
import { createApp } from "../app.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { writeProbeEveryMs } from "../health/routes.ts";
import type { Log } from "../http/log.ts";
import { wire } from "../wiring.ts";
import { type Db, migrateToLatest, openDatabase } from "./database.ts";

/** The log lines the app wrote, to check what an operator would read. */
function captureLog() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, message, fields) => lines.push({ level, message, fields });
  return { log, lines };
}

/** buildTestApp, with a log we can read. */
function siteWithLog(db: Db, log: Log, env: Record<string, string> = {}): TestApp {
  const config = loadConfig({
    NODE_ENV: "test",
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    ...env,
  });
  const clock = testClock();
  const wiring = wire(config, db, { clock, log });
  return { ...wiring, app: createApp(wiring), clock };
}

const appWithLog = (db: Db, log: Log, env: Record<string, string> = {}) => siteWithLog(db, log, env).app;

/** The admin's requests to the site, answered as status and error code. */
function sendAs(site: TestApp, cookie: string): Send {
  return async (method, path, body) => {
    const response = await call(site, method, path, { cookie, body });
    const json = (await response.json()) as { error?: { code: string } };
    return { status: response.status, code: json.error?.code };
  };
}

const saveFeedback = (send: Send, targets: WriteTargets, text: string) =>
  send("PUT", `/api/bookings/${targets.feedback.bookingId}/feedback`, {
    feedbacks: { [targets.feedback.date]: text },
  });

/** Uncaught exceptions during the test: each would end a real server (Vitest only reports them after). */
function recordUncaught(): unknown[] {
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  onTestFinished(() => {
    process.off("uncaughtException", record);
  });
  return uncaught;
}

const signInRequest = {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "nobody@example.com", password: "some-password-1" }),
};

/** A "PostgreSQL" on loopback that accepts connections and never says a word. */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/test`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const temporaryFolders: string[] = [];
function temporaryFolder() {
  const folder = mkdtempSync(path.join(os.tmpdir(), "db-faults-"));
  temporaryFolders.push(folder);
  return folder;
}
afterAll(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!postgresUrl)("PostgreSQL connection lost", () => {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  // Our own application_name, so we terminate only this pool's backends: the other test files run in parallel on
  // the same `test` database, and terminating every backend there would break their connections too.
  const applicationName = `db-faults-${randomBytes(6).toString("hex")}`;
  const urlNamed = (name: string) =>
    `${postgresUrl}${postgresUrl?.includes("?") ? "&" : "?"}application_name=${name}`;
  const ownUrl = urlNamed(applicationName);
  const { log, lines } = captureLog();
  let db: Db;

  beforeAll(async () => {
    const admin = openDatabase({ databaseUrl: postgresUrl });
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    await admin.destroy();
    db = openDatabase({ databaseUrl: ownUrl, pgSchema: schema, log });
    await migrateToLatest(db, schema);
  });
  afterAll(async () => {
    await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  });

  it("logs the lost connection and answers the next request on a new one, instead of exiting", async () => {
    const app = appWithLog(db, log);
    expect((await app.request("/healthz")).status).toBe(200);

    const admin = openDatabase({ databaseUrl: postgresUrl });
    const { rows } = await sql<{ terminated: boolean }>`
      select pg_terminate_backend(pid) as terminated from pg_stat_activity
      where application_name = ${applicationName} and pid <> pg_backend_pid()`.execute(admin);
    await admin.destroy();
    expect(rows.length).toBeGreaterThan(0);
    // Without a listener on the pool, this 'error' event is an uncaught exception: the process dies here.
    await vi.waitFor(() =>
      expect(lines).toContainEqual(
        expect.objectContaining({ level: "warn", message: "database connection lost" }),
      ),
    );

    const again = await app.request("/healthz");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "ok", database: true, writable: true });
  });

  it("a connection killed during a query is closed, not handed to the next query", async () => {
    // The backend is terminated while it runs this very query: the query fails at once, the socket closes a
    // moment later, after the pool got the connection back.
    await expect(sql`select pg_terminate_backend(pg_backend_pid())`.execute(db)).rejects.toMatchObject({
      code: "57P01",
    });
    const { rows } = await sql<{ answer: number }>`select 1 as answer`.execute(db);
    expect(rows).toEqual([{ answer: 1 }]);
  });

  it("writes in flight when their connections are terminated answer 503; the site serves the next ones", async () => {
    // A pool of its own, untouched by the tests above.
    const writersName = `${applicationName}-writers`;
    const writing = openDatabase({ databaseUrl: urlNamed(writersName), pgSchema: schema, log });
    onTestFinished(() => writing.destroy());
    const site = siteWithLog(writing, log);
    const admin = await signedInAdmin(site);
    const targets = await writeTargets(site, "2026-03-02");
    const send = sendAs(site, admin.cookie);
    const uncaught = recordUncaught();

    const writers = 6;
    const report = await terminateWhileWriting({
      send,
      targets,
      databaseUrl: postgresUrl ?? "",
      schema,
      ours: { applicationName: writersName },
      writers,
      roundsAfter: 3,
    });

    // Every writer was inside its transaction at the kill, and each was told to retry.
    expect(report.terminated).toBeGreaterThanOrEqual(writers);
    expect(report.inFlight).toEqual(Array(writers).fill({ status: 503, code: "service-unavailable" }));
    for (const answer of report.afterwards) {
      expect([{ status: 200 }, { status: 503, code: "service-unavailable" }]).toContainEqual(answer);
    }
    // The process lives on and the next requests are served.
    expect(await saveFeedback(send, targets, "After the outage.")).toEqual({ status: 200 });
    expect(await send("POST", "/api/bookings", targets.booking)).toEqual({ status: 200 });
    expect(lines.filter((line) => line.message === "unhandled error")).toEqual([]);
    expect(uncaught).toEqual([]);
  }, 60_000);
});

const postgresBin = postgresBinaries();

describe.skipIf(!postgresUrl || !postgresBin)("PostgreSQL restarted under writes (a private server)", () => {
  const { log, lines } = captureLog();
  let server: PrivatePostgres;
  let db: Db;
  beforeAll(async () => {
    server = await startPrivatePostgres(postgresBin ?? "");
    db = openDatabase({ databaseUrl: server.url, log });
    await migrateToLatest(db);
  }, 30_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
  });

  it("writes in flight at the restart answer 503, those during it 503 or 200, and the next ones are served", async () => {
    const uncaught = recordUncaught();
    const site = siteWithLog(db, log);
    const admin = await signedInAdmin(site);
    const targets = await writeTargets(site, "2026-03-02");
    const send = sendAs(site, admin.cookie);

    const writers = 6;
    const report = await terminateWhileWriting({
      send,
      targets,
      databaseUrl: server.url,
      ours: { applicationName: "swim-school" },
      writers,
      roundsAfter: 3,
      cut: () => server.restart(),
    });

    expect(report.inFlight).toEqual(Array(writers).fill({ status: 503, code: "service-unavailable" }));
    for (const answer of report.afterwards) {
      expect([{ status: 200 }, { status: 503, code: "service-unavailable" }]).toContainEqual(answer);
    }
    expect(await saveFeedback(send, targets, "After the restart.")).toEqual({ status: 200 });
    expect(await send("POST", "/api/bookings", targets.booking)).toEqual({ status: 200 });
    expect(lines.filter((line) => line.message === "unhandled error")).toEqual([]);
    expect(uncaught).toEqual([]);
  }, 60_000);
});

describe("a PostgreSQL that accepts connections and never answers", () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let db: Db;
  beforeAll(async () => {
    silent = await silentServer();
    db = openDatabase({ databaseUrl: silent.url, connectTimeoutMs: 300 });
  });
  afterAll(async () => {
    await db.destroy();
    await silent.close();
  });

  it("answers an API request with a 503 the caller can retry, within the connect timeout", async () => {
    const { log, lines } = captureLog();
    const response = await appWithLog(db, log).request("/api/session/sign-in", signInRequest);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "service-unavailable", message: messages.serviceUnavailable },
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        message: "database unavailable",
        fields: expect.objectContaining({ error: expect.stringMatching(/timeout/i) }),
      }),
    );
  }, 10_000);
});

describe("SQLite on a full disk", () => {
  let db: Db;
  afterEach(() => db?.destroy());

  /** A file database like production's, that can grow by only a few pages more: the disk is nearly full. */
  async function nearlyFullDatabase() {
    db = openDatabase({ sqliteFile: path.join(temporaryFolder(), "swim-school.sqlite") });
    await migrateToLatest(db);
    const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count) + 3}`).execute(db);
    return db;
  }

  it("answers 503 to sign-ins once the disk fills up, and logs SQLITE_FULL", async () => {
    const { log, lines } = captureLog();
    // A failed sign-in is recorded; keep the lockout out of the way so each one writes a row.
    const app = appWithLog(await nearlyFullDatabase(), log, {
      SIGN_IN_ACCOUNT_FAILURE_LIMIT: "100000",
      SIGN_IN_IP_FAILURE_LIMIT: "100000",
    });

    let response = await app.request("/api/session/sign-in", signInRequest);
    for (let attempt = 0; response.status === 404 && attempt < 5000; attempt++) {
      response = await app.request("/api/session/sign-in", signInRequest);
    }

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "service-unavailable", message: messages.serviceUnavailable },
    });
    expect((await app.request("/api/session/sign-in", signInRequest)).status).toBe(503);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: "error",
        message: "database unavailable",
        fields: expect.objectContaining({ error: "database or disk is full (SQLITE_FULL)" }),
      }),
    );
  });

  it("/healthz answers 503, writable false, while the database cannot take a write", async () => {
    const { log } = captureLog();
    const { app, clock } = siteWithLog(await nearlyFullDatabase(), log);
    const before = await app.request("/healthz");
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ status: "ok", database: true, writable: true });

    await fillUp(db);
    // The next write probe (a successful one vouches for writeProbeEveryMs) finds the disk full.
    clock.advance(writeProbeEveryMs);
    const full = await app.request("/healthz");
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ status: "unavailable", database: true, writable: false });
  });

  it("a transaction that fails on the full disk reports SQLITE_FULL, not the rollback's own error", async () => {
    await fillUp(await nearlyFullDatabase());
    const write = db.transaction().execute((trx) =>
      trx
        .insertInto("signInFailure")
        .values({ email: "x".repeat(5000), ipAddress: "198.51.100.7", createdAt: new Date().toISOString() })
        .execute(),
    );
    await expect(write).rejects.toMatchObject({ code: "SQLITE_FULL", message: "database or disk is full" });
  });

  /** Writes rows until SQLite refuses one with SQLITE_FULL. */
  async function fillUp(full: Db) {
    for (let row = 0; row < 10_000; row++) {
      try {
        await full
          .insertInto("signInFailure")
          .values({ email: `filler-${row}@example.com`, ipAddress: "203.0.113.9", createdAt: "2026-01-01" })
          .execute();
      } catch (error) {
        expect(error).toMatchObject({ code: "SQLITE_FULL" });
        return;
      }
    }
    throw new Error("the database never filled up");
  }
});

describe("an unusable DATA_DIR", () => {
  it("stops start-up with one line naming the folder when a file stands where the folder should be", () => {
    const file = path.join(temporaryFolder(), "not-a-folder");
    writeFileSync(file, "");
    const dataDir = path.join(file, "data");
    const open = () => openDatabase({ sqliteFile: path.join(dataDir, "swim-school.sqlite") });
    expect(open).toThrow(ConfigError);
    expect(open).toThrow(`Cannot write to DATA_DIR ${dataDir}: not a directory (ENOTDIR)`);
  });

  // Root writes through chmod, so this case exists only for a normal user; a read-only mount stops root too
  // and goes through the same access() check (EROFS).
  it.skipIf(process.getuid?.() === 0)("names the folder when it is read-only for the server's user", () => {
    const dataDir = temporaryFolder();
    chmodSync(dataDir, 0o555);
    const open = () => openDatabase({ sqliteFile: path.join(dataDir, "swim-school.sqlite") });
    expect(open).toThrow(`Cannot write to DATA_DIR ${dataDir}: permission denied (EACCES)`);
  });
});
