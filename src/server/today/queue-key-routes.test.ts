import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInInstructor, signIn } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { todayQueueKeyPath } from "../../domain/today-offline.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
});
afterAll(() => testDb.close());

const keyOf = async (cookie: string) => {
  const response = await call(t, "GET", todayQueueKeyPath, { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toContain("no-store");
  return ((await response.json()) as { key: string }).key;
};

describe("GET /api/today-queue-key (docs/decisions/023)", () => {
  it("gives each staff member their own key, the same one at every sign-in, and another person another", async () => {
    const i1 = await signedInInstructor(t);
    const i2 = await signedInInstructor(t);
    const first = await keyOf(i1.cookie);
    expect(Buffer.from(first, "base64url")).toHaveLength(32);

    const again = await signIn(t, i1.email, i1.password);
    expect(await keyOf(again.cookie)).toBe(first);
    expect(await keyOf(i2.cookie)).not.toBe(first);
  });
});
