import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type { GuardiansResponse } from "../../domain/guardians.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import { createApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { createLog } from "../http/log.ts";
import { wire } from "../wiring.ts";
import { hashInvitationToken } from "./invitations-service.ts";

/**
 * Second guardians by invitation (issue 26), through the real routes, the real outbox and a loopback SMTP server:
 * household A has its first guardian A1; household B has B1. Every log line the app writes is kept, to show that the
 * link's token is never in it, nor in the database.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let sink: SmtpSink;
let t: TestApp;
const logLines: string[] = [];
let admin: TestAccount;
let a1: TestAccount;
let b1: TestAccount;

const progressOnly: GuardianPermissions = { book: false, pay: false, progress: true, mail: false };
const everything: GuardianPermissions = { book: true, pay: true, progress: true, mail: true };
let unique = 0;
const newEmail = (name: string) => `${name}-${++unique}@example.com`;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  sink = await startSmtpSink();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "debug",
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    PUBLIC_URL: "https://swim.example",
    SMTP_URL: sink.url,
  });
  const clock = testClock("2026-03-02T10:00:00.000Z");
  const wiring = wire(config, db, { clock, log: createLog("debug", (line) => logLines.push(line)) });
  t = { ...wiring, app: createApp(wiring), clock };
  admin = await signedInAdmin(t);
  a1 = await signedInClient(t, { firstName: "Ana", lastName: "Núñez" });
  b1 = await signedInClient(t, { firstName: "Berta", lastName: "Bravo" });
});
afterAll(async () => {
  await sink.stop();
  await testDb.close();
});
beforeEach(() => {
  sink.received = [];
});

/** The text of a raw message as sent, with quoted-printable soft breaks and escapes undone. */
const decodedRaw = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** The link in the last mail the SMTP server received for `email`. */
function mailedLink(email: string): string {
  const mail = sink.received.filter((received) => received.to.includes(email.toLowerCase())).at(-1);
  const link = /https:\/\/swim\.example\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(
    decodedRaw(mail?.raw ?? ""),
  );
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return link[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

const invite = (as: TestAccount, email: string, permissions = progressOnly, clientId = a1.id) =>
  call(t, "POST", `/api/clients/${clientId}/guardians/invitations`, {
    cookie: as.cookie,
    body: { email, permissions },
  });
const check = (token: string) =>
  call(t, "GET", `/api/guardian-invitations/check?token=${encodeURIComponent(token)}`);
const accept = (token: string, password = "chosen-password-1", [firstName, lastName] = ["Pablo", "Núñez"]) =>
  call(t, "POST", "/api/guardian-invitations/accept", {
    body: { token, firstName, lastName, password },
  });
const listOf = async (as: TestAccount, clientId = a1.id) =>
  (await (
    await call(t, "GET", `/api/clients/${clientId}/guardians`, { cookie: as.cookie })
  ).json()) as GuardiansResponse;
const codeOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string } }).error.code;

/** Invites `email` as A1 and returns the mailed token. */
async function invited(email: string, permissions = progressOnly): Promise<string> {
  const response = await invite(a1, email, permissions);
  expect(response.status).toBe(201);
  return tokenOf(mailedLink(email));
}

/** A guardian of A made through an invitation, signed in. */
async function acceptedGuardian(permissions = progressOnly): Promise<TestAccount> {
  const email = newEmail("guardian");
  expect((await accept(await invited(email, permissions))).status).toBe(200);
  const { response, cookie } = await signIn(t, email, "chosen-password-1");
  expect(response.status).toBe(200);
  const user = (await (await call(t, "GET", "/api/session", { cookie })).json()) as { user: { id: string } };
  return { id: user.user.id, email, password: "chosen-password-1", cookie };
}

describe("inviting a second guardian", () => {
  it("mails the link; the token is in no table, no stored mail and no log line", async () => {
    const email = newEmail("pablo");
    const response = await invite(a1, email);
    expect(response.status).toBe(201);
    const link = mailedLink(email);
    const token = tokenOf(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = decodedRaw(sink.received.at(-1)?.raw ?? "");
    expect(mail).toContain("Ana Núñez");
    expect(mail).toContain("Aqua Nest Swim School");

    const stored = await db.selectFrom("mailOutbox").selectAll().where("toAddress", "=", email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.status).toBe("sent");
    expect(JSON.stringify(stored)).not.toContain(token);
    const invitations = await db
      .selectFrom("guardianInvitation")
      .selectAll()
      .where("email", "=", email)
      .execute();
    expect(invitations).toHaveLength(1);
    expect(invitations[0]?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(invitations)).not.toContain(token);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => line.includes(token) || line.includes("accept-invitation"))).toEqual([]);

    const list = await call(t, "GET", `/api/clients/${a1.id}/guardians`, { cookie: a1.cookie });
    const text = await list.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(hashInvitationToken(token));
    const listed = JSON.parse(text) as GuardiansResponse;
    expect(listed.guardians).toEqual([
      { userId: a1.id, name: "Ana Núñez", email: a1.email, permissions: everything, first: true },
    ]);
    expect(listed.invitations).toEqual([
      { id: invitations[0]?.id, email, permissions: progressOnly, expiresAt: "2026-03-09T10:00:00.000Z" },
    ]);
  });

  it("accepting makes a guardian with exactly the chosen permissions, once", async () => {
    const email = newEmail("carmen");
    const permissions = { book: true, pay: false, progress: true, mail: true };
    const token = await invited(email, permissions);
    const checked = await check(token);
    expect(checked.status).toBe(200);
    expect(await checked.json()).toEqual({ household: "Ana Núñez", email });

    const accepted = await accept(token);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as { email: string }).email).toBe(email);
    const { response, cookie } = await signIn(t, email, "chosen-password-1");
    expect(response.status).toBe(200);
    const session = (await (await call(t, "GET", "/api/session", { cookie })).json()) as { user: unknown };
    expect(session.user).toMatchObject({
      email,
      name: "Pablo Núñez",
      role: "client",
      mustChangePassword: false,
      guardianOf: { householdId: a1.id, permissions },
    });

    const again = await accept(token, "another-password-1");
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe("invalid-token");
    expect((await check(token)).status).toBe(400);
    expect((await signIn(t, email, "another-password-1")).response.status).not.toBe(200);
    expect((await listOf(a1)).invitations.map((invitation) => invitation.email)).not.toContain(email);
  });

  it("refuses an expired link, an unknown one and a malformed one with the same answer", async () => {
    const token = await invited(newEmail("late"));
    t.clock.advance(7 * 24 * 60 * 60 * 1000 + 60_000);
    try {
      for (const response of [
        await check(token),
        await accept(token),
        await check("x".repeat(43)),
        await check("not a token"),
      ]) {
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({
          error: {
            code: "invalid-token",
            message: "This invitation link is invalid or has expired. Please ask for a new one.",
          },
        });
      }
    } finally {
      t.clock.advance(-(7 * 24 * 60 * 60 * 1000 + 60_000));
    }
  });

  it("of two accepts racing with one link, exactly one wins", async () => {
    const email = newEmail("race");
    const token = await invited(email);
    const statuses = (
      await Promise.all([accept(token, "first-password-1"), accept(token, "second-password-1")])
    ).map((response) => response.status);
    expect(statuses.sort()).toEqual([200, 400]);
    expect(await db.selectFrom("user").select("id").where("email", "=", email).execute()).toHaveLength(1);
    const guardians = await listOf(a1);
    expect(guardians.guardians.filter((guardian) => guardian.email === email)).toHaveLength(1);
  });

  it("keeps a refused password from using the link up", async () => {
    const token = await invited(newEmail("short"));
    const weak = await accept(token, "short");
    expect(weak.status).toBe(400);
    expect(await codeOf(weak)).toBe("weak-password");
    expect((await check(token)).status).toBe(200);
  });

  it("refuses an address that already has an account, and replaces a pending invitation for the same address", async () => {
    const taken = await invite(a1, b1.email);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: {
        code: "email-already-in-use",
        field: "email",
        message: expect.stringContaining("guardian of one family"),
      },
    });
    expect(sink.received).toEqual([]);

    const email = newEmail("twice");
    const first = await invited(email);
    const second = await invited(email.toUpperCase(), everything);
    expect(second).not.toBe(first);
    expect((await check(first)).status).toBe(400);
    expect((await check(second)).status).toBe(200);
    const pending = (await listOf(a1)).invitations.filter((invitation) => invitation.email === email);
    expect(pending.map((invitation) => invitation.permissions)).toEqual([everything]);
  });

  it("writes the mail in the inviter's language", async () => {
    const email = newEmail("lucia");
    const response = await call(t, "POST", `/api/clients/${a1.id}/guardians/invitations`, {
      cookie: a1.cookie,
      body: { email, permissions: progressOnly },
      headers: { "accept-language": "es-ES,es;q=0.9" },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { message: string }).message).toBe(`Invitación enviada a ${email}.`);
    const stored = await db
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", email)
      .executeTakeFirstOrThrow();
    expect(stored.subject).toBe("Te invitan a la familia Ana Núñez en Aqua Nest Swim School");
    expect(stored.body).toContain(
      "Elige tu contraseña y abre tu cuenta aquí: [removed from the stored copy]",
    );
  });

  it("refuses an invitation with no permission at all", async () => {
    const response = await invite(a1, newEmail("nothing"), {
      book: false,
      pay: false,
      progress: false,
      mail: false,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "validation", message: "Choose at least one thing they may do." },
    });
  });

  it("lets the school invite, and withdrawing an invitation kills its link", async () => {
    const email = newEmail("school");
    expect((await invite(admin, email)).status).toBe(201);
    const token = tokenOf(mailedLink(email));
    const id = (await listOf(admin)).invitations.find((invitation) => invitation.email === email)?.id;
    const revoked = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/invitations/${id}`, {
      cookie: a1.cookie,
    });
    expect(revoked.status).toBe(200);
    expect((await check(token)).status).toBe(400);
    const gone = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/invitations/${id}`, {
      cookie: a1.cookie,
    });
    expect(gone.status).toBe(404);
  });
});

describe("who manages a household's guardians", () => {
  it("lets a progress-only guardian see the list, not invite, revoke or remove", async () => {
    const a2 = await acceptedGuardian(progressOnly);
    const other = await acceptedGuardian(everything);
    const listed = await listOf(a2);
    expect(listed.guardians.map((guardian) => guardian.email)).toEqual(
      expect.arrayContaining([a1.email, a2.email]),
    );

    const refusedInvite = await invite(a2, newEmail("by-a2"));
    expect(refusedInvite.status).toBe(403);
    expect(await codeOf(refusedInvite)).toBe("permission-denied");
    expect(sink.received.filter((mail) => mail.to.some((to) => to.startsWith("by-a2")))).toEqual([]);
    const remove = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/${other.id}`, {
      cookie: a2.cookie,
    });
    expect(remove.status).toBe(403);
    const pendingId = (await listOf(a1)).invitations[0]?.id ?? "none";
    const revoke = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/invitations/${pendingId}`, {
      cookie: a2.cookie,
    });
    expect(revoke.status).toBe(403);
    expect((await call(t, "GET", "/api/session", { cookie: other.cookie })).status).toBe(200);
    // A full second guardian may invite.
    expect((await invite(other, newEmail("by-other"))).status).toBe(201);
  });

  it("keeps household B's guardian out of A's list and A's invitations", async () => {
    expect((await call(t, "GET", `/api/clients/${a1.id}/guardians`, { cookie: b1.cookie })).status).toBe(403);
    expect((await invite(b1, newEmail("by-b1"))).status).toBe(403);
    const a2 = await acceptedGuardian(everything);
    const removeA2 = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/${a2.id}`, {
      cookie: b1.cookie,
    });
    expect(removeA2.status).toBe(403);
    // B1's own household, naming A's guardian: not a guardian there.
    const crossed = await call(t, "DELETE", `/api/clients/${b1.id}/guardians/${a2.id}`, {
      cookie: b1.cookie,
    });
    expect(crossed.status).toBe(404);
    expect((await call(t, "GET", "/api/session", { cookie: a2.cookie })).status).toBe(200);
    expect((await call(t, "GET", `/api/clients/${a1.id}/guardians`, { cookie: a2.cookie })).status).toBe(200);
  });
});

describe("removing a guardian", () => {
  it("ends their session at once and takes their login", async () => {
    const a2 = await acceptedGuardian(progressOnly);
    expect((await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: a2.cookie })).status).toBe(200);
    const removed = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/${a2.id}`, {
      cookie: a1.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: a2.cookie })).status).toBe(401);
    const session = (await (await call(t, "GET", "/api/session", { cookie: a2.cookie })).json()) as {
      user: unknown;
    };
    expect(session.user).toBeNull();
    expect((await signIn(t, a2.email, a2.password)).response.status).not.toBe(200);
    expect((await listOf(a1)).guardians.map((guardian) => guardian.userId)).not.toContain(a2.id);
  });

  it("the clients search finds the family by a guardian's name while they are one of it", async () => {
    const search = async () =>
      (
        (await (await call(t, "GET", "/api/clients?search=quiñonero", { cookie: admin.cookie })).json()) as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    const email = newEmail("xiomara");
    expect((await accept(await invited(email), "chosen-password-1", ["Xiomara", "Quiñonero"])).status).toBe(
      200,
    );
    expect(await search()).toEqual([a1.id]);
    const guardian = (await listOf(a1)).guardians.find((each) => each.email === email);
    const removed = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/${guardian?.userId}`, {
      cookie: a1.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await search()).toEqual([]);
  });

  it("never removes the household's first guardian", async () => {
    for (const as of [a1, admin]) {
      const response = await call(t, "DELETE", `/api/clients/${a1.id}/guardians/${a1.id}`, {
        cookie: as.cookie,
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        error: {
          code: "first-guardian",
          message: expect.stringContaining("first guardian cannot be removed"),
        },
      });
    }
    expect((await call(t, "GET", "/api/session", { cookie: a1.cookie })).status).toBe(200);
    expect((await listOf(a1)).guardians[0]).toMatchObject({ userId: a1.id, first: true });
  });
});

describe("the short searches' word tables (docs/decisions/043)", () => {
  it("hold exactly the words of the names and titles left by the tests above: the guardians who accepted an invitation", async () => {
    await expectWordTablesTrue(testDb.db);
  });
});
