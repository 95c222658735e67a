import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/database.ts";
import {
  call,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../testing/accounts.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";
import { createTestDatabase } from "../testing/test-database.ts";

/**
 * Every route of accounts and client management, called as a visitor, client A, client B and an admin.
 * A client is denied the admin's routes even for their own row (the client's own pages come with later
 * features, each with its own "clientId is the caller" check).
 */
type Caller = "visitor" | "clientA" | "clientB" | "admin";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
const accounts = {} as Record<Exclude<Caller, "visitor">, TestAccount>;
let victims: Record<Caller, string>;
let registered = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  accounts.admin = await signedInAdmin(t);
  accounts.clientA = await signedInClient(t, { firstName: "Alice", lastName: "A" });
  accounts.clientB = await signedInClient(t, { firstName: "Bob", lastName: "B" });
  // One client per caller for DELETE, so that the admin's deletion does not hide what the others could do.
  victims = {} as Record<Caller, string>;
  for (const caller of ["visitor", "clientA", "clientB", "admin"] as const) {
    victims[caller] = (await signedInClient(t, { firstName: "Victim", lastName: caller })).id;
  }
});
afterAll(() => testDb.close());

interface RouteCase {
  name: string;
  method: string;
  path: (caller: Caller) => string;
  body?: (caller: Caller) => unknown;
  expected: Record<Caller, number>;
}

const adminOnly = (ok: number) => ({ visitor: 401, clientA: 403, clientB: 403, admin: ok });
const signedIn = (ok: number) => ({ visitor: 401, clientA: ok, clientB: ok, admin: ok });
const anyone = (status: number) => ({ visitor: status, clientA: status, clientB: status, admin: status });

const routes: RouteCase[] = [
  {
    name: "/api/session/sign-in (unknown email)",
    method: "POST",
    path: () => "/api/session/sign-in",
    body: () => ({ email: "nobody@example.com", password: "whatever-1" }),
    expected: anyone(404),
  },
  // A visitor gets { user: null } with 200 (see sign-in.test.ts), so every public page can ask without an error.
  { name: "/api/session", method: "GET", path: () => "/api/session", expected: anyone(200) },
  {
    name: "/api/session/heartbeat",
    method: "POST",
    path: () => "/api/session/heartbeat",
    expected: signedIn(204),
  },
  {
    name: "/api/session/change-password (too short: refused after the guard)",
    method: "POST",
    path: () => "/api/session/change-password",
    body: () => ({ newPassword: "short" }),
    expected: signedIn(400),
  },
  {
    name: "/api/password-reset (unregistered email)",
    method: "POST",
    path: () => "/api/password-reset",
    body: () => ({ email: "nobody@example.com" }),
    expected: anyone(404),
  },
  {
    name: "/api/password-reset/confirm (bad token)",
    method: "POST",
    path: () => "/api/password-reset/confirm",
    body: () => ({ token: "not-a-token", newPassword: "long-enough-1" }),
    expected: anyone(400),
  },
  { name: "/api/auth/ok", method: "GET", path: () => "/api/auth/ok", expected: anyone(200) },
  {
    name: "/api/auth/sign-in/email (not exposed)",
    method: "POST",
    path: () => "/api/auth/sign-in/email",
    body: () => ({ email: "a@example.com", password: "whatever-1" }),
    expected: anyone(404),
  },
  { name: "/api/clients", method: "GET", path: () => "/api/clients?search=a", expected: adminOnly(200) },
  {
    name: "/api/clients (register)",
    method: "POST",
    path: () => "/api/clients",
    body: (caller) => ({
      firstName: "New",
      lastName: caller,
      email: `new-${caller}-${registered++}@example.com`,
      phoneNumber: "5551111",
      defaultPackType: "4_50",
    }),
    expected: adminOnly(201),
  },
  {
    name: "/api/clients/:id (client A)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}`,
    expected: adminOnly(200),
  },
  {
    name: "/api/clients/:id (client B)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientB.id}`,
    expected: adminOnly(200),
  },
  {
    name: "/api/clients/:id (client A)",
    method: "PATCH",
    path: () => `/api/clients/${accounts.clientA.id}`,
    body: () => ({ phoneNumber: "5552222" }),
    expected: adminOnly(200),
  },
  {
    name: "/api/clients/:id (client B)",
    method: "PATCH",
    path: () => `/api/clients/${accounts.clientB.id}`,
    body: () => ({ defaultPackType: "8_60" }),
    expected: adminOnly(200),
  },
  {
    name: "/api/clients/:id",
    method: "DELETE",
    path: (caller) => `/api/clients/${victims[caller]}`,
    expected: adminOnly(200),
  },
  {
    name: "/api/clients/:id (unknown id)",
    method: "GET",
    path: () => "/api/clients/abcdefghijklmnopqrstuvwxyz012345",
    expected: adminOnly(404),
  },
];

const callers: Caller[] = ["visitor", "clientA", "clientB", "admin"];

describe("authorization matrix", () => {
  for (const route of routes) {
    it(`${route.method} ${route.name}`, async () => {
      const statuses: Record<string, number> = {};
      for (const caller of callers) {
        const response = await call(t, route.method, route.path(caller), {
          cookie: caller === "visitor" ? undefined : accounts[caller].cookie,
          body: route.body?.(caller),
        });
        statuses[caller] = response.status;
        if (response.status === 401 || response.status === 403) {
          const json = (await response.json()) as { error: { code: string } };
          expect(json.error.code).toBe(response.status === 401 ? "unauthenticated" : "permission-denied");
        }
      }
      expect(statuses).toEqual(route.expected);
    });
  }

  it("a denied caller changed nothing", async () => {
    const names = await db
      .selectFrom("client")
      .select("lastName")
      .where("firstName", "in", ["New", "Victim"])
      .execute();
    // Registered by the admin only; deleted by the admin only.
    expect(names.map((row) => row.lastName).sort()).toEqual(["admin", "clientA", "clientB", "visitor"]);
    const clientA = await db
      .selectFrom("client")
      .select("phoneNumber")
      .where("id", "=", accounts.clientA.id)
      .executeTakeFirst();
    expect(clientA?.phoneNumber).toBe("5552222"); // the admin's change only
  });

  it("sign-out is open to everyone and ends only the caller's own session", async () => {
    for (const caller of callers) {
      if (caller === "visitor") {
        expect((await call(t, "POST", "/api/session/sign-out")).status).toBe(200);
        continue;
      }
      const account = accounts[caller];
      const second = await signIn(t, account.email, account.password);
      expect((await call(t, "POST", "/api/session/sign-out", { cookie: second.cookie })).status).toBe(200);
      expect(await sessionUserOf(t, second.cookie)).toBeNull();
      expect(await sessionUserOf(t, account.cookie)).not.toBeNull();
    }
  });
});
