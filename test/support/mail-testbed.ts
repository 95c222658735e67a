import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Db } from "../../src/server/db/database.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { createTestDatabase } from "./test-database.ts";

/**
 * A mail test file's database and SMTP sink, made before its tests and closed after them. Each test starts with
 * nothing received, and with an empty outbox where `emptyOutbox` is set. Read `db` and `sink` inside tests only.
 */
export function mailTestbed(options: { emptyOutbox?: boolean } = {}): {
  readonly db: Db;
  readonly sink: SmtpSink;
} {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  const testbed = {} as { db: Db; sink: SmtpSink };
  beforeAll(async () => {
    testDb = await createTestDatabase();
    testbed.db = testDb.db;
    testbed.sink = await startSmtpSink();
  });
  afterAll(async () => {
    await testbed.sink.stop();
    await testDb.close();
  });
  beforeEach(async () => {
    if (options.emptyOutbox) await testbed.db.deleteFrom("mailOutbox").execute();
    testbed.sink.received = [];
  });
  return testbed;
}
