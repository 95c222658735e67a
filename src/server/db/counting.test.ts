import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { threadId } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, json, signedInAdmin, type TestAccount } from "../../../test/support/accounts.ts";
import { addFailedMail } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { failingCount, threadOfCount } from "../../../test/support/thread-counts.ts";
import type { OverviewResponse } from "../../domain/reports.ts";
import { silentLog } from "../http/log.ts";
import { type Counter, createCounter } from "./counting.ts";
import { type Db, migrateToLatest, openDatabase } from "./database.ts";

/**
 * Where the whole-school counts run (docs/decisions/042): over a SQLite file, in a worker thread with its own
 * read-only connection, so the server keeps answering while one runs; in memory and on PostgreSQL, here.
 */
describe("counting over a SQLite file", () => {
  let folder: string;
  let db: Db;
  let counter: Counter;
  let t: TestApp;
  let owner: TestAccount;
  // The worker waits before each count until hold[0] is not 0: a count as long as the test wants, timed by nothing.
  const hold = new Int32Array(new SharedArrayBuffer(4));
  const release = () => {
    Atomics.store(hold, 0, 1);
    Atomics.notify(hold, 0);
  };

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), "counting-"));
    db = openDatabase({ sqliteFile: path.join(folder, "school.sqlite") });
    await migrateToLatest(db);
    counter = createCounter(db, { log: silentLog, hold: hold.buffer as SharedArrayBuffer });
    t = buildTestApp(db, { counter, clock: testClock("2026-03-18T10:00:00.000Z") });
    owner = await signedInAdmin(t);
    await addFailedMail(db, { toAddress: "nobody@example.com", nextAttemptAt: "2026-03-17T10:00:00.000Z" });
  });

  afterAll(async () => {
    release();
    await t.close();
    await db.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers other requests while the overview is being counted, then the overview from the same file", async () => {
    expect(counter.where).toBe("worker thread");
    let overviewAnswered = false;
    const overview = Promise.resolve(call(t, "GET", "/api/overview", { cookie: owner.cookie })).then(
      (response) => {
        overviewAnswered = true;
        return response;
      },
    );
    // The count is held in the worker: were it running on this thread, nothing below would be answered.
    const session = await json<{ user: { email: string } | null }>(
      await call(t, "GET", "/api/session", { cookie: owner.cookie }),
    );
    expect(session.user?.email).toBe(owner.email);
    expect(overviewAnswered).toBe(false);
    release();
    const counted = await json<OverviewResponse>(await overview);
    expect(counted.scope).toBe("school");
    // Written through the server's connection, read by the worker's.
    expect(counted.failedMail?.items.map((item) => item.toAddress)).toEqual(["nobody@example.com"]);
  });

  it("runs a count on another thread, and a count that fails fails alone", async () => {
    release();
    const counted = await counter.count(threadOfCount, null);
    expect(counted.threadId).not.toBe(threadId);
    expect(counted.mails).toBe(1);
    await expect(counter.count(failingCount, null)).rejects.toThrow(/no such table/);
    expect(await counter.count(threadOfCount, null)).toEqual(counted);
  });

  it("counts nothing once the app is closed, its thread ended", async () => {
    await t.close();
    await expect(counter.count(threadOfCount, null)).rejects.toThrow(/closed/);
  });
});

describe("counting in memory or on PostgreSQL", () => {
  it("counts on this thread, where the test database is", async () => {
    const { db, close } = await createTestDatabase();
    try {
      const counter = createCounter(db, { log: silentLog });
      expect(counter.where).toBe("this thread");
      expect(await counter.count(threadOfCount, null)).toEqual({ threadId, mails: 0 });
      await counter.close();
    } finally {
      await close();
    }
  });
});
