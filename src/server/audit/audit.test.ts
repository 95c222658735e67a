import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addPassedLevel, addSwimmer, createBooking } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { AuditEntryView, AuditLogResponse } from "../../domain/audit.ts";
import type { Db } from "../db/database.ts";
import { actingAs } from "../http/acting-person.ts";
import { recordAudit } from "./service.ts";

/**
 * The audit log (issue 30): the changes an owner or instructor makes are written with who, when, what and the
 * values that matter, in the change's own transaction; never a password or a token; the table refuses to be
 * rewritten; the page is the owner's and finds an instructor's change by their name.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let instructor: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db);
  owner = await signedInAdmin(t);
  instructor = await signedInInstructor(t, { name: "Ivy Marsh" });
});
afterAll(() => testDb.close());

/** Every entry, oldest first, as stored. */
const allEntries = () => db.selectFrom("auditEntry").selectAll().orderBy("id").execute();

/** The whole table as one text: what a secret must never be found in. */
async function tableText(): Promise<string> {
  return JSON.stringify(await allEntries());
}

async function auditLog(account: TestAccount, query = ""): Promise<AuditLogResponse> {
  const response = await call(t, "GET", `/api/audit-log${query}`, { cookie: account.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as AuditLogResponse;
}

const registration = (email: string) => ({
  firstName: "Nora",
  lastName: "Núñez",
  email,
  phoneNumber: "5550101",
  defaultPackType: "4_60",
  address: "1 Pool Lane",
  accessNotes: "",
});

describe("what the log records", () => {
  it("a registration: the owner's name, the client's values, never the temporary password", async () => {
    const email = `nora-${randomUUID()}@example.com`;
    const response = await call(t, "POST", "/api/clients", {
      cookie: owner.cookie,
      body: registration(email),
    });
    expect(response.status).toBe(201);
    const { client, temporaryPassword } = (await response.json()) as {
      client: { id: string };
      temporaryPassword: string;
    };
    const again = await call(t, "POST", `/api/clients/${client.id}/temporary-password`, {
      cookie: owner.cookie,
    });
    const second = ((await again.json()) as { temporaryPassword: string }).temporaryPassword;

    const entries = (await allEntries()).filter((entry) => entry.entityId === client.id);
    expect(entries.map((entry) => [entry.entityKind, entry.action, entry.actorUserId])).toEqual([
      ["client", "created", owner.id],
      ["client", "temporary-password-issued", owner.id],
    ]);
    expect(JSON.parse(entries[0]?.after ?? "{}")).toMatchObject({ lastName: "Núñez", email });
    const text = await tableText();
    expect(text).not.toContain(temporaryPassword);
    expect(text).not.toContain(second);
    // The re-issue is recorded as an action, with no value at all.
    expect(entries[1]?.before).toBeNull();
    expect(entries[1]?.after).toBeNull();
  });

  it("an edit keeps the values before and after; a refused edit writes nothing", async () => {
    const email = `edit-${randomUUID()}@example.com`;
    const created = await call(t, "POST", "/api/clients", {
      cookie: owner.cookie,
      body: registration(email),
    });
    const { client } = (await created.json()) as { client: { id: string } };
    const edited = await call(t, "PATCH", `/api/clients/${client.id}`, {
      cookie: owner.cookie,
      body: { phoneNumber: "5550199" },
    });
    expect(edited.status).toBe(200);
    const before = (await allEntries()).length;
    const refused = await call(t, "PATCH", `/api/clients/${client.id}`, {
      cookie: owner.cookie,
      body: { email: owner.email },
    });
    expect(refused.status).toBe(409);
    expect((await allEntries()).length).toBe(before);

    const { entries } = await auditLog(owner);
    const update = entries.find((entry) => entry.entityId === client.id && entry.action === "updated");
    expect(update?.changes).toEqual([{ field: "phoneNumber", before: "5550101", after: "5550199" }]);
  });

  it("a share token and any field outside the kind's list never reach the table", async () => {
    const guardian = await signedInClient(t, { firstName: "Sara", lastName: "Share" });
    const swimmerId = await addSwimmer(db, { clientId: guardian.id, firstName: "Tom" });
    const draft = await addPassedLevel(db, { swimmerId, byUserId: instructor.id, publishedAt: null });
    const approved = await call(t, "POST", `/api/level-results/${draft}/approve`, { cookie: owner.cookie });
    expect(approved.status).toBe(200);
    const shared = await call(t, "POST", `/api/level-results/${draft}/share`, { cookie: guardian.cookie });
    expect(shared.status).toBe(200);
    const { url } = (await shared.json()) as { url: string };
    const token = url.split("/").pop() ?? "";
    expect(token.length).toBeGreaterThan(10);

    // A careless call handing over a whole row with secrets in it: only the kind's fields are kept.
    await db.transaction().execute((trx) =>
      actingAs({ userId: owner.id, name: "Owner", role: "admin" }, () =>
        recordAudit(trx, {
          kind: "level-result",
          id: draft,
          action: "approved",
          after: {
            certificateNumber: "C-1",
            shareToken: token,
            shareTokenHash: "hash-of-it",
            password: "hunter2-secret",
            temporaryPassword: "Temp-Secret-1",
            sessionId: "session-secret",
          },
        }),
      ),
    );
    const text = await tableText();
    for (const secret of [token, "hash-of-it", "hunter2-secret", "Temp-Secret-1", "session-secret"]) {
      expect(text).not.toContain(secret);
    }
    const last = (await allEntries()).at(-1);
    expect(JSON.parse(last?.after ?? "{}")).toEqual({ certificateNumber: "C-1" });
    const approval = (await allEntries()).find(
      (entry) => entry.entityKind === "level-result" && entry.actorUserId === owner.id,
    );
    expect(approval?.householdId).toBe(guardian.id);
  });
});

describe("an instructor's change in the owner's log", () => {
  it("a lesson recorded on /today and feedback appear under the instructor's name; the owner finds them by it", async () => {
    const guardian = await signedInClient(t, { firstName: "Ana", lastName: "Ruiz" });
    const leo = await addSwimmer(db, { clientId: guardian.id, firstName: "Leo" });
    const booking = await createBooking(db, {
      clientId: guardian.id,
      dates: [
        { date: "2026-03-02", startTime: "10:30", instructorId: instructor.id, swimmers: [{ id: leo }] },
        { date: "2026-02-23", startTime: "10:30", instructorId: instructor.id, swimmers: [{ id: leo }] },
      ],
    });
    const lessonId = booking.lessonIds["2026-03-02"] as number;
    const body = new FormData();
    body.append(
      "record",
      JSON.stringify({
        date: "2026-03-02",
        startTime: "10:30",
        swimmers: [{ swimmerId: leo, attendance: "present", feedback: "Floated alone!" }],
      }),
    );
    const recorded = await t.app.request(`/api/lessons/${lessonId}/record`, {
      method: "POST",
      headers: { cookie: instructor.cookie, "Idempotency-Key": `save-${randomUUID()}` },
      body,
    });
    expect(recorded.status).toBe(200);
    const feedback = await call(t, "PUT", `/api/bookings/${booking.bookingId}/feedback`, {
      cookie: instructor.cookie,
      body: { feedbacks: { "2026-02-23": "Kicked well." } },
    });
    expect(feedback.status).toBe(200);

    const { entries, total } = await auditLog(owner, "?person=ivy");
    expect(total).toBe(2);
    expect(entries.map((entry) => [entry.actorName, entry.actorRole, entry.entityKind])).toEqual([
      ["Ivy Marsh", "instructor", "feedback"],
      ["Ivy Marsh", "instructor", "lesson-record"],
    ]);
    const record = entries[1] as AuditEntryView;
    expect(record.householdId).toBe(guardian.id);
    expect(record.changes).toContainEqual({
      field: "swimmers",
      before: [{ firstName: "Leo", attendance: null, feedback: null }],
      after: [{ firstName: "Leo", attendance: "present", feedback: "Floated alone!" }],
    });
    expect(entries[0]?.changes).toEqual([
      { field: "date", before: undefined, after: "2026-02-23" },
      { field: "swimmer", before: undefined, after: "Leo" },
      { field: "feedback", before: undefined, after: "Kicked well." },
    ]);
  });

  it("is the owner's alone", async () => {
    const guardian = await signedInClient(t);
    for (const [account, status] of [
      [instructor, 403],
      [guardian, 403],
    ] as const) {
      expect((await call(t, "GET", "/api/audit-log", { cookie: account.cookie })).status).toBe(status);
    }
    expect((await call(t, "GET", "/api/audit-log")).status).toBe(401);
  });
});

describe("the log's search", () => {
  it("by date range (school days, included) and by page, newest first", async () => {
    // Entries carry the real moment they were written: the day before today (UTC) is before all of them.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const all = await auditLog(owner, `?from=2020-01-01&to=2099-12-31`);
    expect(all.total).toBe((await allEntries()).length);
    expect((await auditLog(owner, "?from=2020-01-01&to=2020-12-31")).total).toBe(0);
    const ids = all.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    // 30 more: two pages of 25 at least, no entry on both.
    await db.transaction().execute(async (trx) => {
      for (let index = 0; index < 30; index++) {
        await recordAudit(trx, { kind: "credit", id: index + 1, action: "issued" });
      }
    });
    const first = await auditLog(owner, `?from=${yesterday}&to=2099-12-31`);
    const second = await auditLog(owner, `?from=${yesterday}&to=2099-12-31&page=2`);
    expect(first.entries).toHaveLength(25);
    expect(second.entries.length).toBeGreaterThan(0);
    expect(second.entries.some((entry) => first.entries.some((other) => other.id === entry.id))).toBe(false);
    expect(first.entries[0]?.actorRole).toBe("system");

    const bad = await call(t, "GET", "/api/audit-log?from=2026-03-05&to=2026-03-01", {
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
  });
});

describe("append-only", () => {
  it("the database refuses to update, delete or empty an entry", async () => {
    const [entry] = await allEntries();
    expect(entry).toBeDefined();
    await expect(
      db
        .updateTable("auditEntry")
        .set({ actorName: "Someone else" })
        .where("id", "=", entry?.id ?? 0)
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db
        .deleteFrom("auditEntry")
        .where("id", "=", entry?.id ?? 0)
        .execute(),
    ).rejects.toThrow(/append-only/);
    if (testDb.engine === "postgres") {
      await expect(sql`truncate "auditEntry"`.execute(db)).rejects.toThrow(/append-only/);
    }
    expect((await allEntries())[0]).toEqual(entry);
  });

  it("deleting a client keeps the client's entries, the deletion's own included", async () => {
    const email = `gone-${randomUUID()}@example.com`;
    const created = await call(t, "POST", "/api/clients", {
      cookie: owner.cookie,
      body: registration(email),
    });
    const { client } = (await created.json()) as { client: { id: string } };
    const deleted = await call(t, "DELETE", `/api/clients/${client.id}`, { cookie: owner.cookie });
    expect(deleted.status).toBe(200);
    expect(await db.selectFrom("client").select("id").where("id", "=", client.id).execute()).toEqual([]);
    const entries = (await allEntries()).filter((entry) => entry.householdId === client.id);
    expect(entries.map((entry) => entry.action)).toEqual(["created", "deleted"]);
    expect(JSON.parse(entries[1]?.before ?? "{}")).toMatchObject({ email, lastName: "Núñez" });
  });
});
