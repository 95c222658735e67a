import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  cookieFrom,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signIn,
} from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { authErrorMessages, messages } from "../../domain/messages.ts";
import { inactivitySignOutMs } from "../../domain/timing.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { AppEnv } from "../http/app-env.ts";
import { errorResponse } from "../http/errors.ts";
import { pruneSessions, setMustChangePassword } from "./repository.ts";
import { createSessionGuard } from "./session.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.close());
beforeEach(() => {
  t = buildTestApp(db, { env: { TRUST_PROXY: "true" } });
});

const sessionsOf = (userId: string) =>
  db.selectFrom("session").select("id").where("userId", "=", userId).execute();

describe("POST /api/session/sign-in", () => {
  it("signs an admin in with an HttpOnly, SameSite=Lax session cookie and answers the role", async () => {
    const admin = await signedInAdmin(t);
    const { response } = await signIn(t, admin.email.toUpperCase(), admin.password);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ role: "admin", mustChangePassword: false });
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);

    const session = await call(t, "GET", "/api/session", { cookie: cookieFrom(response) });
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({
      user: {
        id: admin.id,
        email: admin.email,
        name: "Admin",
        role: "admin",
        mustChangePassword: false,
        locale: "en",
        guardianOf: null,
      },
    });
  });

  it("signs a client in with the client role, as the guardian of their household allowed everything", async () => {
    const client = await signedInClient(t, { firstName: "Lucia", lastName: "Perez" });
    const session = await call(t, "GET", "/api/session", { cookie: client.cookie });
    expect(await session.json()).toEqual({
      user: {
        id: client.id,
        email: client.email,
        name: "Lucia Perez",
        role: "client",
        mustChangePassword: false,
        locale: "en",
        guardianOf: {
          householdId: client.id,
          permissions: { book: true, pay: true, progress: true, mail: true },
        },
      },
    });
  });

  it("marks the cookie Secure in production", async () => {
    const production = buildTestApp(db, {
      env: { NODE_ENV: "production", PUBLIC_URL: "https://swim.example", PAYMENTS: "local" },
    });
    const admin = await signedInAdmin(production);
    const { response } = await signIn(production, admin.email, admin.password);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Secure-/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("answers each §8 failure with its own code and message", async () => {
    const admin = await signedInAdmin(t);
    const cases = [
      [{ email: "nobody@example.com", password: "whatever1" }, 404, "user-not-found"],
      [{ email: admin.email, password: "wrong-password" }, 401, "wrong-password"],
      [{ email: "not-an-email", password: "whatever1" }, 400, "invalid-credential"],
      [{ email: "", password: "whatever1" }, 400, "invalid-credential"],
    ] as const;
    for (const [body, status, code] of cases) {
      const response = await call(t, "POST", "/api/session/sign-in", { body });
      expect(response.status).toBe(status);
      const json = (await response.json()) as { error: { code: string; message: string } };
      expect(json.error).toMatchObject({ code, message: authErrorMessages[code] });
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const noPassword = await call(t, "POST", "/api/session/sign-in", { body: { email: admin.email } });
    expect(noPassword.status).toBe(400);
  });

  it("refuses an account that is neither admin nor client and leaves no session behind", async () => {
    const { user } = await t.auth.api.createUser({
      body: { email: "someone@example.com", password: "someone-password", name: "Someone" },
    });
    const { response } = await signIn(t, "someone@example.com", "someone-password");
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: { code: "permission-denied", message: messages.permissionDenied },
    });
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  it("keeps the 100-failures-an-hour limit per account by default", () => {
    expect(loadConfig({}).SIGN_IN_ACCOUNT_FAILURE_LIMIT).toBe(100);
    expect(loadConfig({}).SIGN_IN_FAILURE_WINDOW_SECONDS).toBe(3600);
  });

  it("allows 100 failed attempts an hour on one account, then refuses even the right password", async () => {
    const admin = await signedInAdmin(t);
    const other = await signedInAdmin(t);
    const tenMinutesAgo = new Date(t.clock.now().getTime() - 10 * 60_000).toISOString();
    // 99 earlier failures from many addresses (seeded: each real one costs a password hash).
    await db
      .insertInto("signInFailure")
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          email: admin.email,
          ipAddress: `203.0.113.${i}`,
          createdAt: tenMinutesAgo,
        })),
      )
      .execute();

    const hundredth = await signIn(t, admin.email, "wrong-password", "192.0.2.1");
    expect(hundredth.response.status).toBe(401);
    const locked = await signIn(t, admin.email, admin.password, "192.0.2.2");
    expect(locked.response.status).toBe(429);
    expect(await locked.response.json()).toEqual({
      error: { code: "too-many-requests", message: authErrorMessages["too-many-requests"] },
    });
    expect(locked.cookie).toBe("");
    expect((await signIn(t, other.email, other.password, "192.0.2.1")).response.status).toBe(200);

    // An hour after the seeded failures only the 100th still counts.
    t.clock.advance(51 * 60_000);
    expect((await signIn(t, admin.email, admin.password, "192.0.2.2")).response.status).toBe(200);
  });

  it("also limits failed attempts from one address, whatever the account", async () => {
    const limited = buildTestApp(db, { env: { TRUST_PROXY: "true", SIGN_IN_IP_FAILURE_LIMIT: "3" } });
    const admin = await signedInAdmin(limited);
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
      expect((await signIn(limited, email, "whatever-1", "192.0.2.77")).response.status).toBe(404);
    }
    expect((await signIn(limited, admin.email, admin.password, "192.0.2.77")).response.status).toBe(429);
    expect((await signIn(limited, admin.email, admin.password, "192.0.2.78")).response.status).toBe(200);
  });
});

describe("sessions", () => {
  it("GET /api/session answers a visitor with no user (200, so no page logs an error)", async () => {
    const response = await call(t, "GET", "/api/session");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
  });

  it("sign-out ends the session on the server and clears the cookie", async () => {
    const admin = await signedInAdmin(t);
    const response = await call(t, "POST", "/api/session/sign-out", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/session_token=;.*Max-Age=0/i);
    expect(await sessionsOf(admin.id)).toEqual([]);
    expect(await sessionUserOf(t, admin.cookie)).toBeNull();
    // Signing out twice, or without a session, is harmless.
    expect((await call(t, "POST", "/api/session/sign-out")).status).toBe(200);
  });

  it("sets a readable 'signed in' hint beside the session, and clears it at sign-out or once stale", async () => {
    const client = await signedInClient(t);
    const { response } = await signIn(t, client.email, client.password);
    const hint = response.headers.getSetCookie().find((cookie) => cookie.startsWith("signed_in=1"));
    // Not HttpOnly: the page's head script reads it. It holds nothing secret and opens nothing.
    expect(hint).toMatch(/Path=\/; .*SameSite=Lax/i);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(cookieFrom(response)).toContain("signed_in=1");

    const signOut = await call(t, "POST", "/api/session/sign-out", { cookie: cookieFrom(response) });
    expect(signOut.headers.getSetCookie().join()).toMatch(/signed_in=;.*Max-Age=0/i);
    // A hint whose session is gone (expired, or signed out elsewhere) is cleared by the next session check.
    const stale = await call(t, "GET", "/api/session", { cookie: "signed_in=1" });
    expect(await stale.json()).toEqual({ user: null });
    expect(stale.headers.getSetCookie().join()).toMatch(/signed_in=;.*Max-Age=0/i);
    // Alone, the hint grants nothing.
    expect((await call(t, "GET", "/api/clients", { cookie: "signed_in=1" })).status).toBe(401);
  });

  it("signs out after 5 minutes without an authenticated request, and deletes the session", async () => {
    const admin = await signedInAdmin(t);
    t.clock.advance(inactivitySignOutMs - 1);
    expect((await call(t, "GET", "/api/clients", { cookie: admin.cookie })).status).toBe(200);
    t.clock.advance(inactivitySignOutMs - 1);
    expect((await call(t, "GET", "/api/clients", { cookie: admin.cookie })).status).toBe(200);
    t.clock.advance(inactivitySignOutMs);
    const idle = await call(t, "GET", "/api/clients", { cookie: admin.cookie });
    expect(idle.status).toBe(401);
    expect(await idle.json()).toEqual({
      error: { code: "unauthenticated", message: messages.sessionExpired, reason: "idle" },
    });
    expect(idle.headers.getSetCookie().join()).toMatch(/Max-Age=0/i);
    expect(await sessionsOf(admin.id)).toEqual([]);
    t.clock.advance(-10 * 60_000);
    expect((await call(t, "GET", "/api/clients", { cookie: admin.cookie })).status).toBe(401);
  });

  it("reading GET /api/session is not activity; the heartbeat is", async () => {
    const admin = await signedInAdmin(t);
    t.clock.advance(200_000);
    expect(await sessionUserOf(t, admin.cookie)).not.toBeNull();
    t.clock.advance(100_000);
    expect(await sessionUserOf(t, admin.cookie)).toBeNull();

    const other = await signedInAdmin(t);
    t.clock.advance(200_000);
    expect((await call(t, "POST", "/api/session/heartbeat", { cookie: other.cookie })).status).toBe(204);
    t.clock.advance(200_000);
    expect(await sessionUserOf(t, other.cookie)).not.toBeNull();
  });

  it("the sweep deletes idle sessions and keeps live ones", async () => {
    const idle = await signedInAdmin(t);
    t.clock.advance(inactivitySignOutMs - 1000);
    const live = await signedInAdmin(t);
    t.clock.advance(1000);
    expect(await pruneSessions(db, t.clock.now(), inactivitySignOutMs)).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(idle.id)).toEqual([]);
    expect(await sessionsOf(live.id)).toHaveLength(1);
    expect(await sessionUserOf(t, live.cookie)).not.toBeNull();
  });

  it("refuses a tampered cookie", async () => {
    const admin = await signedInAdmin(t);
    const tampered = admin.cookie.replace(/=(.)/, (_, first: string) => `=${first === "a" ? "b" : "a"}`);
    expect(await sessionUserOf(t, tampered)).toBeNull();
  });

  it("refuses a state-changing request sent from another site", async () => {
    const admin = await signedInAdmin(t);
    const response = await t.app.request("/api/session/heartbeat", {
      method: "POST",
      headers: { cookie: admin.cookie, origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const ours = await t.app.request("http://localhost:3000/api/session/heartbeat", {
      method: "POST",
      headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
    });
    expect(ours.status).toBe(204);
  });
});

describe("first sign-in with a temporary password", () => {
  it("answers mustChangePassword, refuses other routes until the password changes, then lets them through", async () => {
    const client = await signedInClient(t, { mustChangePassword: true });
    const signedIn = await signIn(t, client.email, client.password);
    expect(await signedIn.response.json()).toEqual({ role: "client", mustChangePassword: true });
    const cookie = signedIn.cookie;
    const session = await call(t, "GET", "/api/session", { cookie });
    expect(await session.json()).toMatchObject({ user: { mustChangePassword: true } });

    // A client-only route (the client features come later): the guard refuses until the password changes.
    const guard = createSessionGuard({ auth: t.auth, db, clock: t.clock });
    const clientApp = new Hono<AppEnv>()
      .get("/mine", guard.requireClient, (c) => c.json({ id: c.get("signedIn").userId }))
      .onError((error, c) => errorResponse(c, error));
    const pending = await clientApp.request("/mine", { headers: { cookie } });
    expect(pending.status).toBe(403);
    expect(await pending.json()).toEqual({
      error: { code: "password-change-required", message: messages.passwordChangeRequired },
    });

    const same = await call(t, "POST", "/api/session/change-password", {
      cookie,
      body: { newPassword: client.password },
    });
    expect(same.status).toBe(400);
    const weak = await call(t, "POST", "/api/session/change-password", {
      cookie,
      body: { newPassword: "short" },
    });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ error: { code: "weak-password" } });

    const changed = await call(t, "POST", "/api/session/change-password", {
      cookie,
      body: { newPassword: "my-own-password" },
    });
    expect(changed.status).toBe(200);
    expect((await clientApp.request("/mine", { headers: { cookie } })).status).toBe(200);
    expect(await (await call(t, "GET", "/api/session", { cookie })).json()).toMatchObject({
      user: { mustChangePassword: false, locale: "en" },
    });
    expect((await signIn(t, client.email, client.password)).response.status).toBe(401);
    expect(await (await signIn(t, client.email, "my-own-password")).response.json()).toEqual({
      role: "client",
      mustChangePassword: false,
    });
  });

  it("refuses admin routes to an admin with a pending change", async () => {
    const admin = await signedInAdmin(t);
    await setMustChangePassword(db, admin.id, true);
    const response = await call(t, "GET", "/api/clients", { cookie: admin.cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "password-change-required" } });
  });

  it("needs the current password once no change is pending, and ends the other sessions", async () => {
    const admin = await signedInAdmin(t);
    const elsewhere = await signIn(t, admin.email, admin.password);
    const missing = await call(t, "POST", "/api/session/change-password", {
      cookie: admin.cookie,
      body: { newPassword: "brand-new-password" },
    });
    expect(missing.status).toBe(400);
    const wrong = await call(t, "POST", "/api/session/change-password", {
      cookie: admin.cookie,
      body: { currentPassword: "not-it-at-all", newPassword: "brand-new-password" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: { code: "wrong-password", message: messages.currentPasswordWrong },
    });
    const changed = await call(t, "POST", "/api/session/change-password", {
      cookie: admin.cookie,
      body: { currentPassword: admin.password, newPassword: "brand-new-password" },
    });
    expect(changed.status).toBe(200);
    expect(await sessionUserOf(t, admin.cookie)).not.toBeNull();
    expect(await sessionUserOf(t, elsewhere.cookie)).toBeNull();
    expect((await signIn(t, admin.email, "brand-new-password")).response.status).toBe(200);
  });
});
