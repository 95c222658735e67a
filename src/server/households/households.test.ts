import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  clientPassword,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addGuardian, createBooking, createPlan, passwordHashOf } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type { CalendarFeedResponse } from "../../domain/bookings.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import type { Db } from "../db/database.ts";
import { queueDueReminders } from "../reminders/service.ts";

/**
 * Households with several guardians (docs/decisions/019), through the real routes: household A has its first
 * guardian A1 (today's client), A2 who may only see progress, and A3 who may do everything but gets no mail;
 * household B has B1. Invitations, which make A2 and A3 in the product, come with the families pages; here the
 * factory writes what an accepted invitation leaves.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let admin: TestAccount;
let a1: TestAccount;
let a2: TestAccount;
let a3: TestAccount;
let b1: TestAccount;

async function secondGuardian(name: string, permissions: Partial<GuardianPermissions>): Promise<TestAccount> {
  const guardian = await addGuardian(db, {
    clientId: a1.id,
    name,
    permissions,
    passwordHash: await passwordHashOf(t.auth, clientPassword),
    createdAt: t.clock.now().toISOString(),
  });
  const { response, cookie } = await signIn(t, guardian.email, clientPassword);
  expect(response.status).toBe(200);
  return { id: guardian.id, email: guardian.email, password: clientPassword, cookie };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  // Wednesday March 4th, 18:00 UTC: past the reminder hour, so Thursday's classes are due.
  t = buildTestApp(db, { clock: testClock("2026-03-04T18:00:00.000Z"), env: { TZ_SCHOOL: "UTC" } });
  admin = await signedInAdmin(t);
  a1 = await signedInClient(t, { firstName: "Ana", lastName: "Núñez" });
  b1 = await signedInClient(t, { firstName: "Berta" });
  a2 = await secondGuardian("Pablo Núñez", { book: false, pay: false, mail: true });
  a3 = await secondGuardian("Carmen Ruiz", { mail: false });
  await createPlan(db, { clientId: a1.id });
  await createBooking(db, { clientId: a1.id, dates: ["2026-03-02", "2026-03-05"] });
});
afterAll(() => testDb.close());

const checkout = (as: TestAccount) =>
  call(t, "POST", "/api/subscriptions/create-checkout-session", {
    cookie: as.cookie,
    body: { email: as.email, userId: a1.id, packType: "4_60" },
  });

describe("who may do what in a household", () => {
  it("tells each guardian their household and what they may do there", async () => {
    const session = await call(t, "GET", "/api/session", { cookie: a2.cookie });
    expect(((await session.json()) as { user: unknown }).user).toMatchObject({
      id: a2.id,
      role: "client",
      guardianOf: {
        householdId: a1.id,
        permissions: { book: false, pay: false, progress: true, mail: true },
      },
    });
  });

  it("lets every guardian of the household see its classes, and no guardian of another household", async () => {
    for (const guardian of [a1, a2, a3]) {
      const response = await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: guardian.cookie });
      expect(response.status).toBe(200);
      const { bookings } = (await response.json()) as { bookings: { dates: { date: string }[] }[] };
      expect(bookings.flatMap((booking) => booking.dates.map((day) => day.date))).toEqual([
        "2026-03-02",
        "2026-03-05",
      ]);
    }
    expect((await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: b1.cookie })).status).toBe(403);
    expect((await call(t, "GET", `/api/clients/${b1.id}/milestones`, { cookie: a2.cookie })).status).toBe(
      403,
    );
  });

  it("refuses payments to a guardian without the pay permission, on the server", async () => {
    const refused = await checkout(a2);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("permission-denied");
    const cancel = await call(t, "POST", "/api/subscriptions/cancel-subscription", {
      cookie: a2.cookie,
      body: { userId: a1.id, subscriptionId: "local_sub_anything" },
    });
    expect(cancel.status).toBe(403);
    // A3 may pay: past the permission, the household's running package is what stops a second one.
    const allowed = await checkout(a3);
    expect(allowed.status).toBe(409);
    expect(((await allowed.json()) as { error: { code: string } }).error.code).toBe("subscription-active");
  });

  it("refuses a removed guardian's session at once", async () => {
    const removed = await secondGuardian("Luis Gone", {});
    expect((await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: removed.cookie })).status).toBe(
      200,
    );
    await db.deleteFrom("guardian").where("userId", "=", removed.id).execute();
    expect((await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: removed.cookie })).status).toBe(
      403,
    );
    const session = await call(t, "GET", "/api/session", { cookie: removed.cookie });
    expect(((await session.json()) as { user: unknown }).user).toBeNull();
  });
});

describe("the household's mail and calendar", () => {
  const outboxFor = (email: string, subject: string) =>
    db
      .selectFrom("mailOutbox")
      .select(["body"])
      .where("toAddress", "=", email)
      .where("subject", "=", subject)
      .execute();

  it("mails new feedback to every guardian who gets the household's mail, and to no one else", async () => {
    const listed = await call(t, "GET", `/api/clients/${a1.id}/bookings`, { cookie: admin.cookie });
    const id = ((await listed.json()) as { bookings: { id: number }[] }).bookings[0]?.id;
    const saved = await call(t, "PUT", `/api/bookings/${id}/feedback`, {
      cookie: admin.cookie,
      body: { feedbacks: { "2026-03-02": "Floated on her back for ten seconds." } },
    });
    expect(saved.status).toBe(200);
    const subject = "New feedback on your swim class";
    for (const guardian of [a1, a2]) {
      const mails = await outboxFor(guardian.email, subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.body).toContain("Floated on her back for ten seconds.");
    }
    expect(await outboxFor(a3.email, subject)).toEqual([]);
    expect(await outboxFor(b1.email, subject)).toEqual([]);
  });

  it("reminds each guardian who gets mail and kept reminders on; each one's switch is their own", async () => {
    const off = await call(t, "PUT", `/api/clients/${a1.id}/reminders`, {
      cookie: a2.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    const mine = await call(t, "GET", `/api/clients/${a1.id}/reminders`, { cookie: a1.cookie });
    expect(((await mine.json()) as { enabled: boolean }).enabled).toBe(true);

    expect(await queueDueReminders(t)).toBe(1);
    const subject = "Reminder: your swim class tomorrow";
    expect(await outboxFor(a1.email, subject)).toHaveLength(1);
    expect(await outboxFor(a2.email, subject)).toEqual([]);
    expect(await outboxFor(a3.email, subject)).toEqual([]);
  });

  it("gives each guardian their own calendar address, each showing the household's classes", async () => {
    const feedOf = async (as: TestAccount) =>
      (
        (await (
          await call(t, "POST", `/api/clients/${a1.id}/calendar-feed`, { cookie: as.cookie })
        ).json()) as CalendarFeedResponse
      ).url ?? "";
    const [first, second] = [await feedOf(a1), await feedOf(a2)];
    expect(first).not.toBe(second);
    for (const url of [first, second]) {
      // Long lines come folded (RFC 5545): unfolded, the text reads as written.
      const calendar = (await (await t.app.request(new URL(url).pathname)).text()).replace(/\r\n[ \t]/g, "");
      expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
      expect(calendar).toContain("Floated on her back for ten seconds.");
    }
  });
});

describe("deleting a household", () => {
  it("takes every guardian's login with it", async () => {
    const response = await call(t, "DELETE", `/api/clients/${a1.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const left = await db
      .selectFrom("user")
      .select("id")
      .where("id", "in", [a1.id, a2.id, a3.id, b1.id])
      .execute();
    expect(left.map((user) => user.id)).toEqual([b1.id]);
    expect(await db.selectFrom("swimmer").select("id").where("clientId", "=", a1.id).execute()).toEqual([]);
  });
});

describe("the short searches' word tables (docs/decisions/043)", () => {
  it("hold exactly the words of the names and titles left by the tests above: the households' guardians, removed ones gone", async () => {
    await expectWordTablesTrue(testDb.db);
  });
});
