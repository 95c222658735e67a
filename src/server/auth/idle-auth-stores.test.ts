import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, sessionUserOf, signedInAdmin, signedInClient } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { authStoresOn } from "./idle-auth-stores.ts";

/**
 * better-auth's own async-local stores are on only while one of its calls runs (docs/decisions/051): the requests
 * that never enter it pay nothing for them, and the ones that do still find their context.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db);
});
afterAll(() => testDb.close());

describe("better-auth's stores", () => {
  it("are off again once sign-ins, running side by side, have ended; the sessions they made work", async () => {
    const [admin, client] = await Promise.all([signedInAdmin(t), signedInClient(t)]);
    expect(authStoresOn()).toBe(0);
    expect(await sessionUserOf(t, admin.cookie)).toMatchObject({ id: admin.id, role: "admin" });
    expect(await sessionUserOf(t, client.cookie)).toMatchObject({ id: client.id, role: "client" });
    expect(authStoresOn()).toBe(0);
  });

  it("serve a password change and a sign-out, each in its own better-auth calls", async () => {
    const client = await signedInClient(t);
    const changed = await call(t, "POST", "/api/session/change-password", {
      cookie: client.cookie,
      body: { currentPassword: client.password, newPassword: "another-password-2" },
    });
    expect(changed.status).toBe(200);
    expect(authStoresOn()).toBe(0);
    const signedOut = await call(t, "POST", "/api/session/sign-out", { cookie: client.cookie });
    expect(signedOut.status).toBe(200);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    expect(authStoresOn()).toBe(0);
  });
});
