import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";

/** The admin's help for a client who lost their password: a new temporary password, or a reset link. */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let t: TestApp;
let admin: TestAccount;
beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpSink();
  t = buildTestApp(testDb.db, { smtpUrl: smtp.url, env: { PUBLIC_URL: "https://swim.example" } });
  admin = await signedInAdmin(t);
});
afterAll(async () => {
  await smtp.stop();
  await testDb.close();
});

const issue = (clientId: string, cookie = admin.cookie) =>
  call(t, "POST", `/api/clients/${clientId}/temporary-password`, { cookie });

describe("POST /api/clients/:id/temporary-password", () => {
  it("answers a new 8-character password once; the old one stops working and the new one must be changed", async () => {
    const client = await signedInClient(t);
    const response = await issue(client.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { temporaryPassword: string; message: string };
    expect(body.temporaryPassword).toMatch(/^[A-Za-z2-9]{8}$/);
    expect(body.message).toBe(messages.temporaryPasswordIssued(body.temporaryPassword));

    expect((await signIn(t, client.email, client.password)).response.status).toBe(401);
    const withNew = await signIn(t, client.email, body.temporaryPassword);
    expect(withNew.response.status).toBe(200);
    expect(await withNew.response.json()).toEqual({ role: "client", mustChangePassword: true });
    // Until the client chooses their own, their routes refuse.
    const own = await call(t, "GET", `/api/clients/${client.id}`, { cookie: withNew.cookie });
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe("password-change-required");
  });

  it("signs the client out everywhere at once", async () => {
    const client = await signedInClient(t);
    const second = await signIn(t, client.email, client.password);
    expect(await sessionUserOf(t, client.cookie)).not.toBeNull();
    expect((await issue(client.id)).status).toBe(200);
    expect(await sessionUserOf(t, client.cookie)).toBeNull();
    expect(await sessionUserOf(t, second.cookie)).toBeNull();
    // The admin stays signed in.
    expect(await sessionUserOf(t, admin.cookie)).not.toBeNull();
  });

  it("gives a new password each time", async () => {
    const client = await signedInClient(t);
    const first = (await (await issue(client.id)).json()) as { temporaryPassword: string };
    const second = (await (await issue(client.id)).json()) as { temporaryPassword: string };
    expect(second.temporaryPassword).not.toBe(first.temporaryPassword);
    expect((await signIn(t, client.email, first.temporaryPassword)).response.status).toBe(401);
    expect((await signIn(t, client.email, second.temporaryPassword)).response.status).toBe(200);
  });

  it("lifts a sign-in lock from earlier failed attempts", async () => {
    const client = await signedInClient(t);
    await testDb.db
      .insertInto("signInFailure")
      .values(
        Array.from({ length: 100 }, () => ({
          email: client.email,
          ipAddress: "203.0.113.9",
          createdAt: t.clock.now().toISOString(),
        })),
      )
      .execute();
    expect((await signIn(t, client.email, client.password)).response.status).toBe(429);
    const { temporaryPassword } = (await (await issue(client.id)).json()) as { temporaryPassword: string };
    expect((await signIn(t, client.email, temporaryPassword)).response.status).toBe(200);
  });

  it("404s for an unknown client and for an admin's id, changing nothing", async () => {
    const unknown = await issue("abcdefghijklmnopqrstuvwxyz012345");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("client-not-found");
    const other = await signedInAdmin(t);
    expect((await issue(other.id)).status).toBe(404);
    expect((await signIn(t, other.email, other.password)).response.status).toBe(200);
    expect((await issue("not a valid id!")).status).toBe(400);
  });
});

describe("POST /api/clients/:id/reset-link", () => {
  it("mails the client a reset link and says where it went", async () => {
    const client = await signedInClient(t);
    const response = await call(t, "POST", `/api/clients/${client.id}/reset-link`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.resetLinkSentTo(client.email) });
    const mail = smtp.received.filter((received) => received.to.includes(client.email)).at(-1);
    expect(mail?.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toMatch(
      /https:\/\/swim\.example\/reset-password\?token=[\w-]+/,
    );
    // The client keeps their password until they follow the link.
    expect((await signIn(t, client.email, client.password)).response.status).toBe(200);
  });

  it("404s for an unknown client", async () => {
    const response = await call(t, "POST", "/api/clients/abcdefghijklmnopqrstuvwxyz012345/reset-link", {
      cookie: admin.cookie,
    });
    expect(response.status).toBe(404);
  });
});
