import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, signedInClient, signIn } from "../../../test/support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";
import { resetTokenLifetimeSeconds } from "./auth.ts";

/** GET /api/password-reset/check: the reset page asks when it opens, before anyone types a new password. */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpSink();
  t = buildTestApp(testDb.db, {
    smtpUrl: smtp.url,
    env: { PUBLIC_URL: "https://swim.example", PASSWORD_RESET_RATE_LIMIT: "1000" },
  });
});
afterAll(async () => {
  await smtp.stop();
  await testDb.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Asks for a reset mail and returns the token of its link, read as a person would follow it. */
async function mailedToken(email: string): Promise<string> {
  expect((await call(t, "POST", "/api/password-reset", { body: { email } })).status).toBe(200);
  const mail = smtp.received.filter((received) => received.to.includes(email)).at(-1);
  const body = (mail?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const token = body.match(/\/reset-password\?token=([A-Za-z0-9%_-]+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(token);
}

const check = (token: string) =>
  call(t, "GET", `/api/password-reset/check?token=${encodeURIComponent(token)}`);

const invalid = { error: { code: "invalid-token", message: messages.resetLinkInvalid } };

describe("GET /api/password-reset/check", () => {
  it("accepts a fresh link without using it up: the new password is still taken afterwards", async () => {
    const client = await signedInClient(t);
    const token = await mailedToken(client.email);
    for (let i = 0; i < 2; i++) {
      const response = await check(token);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ valid: true });
    }
    const confirmed = await call(t, "POST", "/api/password-reset/confirm", {
      body: { token, newPassword: "after-the-check" },
    });
    expect(confirmed.status).toBe(200);
    expect((await signIn(t, client.email, "after-the-check")).response.status).toBe(200);
  });

  it("refuses a link once it has been used", async () => {
    const client = await signedInClient(t);
    const token = await mailedToken(client.email);
    await call(t, "POST", "/api/password-reset/confirm", { body: { token, newPassword: "used-once-123" } });
    const response = await check(token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalid);
  });

  it("refuses a link after its hour", async () => {
    const client = await signedInClient(t);
    const token = await mailedToken(client.email);
    // better-auth stamps the expiry with the system clock, so move that clock.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + resetTokenLifetimeSeconds * 1000 + 1000 });
    const response = await check(token);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(invalid);
  });

  it("refuses a link whose account was deleted since", async () => {
    const client = await signedInClient(t);
    const token = await mailedToken(client.email);
    await testDb.db.deleteFrom("user").where("id", "=", client.id).execute();
    expect((await check(token)).status).toBe(400);
  });

  it("refuses unknown, empty, missing and oversized tokens the same way", async () => {
    for (const path of [
      "/api/password-reset/check?token=not-a-token",
      "/api/password-reset/check?token=",
      "/api/password-reset/check",
      `/api/password-reset/check?token=${"x".repeat(500)}`,
    ]) {
      const response = await call(t, "GET", path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(invalid);
    }
  });

  it("does not match the stored (hashed) identifier given as the token", async () => {
    const client = await signedInClient(t);
    await mailedToken(client.email);
    const row = await testDb.db
      .selectFrom("verification")
      .select("identifier")
      .where("value", "=", client.id)
      .executeTakeFirstOrThrow();
    expect((await check(row.identifier)).status).toBe(400);
    expect((await check(row.identifier.replace(/^reset-password:/, ""))).status).toBe(400);
  });
});
