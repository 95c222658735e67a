import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClient, signIn } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { Db } from "../db/database.ts";
import { AdminAccountError, ensureAdmin } from "./admin-account.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
});
afterAll(() => testDb.close());

describe("ensureAdmin (ADMIN_EMAIL on start, npm run admin -- create)", () => {
  it("creates the admin once; later calls change nothing, not even the password", async () => {
    expect(await ensureAdmin(t, { email: "Head@Example.com", password: "first-password" })).toBe("created");
    expect(await ensureAdmin(t, { email: "head@example.com", password: "second-password" })).toBe("exists");
    const users = await db
      .selectFrom("user")
      .select(["email", "role"])
      .where("email", "=", "head@example.com")
      .execute();
    expect(users).toEqual([{ email: "head@example.com", role: "admin" }]);
    const { response } = await signIn(t, "head@example.com", "first-password");
    expect(await response.json()).toEqual({ role: "admin", mustChangePassword: false });
    expect((await signIn(t, "head@example.com", "second-password")).response.status).toBe(401);
  });

  it("refuses an email that belongs to a client, and a short password", async () => {
    const client = await signedInClient(t);
    await expect(ensureAdmin(t, { email: client.email, password: "long-enough-1" })).rejects.toThrow(
      AdminAccountError,
    );
    await expect(ensureAdmin(t, { email: "short@example.com", password: "short" })).rejects.toThrow(
      AdminAccountError,
    );
    const roles = await db
      .selectFrom("user")
      .select("role")
      .where("email", "in", [client.email, "short@example.com"])
      .execute();
    expect(roles).toEqual([{ role: "user" }]);
  });
});
