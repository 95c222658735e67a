import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import { type CancellationPolicy, defaultPolicy, type PolicyResponse } from "../../domain/policy.ts";
import type { Db } from "../db/database.ts";
import { currentPolicy, policyByVersion, savePolicy } from "./service.ts";

/**
 * The cancellation policy's API (issue 29) on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL): anyone
 * signed in reads the version in force in their language; the owner's edit is a new version, and a lesson keeps the
 * version it was booked under.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let parent: TestAccount;
let instructor: TestAccount;
const clock = testClock("2026-03-02T10:00:00.000Z");

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock, env: { TZ_SCHOOL: "Europe/Madrid" } });
  owner = await signedInAdmin(t);
  parent = await signedInClient(t, { firstName: "Paula", lastName: "Parent" });
  instructor = await signedInInstructor(t);
});
afterAll(() => testDb.close());
beforeEach(async () => {
  // Each test starts from the policy the migration wrote (version 1) with no lesson pointing past it.
  await db.deleteFrom("lesson").execute();
  await db.deleteFrom("cancellationPolicy").where("version", ">", 1).execute();
});

const read = async (account: TestAccount | undefined, language = "en") => {
  const response = await call(t, "GET", "/api/policy", {
    cookie: account?.cookie,
    headers: { "accept-language": language },
  });
  return { status: response.status, body: (await response.json()) as PolicyResponse & ErrorBody };
};
const save = (body: unknown, account: TestAccount = owner, language = "en") =>
  call(t, "PUT", "/api/settings/policy", {
    cookie: account.cookie,
    body,
    headers: { "accept-language": language },
  });

describe("GET /api/policy", () => {
  it("answers version 1, the default policy, with its words, to a parent, an instructor and the owner", async () => {
    for (const account of [parent, instructor, owner]) {
      const { status, body } = await read(account);
      expect(status).toBe(200);
      expect(body.version).toBe(1);
      expect(body.policy).toEqual(defaultPolicy);
      expect(body.words[0]).toBe(
        "Cancel at least 24 hours before a class and you get a credit for it, valid for 60 days.",
      );
    }
  });

  it("speaks the reader's language", async () => {
    const { body } = await read(parent, "es");
    expect(body.words[0]).toBe(
      "Cancela al menos 24 horas antes de una clase y recibirás un crédito por ella, válido durante 60 días.",
    );
  });

  it("refuses a visitor", async () => {
    expect((await read(undefined)).status).toBe(401);
  });
});

describe("PUT /api/settings/policy", () => {
  const longer: CancellationPolicy = { ...defaultPolicy, noticeHours: 48 };

  it("writes a new version, leaves the old one as it was, and everyone reads the new one", async () => {
    const response = await save(longer);
    expect(response.status).toBe(200);
    const saved = (await response.json()) as PolicyResponse;
    expect(saved).toMatchObject({ version: 2, policy: longer, message: "Cancellation policy saved." });
    expect(saved.words[0]).toContain("at least 48 hours before a class");
    const { body } = await read(parent);
    expect(body.version).toBe(2);
    expect(body.words[0]).toContain("48 hours");
    expect((await policyByVersion(db, 1))?.policy).toEqual(defaultPolicy);
    const rows = await db.selectFrom("cancellationPolicy").select(["version", "createdByUserId"]).execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { version: 1, createdByUserId: null },
        { version: 2, createdByUserId: owner.id },
      ]),
    );
  });

  it("writes nothing when the policy in force is saved unchanged", async () => {
    const response = await save(defaultPolicy);
    expect(response.status).toBe(200);
    expect(((await response.json()) as PolicyResponse).version).toBe(1);
    expect(await db.selectFrom("cancellationPolicy").select("version").execute()).toHaveLength(1);
  });

  it("refuses a parent and an instructor, saving nothing", async () => {
    expect((await save(longer, parent)).status).toBe(403);
    expect((await save(longer, instructor)).status).toBe(403);
    expect((await call(t, "PUT", "/api/settings/policy", { body: longer })).status).toBe(401);
    expect((await currentPolicy(db)).version).toBe(1);
  });

  it.each([
    [{ noticeHours: 0 }, "noticeHours", "The notice must be a whole number of hours from 1 to 168."],
    [{ reschedulesPerPackage: 25 }, "reschedulesPerPackage", "from 0 to 20"],
    [{ weatherNoticeHours: 30 }, "weatherNoticeHours", "must not be longer than the usual notice"],
    [{ lateCancellation: "fee" }, "lateCancellation", "what a late cancellation costs"],
  ])("refuses %j naming the field, saving nothing", async (change, field, words) => {
    const response = await save({ ...defaultPolicy, ...change });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody & { error: { field?: string } };
    expect(error.field).toBe(field);
    expect(error.message).toContain(words);
    expect((await currentPolicy(db)).version).toBe(1);
  });

  it("says why in the owner's language", async () => {
    const response = await save({ ...defaultPolicy, noticeHours: 500 }, owner, "es");
    const { error } = (await response.json()) as ErrorBody;
    expect(error.message).toBe("El aviso debe ser un número entero de horas entre 1 y 168.");
  });

  it("gives two owners saving at once a version each", async () => {
    const saved = await Promise.all(
      [36, 48, 72].map((noticeHours) =>
        savePolicy({ db, clock }, { ...defaultPolicy, noticeHours }, owner.id),
      ),
    );
    expect(saved.map((each) => each.version).sort()).toEqual([2, 3, 4]);
    for (const each of saved) expect((await policyByVersion(db, each.version))?.policy).toEqual(each.policy);
  });
});

describe("a lesson's version", () => {
  const book = async (dates: string[]) => {
    const response = await call(t, "POST", "/api/bookings", {
      cookie: owner.cookie,
      body: { clientId: parent.id, dates },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const versionsOf = async () =>
    Object.fromEntries(
      (
        await db
          .selectFrom("lesson")
          .select(["date", "policyVersion"])
          .where("clientId", "=", parent.id)
          .execute()
      ).map((row) => [row.date, Number(row.policyVersion)]),
    );

  it("is the one in force when it was booked, and stays so when the policy changes", async () => {
    await db.deleteFrom("booking").execute();
    await db.deleteFrom("subscriptionPlan").execute();
    await createPlan(db, { clientId: parent.id, totalClasses: 8 });
    await book(["2026-03-10"]);
    expect(await versionsOf()).toEqual({ "2026-03-10": 1 });

    expect((await save({ ...defaultPolicy, noticeHours: 48, lateCancellation: "credit" })).status).toBe(200);
    await book(["2026-03-10", "2026-03-17"]);
    expect(await versionsOf()).toEqual({ "2026-03-10": 1, "2026-03-17": 2 });
    // The earlier lesson still reads what it was promised.
    expect((await policyByVersion(db, 1))?.policy).toEqual(defaultPolicy);
    expect((await policyByVersion(db, 2))?.policy.noticeHours).toBe(48);
  });

  it("cannot be left out: the database refuses a lesson without one", async () => {
    await db.deleteFrom("booking").execute();
    await db.deleteFrom("subscriptionPlan").execute();
    const planId = await createPlan(db, { clientId: parent.id });
    const booking = await db
      .insertInto("booking")
      .values({
        clientId: parent.id,
        planId,
        subscriptionId: null,
        title: "1-Class Booking",
        status: "pending",
        paid: 1,
        classCount: 1,
        amountToPay: 60,
        firstDate: "2026-03-10",
        createdAt: clock.now().toISOString(),
        updatedAt: clock.now().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("lesson")
        .values({
          bookingId: booking.id,
          clientId: parent.id,
          planId,
          date: "2026-03-10",
          reminderQueuedAt: null,
          policyVersion: null as unknown as number,
        })
        .execute(),
    ).rejects.toThrow(/policyVersion/);
    await expect(
      db
        .insertInto("lesson")
        .values({
          bookingId: booking.id,
          clientId: parent.id,
          planId,
          date: "2026-03-10",
          reminderQueuedAt: null,
          policyVersion: 99,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
