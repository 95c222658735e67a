import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  call,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signIn,
} from "../../../test/support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { authErrorMessages, messages } from "../../domain/messages.ts";
import type { Db } from "../db/database.ts";
import { resetTokenLifetimeSeconds } from "./auth.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  smtp = await startSmtpSink();
  t = buildTestApp(db, {
    smtpUrl: smtp.url,
    env: { PUBLIC_URL: "https://swim.example", TRUST_PROXY: "true", PASSWORD_RESET_RATE_LIMIT: "1000" },
  });
});
afterAll(async () => {
  await smtp.stop();
  await testDb.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const requestReset = (email: unknown, app: TestApp = t, ip = "198.51.100.20") =>
  call(app, "POST", "/api/password-reset", { body: { email }, ip });
const confirm = (token: string, newPassword: string) =>
  call(t, "POST", "/api/password-reset/confirm", { body: { token, newPassword } });

/** The token from the last mail to `to`, read from the link as a person would follow it. */
function linkTokenFor(to: string): string {
  const mail = smtp.received.filter((received) => received.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  // Quoted-printable may wrap the long line: unwrap it first.
  const body = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = body.match(/https:\/\/swim\.example\/reset-password\?token=([A-Za-z0-9%_-]+)/);
  if (!link?.[1]) throw new Error(`no reset link in:\n${mail.raw}`);
  return decodeURIComponent(link[1]);
}

describe("POST /api/password-reset", () => {
  it("asks for the email when it is empty", async () => {
    for (const email of ["", "   ", undefined]) {
      const response = await requestReset(email);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { message: messages.resetEmailRequired } });
    }
  });

  it("says the email is not registered when it is neither an admin's nor a client's", async () => {
    await t.auth.api.createUser({
      body: { email: "no-role@example.com", password: "no-role-password", name: "No Role" },
    });
    for (const email of ["stranger@example.com", "no-role@example.com", "not an email"]) {
      const response = await requestReset(email);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "email-not-registered", message: messages.resetEmailNotRegistered },
      });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it("mails a client a link to our /reset-password page whose token works once", async () => {
    const client = await signedInClient(t);
    const response = await requestReset(client.email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.resetEmailSent });

    const token = linkTokenFor(client.email);
    expect((await confirm(token, "chosen-by-me-1")).status).toBe(200);
    // Resetting signs the client out everywhere.
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    expect((await signIn(t, client.email, "chosen-by-me-1")).response.status).toBe(200);

    const again = await confirm(token, "chosen-by-someone-else");
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: { code: "invalid-token", message: messages.resetLinkInvalid },
    });
    expect((await signIn(t, client.email, "chosen-by-someone-else")).response.status).toBe(401);
  });

  it("mails an admin too, and the link expires after an hour", async () => {
    const admin = await signedInAdmin(t);
    expect((await requestReset(admin.email)).status).toBe(200);
    const token = linkTokenFor(admin.email);
    // better-auth stamps and checks the token's expiry with the system clock, so move that clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + resetTokenLifetimeSeconds * 1000 + 1000 });
    const late = await confirm(token, "too-late-password");
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: { code: "invalid-token" } });
    vi.useRealTimers();
    expect((await signIn(t, admin.email, admin.password)).response.status).toBe(200);
  });

  it("keeps no usable token in the database", async () => {
    const client = await signedInClient(t);
    await requestReset(client.email);
    const token = linkTokenFor(client.email);
    const rows = await db
      .selectFrom("verification")
      .select("identifier")
      .where("value", "=", client.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).not.toContain(token);
  });

  it("refuses a weak new password and leaves the token usable", async () => {
    const client = await signedInClient(t);
    await requestReset(client.email);
    const token = linkTokenFor(client.email);
    const weak = await confirm(token, "short");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({
      error: { code: "weak-password", message: authErrorMessages["weak-password"] },
    });
    expect((await confirm(token, "long-enough-now")).status).toBe(200);
  });

  it("clears a pending temporary-password change and a sign-in lockout", async () => {
    const client = await signedInClient(t, { mustChangePassword: true });
    await db
      .insertInto("signInFailure")
      .values(
        Array.from({ length: 100 }, () => ({
          email: client.email,
          ipAddress: "203.0.113.1",
          createdAt: t.clock.now().toISOString(),
        })),
      )
      .execute();
    expect((await signIn(t, client.email, client.password)).response.status).toBe(429);
    await requestReset(client.email);
    expect((await confirm(linkTokenFor(client.email), "after-the-reset")).status).toBe(200);
    const { response } = await signIn(t, client.email, "after-the-reset");
    expect(await response.json()).toEqual({ role: "client", mustChangePassword: false });
  });

  it("answers only at our route: better-auth's own /api/auth/reset-password is not reachable", async () => {
    const client = await signedInClient(t);
    await requestReset(client.email);
    const token = linkTokenFor(client.email);
    const theirs = await call(t, "POST", "/api/auth/reset-password", {
      body: { token, newPassword: "via-better-auth" },
    });
    expect(theirs.status).toBe(404);
    expect(((await theirs.json()) as { error: { code: string } }).error.code).toBe("not-found");
    expect((await confirm(token, "via-our-route")).status).toBe(200); // the token was not used up there
    expect((await signIn(t, client.email, "via-our-route")).response.status).toBe(200);
  });

  it("limits how many resets one address may ask for", async () => {
    const limited = buildTestApp(db, { env: { TRUST_PROXY: "true", PASSWORD_RESET_RATE_LIMIT: "2" } });
    expect((await requestReset("x@example.com", limited, "192.0.2.50")).status).toBe(404);
    expect((await requestReset("x@example.com", limited, "192.0.2.50")).status).toBe(404);
    const limitedResponse = await requestReset("x@example.com", limited, "192.0.2.50");
    expect(limitedResponse.status).toBe(429);
    expect(limitedResponse.headers.get("retry-after")).toBeTruthy();
    expect((await requestReset("x@example.com", limited, "192.0.2.51")).status).toBe(404);
  });
});

describe("better-auth's own endpoints", () => {
  it("answer only where they cannot bypass our rules", async () => {
    expect((await call(t, "GET", "/api/auth/ok")).status).toBe(200);
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/admin/create-user",
    ]) {
      const response = await call(t, "POST", path, {
        body: { email: "new@example.com", password: "password-123", name: "New" },
      });
      expect(response.status).toBe(404);
    }
    expect((await call(t, "GET", "/api/auth/get-session")).status).toBe(404);
    expect(await db.selectFrom("user").select("id").where("email", "=", "new@example.com").execute()).toEqual(
      [],
    );
  });
});
