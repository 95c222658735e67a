import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  clientPassword,
  json,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import {
  addGuardian,
  addSwimmer,
  createBooking,
  passwordHashOf,
  setAccountLocale,
} from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, type TestClock, testClock } from "../../../test/support/test-app.ts";
import type { CreditChangeResponse, CreditsResponse } from "../../domain/credits.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import { isPostgres } from "../db/portable.ts";
import type { AppError } from "../http/errors.ts";
import { queueCreditExpiryNotices } from "./expiry-notices.ts";
import { availableCredits, type IssueCredit, issueCredit, redeemCredit } from "./service.ts";

/**
 * Class credits on a real database (SQLite here, PostgreSQL under TEST_DATABASE_URL) and a loopback SMTP server.
 * The school is in Madrid; its mails go from 17:00 school time.
 */
const testbed = mailTestbed();
const timeZone = "Europe/Madrid";
const env = { TZ_SCHOOL: timeZone, CLASS_REMINDER_HOUR: "17" };

let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
let alice: TestAccount;
let bob: TestAccount;
beforeAll(async () => {
  clock = testClock("2026-03-02T10:00:00.000Z");
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
  owner = await signedInAdmin(t);
  alice = await signedInClient(t, { firstName: "Alice", lastName: "Credit" });
  bob = await signedInClient(t, { firstName: "Bob", lastName: "Other" });
});

const creditsOf = async (as: TestAccount, clientId: string) =>
  json<CreditsResponse>(await call(t, "GET", `/api/clients/${clientId}/credits`, { cookie: as.cookie }));

const issue = (clientId: string, body: unknown, as = owner) =>
  call(t, "POST", `/api/clients/${clientId}/credits`, { cookie: as.cookie, body });

async function guardianOf(clientId: string, permissions: Partial<GuardianPermissions>) {
  const guardian = await addGuardian(t.db, {
    clientId,
    permissions,
    passwordHash: await passwordHashOf(t.auth, clientPassword),
  });
  const { cookie } = await signIn(t, guardian.email, clientPassword);
  return { ...guardian, cookie, password: clientPassword };
}

/** Runs `write` as the next step will: in a transaction of its own. */
const inTransaction = <T>(write: (trx: TestApp["db"]) => Promise<T>) =>
  testbed.db.transaction().execute(write);

const issued = (householdId: string, overrides: Partial<IssueCredit> = {}) =>
  inTransaction((trx) =>
    issueCredit(trx, {
      householdId,
      swimmerId: null,
      kind: "school",
      reason: "Instructor ill",
      expiresOn: "2026-06-30",
      issuedByUserId: null,
      now: clock.now(),
      timeZone,
      ...overrides,
    }),
  );

/** Resolves once `count` callers are waiting on it. */
function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === count) open();
    return opened;
  };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as AppError | null;
  expect(error, "expected a refusal").not.toBeNull();
  return { code: error?.code, status: error?.status };
};

describe("the owner issues and voids, the family reads", () => {
  it("issues a credit with its reason and expiry, which the guardians allowed to book see as available", async () => {
    const created = await json<CreditChangeResponse>(
      await issue(alice.id, {
        kind: "goodwill",
        reason: "Pool heater broken on March 1",
        expiresOn: "2026-05-31",
      }),
      201,
    );
    expect(created.message).toBe("Credit issued.");
    expect(created.credit).toMatchObject({
      kind: "goodwill",
      reason: "Pool heater broken on March 1",
      expiresOn: "2026-05-31",
      issuedOn: "2026-03-02",
      state: "available",
      swimmerId: null,
    });

    const read = await creditsOf(alice, alice.id);
    expect(read.today).toBe("2026-03-02");
    expect(read.credits.map((credit) => [credit.reason, credit.state, credit.expiresOn])).toEqual([
      ["Pool heater broken on March 1", "available", "2026-05-31"],
    ]);
    expect(read.balance).toEqual({ issued: 1, redeemed: 0, voided: 0, expired: 0, available: 1 });
    expect(read.credits[0]?.issuedByName).toBeTruthy();

    const booker = await guardianOf(alice.id, { pay: false, progress: false });
    expect((await creditsOf(booker, alice.id)).credits).toHaveLength(1);
  });

  it("refuses other households, guardians not allowed to book, instructors, and changes nothing", async () => {
    const before = await creditsOf(owner, alice.id);
    expect((await call(t, "GET", `/api/clients/${alice.id}/credits`, { cookie: bob.cookie })).status).toBe(
      403,
    );
    const payerOnly = await guardianOf(alice.id, { book: false });
    expect(
      (await call(t, "GET", `/api/clients/${alice.id}/credits`, { cookie: payerOnly.cookie })).status,
    ).toBe(403);
    const instructor = await signedInInstructor(t);
    expect(
      (await call(t, "GET", `/api/clients/${alice.id}/credits`, { cookie: instructor.cookie })).status,
    ).toBe(403);
    const body = { kind: "goodwill", reason: "Please", expiresOn: "2026-05-31" };
    expect((await issue(alice.id, body, alice)).status).toBe(403);
    expect((await issue(alice.id, body, instructor)).status).toBe(403);
    expect((await call(t, "GET", `/api/clients/${alice.id}/credits`)).status).toBe(401);
    expect(await creditsOf(owner, alice.id)).toEqual(before);
  });

  it("refuses a bad credit with the words of the form, changing nothing", async () => {
    const before = await creditsOf(owner, alice.id);
    const cases: [unknown, number, string][] = [
      [{ kind: "goodwill", reason: "  ", expiresOn: "2026-05-31" }, 400, "Please give a reason."],
      [
        { kind: "gift", reason: "Why", expiresOn: "2026-05-31" },
        400,
        "Please choose why the credit is given.",
      ],
      [
        { kind: "school", reason: "Why", expiresOn: "2026-02-30" },
        400,
        "Please choose the credit's last day.",
      ],
      [
        { kind: "school", reason: "Why", expiresOn: "2026-03-01" },
        400,
        "The credit's last day cannot be before today.",
      ],
      [
        { kind: "school", reason: "Why", expiresOn: "2026-05-31", swimmerId: bob.id },
        404,
        "Swimmer not found.",
      ],
      [{ kind: "school", reason: "Why", expiresOn: "2026-05-31", extra: 1 }, 400, ""],
    ];
    for (const [body, status, message] of cases) {
      const response = await issue(alice.id, body);
      const answer = (await response.json()) as { error: { message: string } };
      expect(response.status, JSON.stringify(body)).toBe(status);
      if (message) expect(answer.error.message).toBe(message);
    }
    // Today's date is allowed: the credit lasts to the end of today, in Madrid.
    const missing = await issue("no-such-household", {
      kind: "school",
      reason: "Why",
      expiresOn: "2026-05-31",
    });
    expect(missing.status).toBe(404);
    expect(await creditsOf(owner, alice.id)).toEqual(before);
  });

  it("voids a credit with a reason: it stays in the ledger, voided, and cannot be voided or redeemed again", async () => {
    const household = await signedInClient(t, { firstName: "Vera" });
    const swimmerId = await addSwimmer(t.db, { clientId: household.id, firstName: "Tom" });
    const created = await json<CreditChangeResponse>(
      await issue(household.id, { kind: "weather", reason: "Storm", expiresOn: "2026-04-30", swimmerId }),
      201,
    );
    expect(created.credit.swimmerName).toBe("Tom");
    const path = `/api/clients/${household.id}/credits/${created.credit.id}/void`;

    // Only with a reason, only on its own household's path.
    expect((await call(t, "POST", path, { cookie: owner.cookie, body: { reason: "" } })).status).toBe(400);
    const elsewhere = `/api/clients/${alice.id}/credits/${created.credit.id}/void`;
    expect((await call(t, "POST", elsewhere, { cookie: owner.cookie, body: { reason: "x" } })).status).toBe(
      404,
    );
    expect((await call(t, "POST", path, { cookie: household.cookie, body: { reason: "x" } })).status).toBe(
      403,
    );

    clock.advance(60_000);
    const voided = await json<CreditChangeResponse>(
      await call(t, "POST", path, { cookie: owner.cookie, body: { reason: "Issued twice by mistake" } }),
    );
    expect(voided).toMatchObject({
      message: "Credit voided.",
      credit: { state: "voided", voidReason: "Issued twice by mistake", reason: "Storm" },
    });
    const again = await call(t, "POST", path, { cookie: owner.cookie, body: { reason: "Again" } });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("credit-not-available");

    const read = await creditsOf(household, household.id);
    expect(read.credits.map((credit) => [credit.state, credit.voidReason])).toEqual([
      ["voided", "Issued twice by mistake"],
    ]);
    expect(read.balance).toEqual({ issued: 1, redeemed: 0, voided: 1, expired: 0, available: 0 });

    const { lessonIds } = await createBooking(t.db, { clientId: household.id, dates: ["2026-03-20"] });
    const lessonId = lessonIds["2026-03-20"] as number;
    expect(
      await refusal(
        inTransaction((trx) =>
          redeemCredit(trx, {
            credit: { creditId: created.credit.id },
            lessonId,
            byUserId: null,
            now: clock.now(),
            timeZone,
          }),
        ),
      ),
    ).toEqual({ code: "credit-not-available", status: 409 });
  });
});

describe("redeemCredit", () => {
  it("two redemptions of one credit at once: exactly one wins, on either engine", async () => {
    const household = await signedInClient(t, { firstName: "Rae" });
    const { lessonIds } = await createBooking(t.db, {
      clientId: household.id,
      dates: ["2026-03-10", "2026-03-11", "2026-03-12", "2026-03-13"],
    });
    const credit = await issued(household.id);
    const lessons = Object.values(lessonIds);
    // On PostgreSQL each transaction has its own connection: all of them have read the credit as available before
    // any redeems it. SQLite's one connection runs them one after the other.
    const together = barrier(lessons.length);
    const results = await Promise.allSettled(
      lessons.map((lessonId) =>
        inTransaction(async (trx) => {
          if (isPostgres(trx)) {
            expect(
              (await availableCredits(trx, household.id, clock.now(), timeZone)).map((each) => each.id),
            ).toEqual([credit.id]);
            await together();
          }
          return redeemCredit(trx, {
            credit: { creditId: credit.id },
            lessonId,
            byUserId: owner.id,
            now: clock.now(),
            timeZone,
          });
        }),
      ),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).code).toBe("credit-not-available");
    }
    const events = await t.db
      .selectFrom("creditEvent")
      .selectAll()
      .where("creditId", "=", credit.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "redeemed", byUserId: owner.id });
    expect(lessons).toContain(Number(events[0]?.lessonId));
  });

  it("the first available of a household at once from five lessons: each of its two credits used once, then none", async () => {
    const household = await signedInClient(t, { firstName: "Sam" });
    const dates = ["2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19", "2026-03-20"];
    const { lessonIds } = await createBooking(t.db, { clientId: household.id, dates });
    const later = await issued(household.id, { expiresOn: "2026-06-30" });
    const sooner = await issued(household.id, { expiresOn: "2026-04-30" });
    const results = await Promise.allSettled(
      dates.map((date) =>
        inTransaction((trx) =>
          redeemCredit(trx, {
            credit: { firstAvailableOf: { householdId: household.id } },
            lessonId: lessonIds[date] as number,
            byUserId: null,
            now: clock.now(),
            timeZone,
          }),
        ),
      ),
    );
    const used = results.flatMap((result) => (result.status === "fulfilled" ? [result.value.id] : []));
    expect(used.sort()).toEqual([later.id, sooner.id].sort());
    for (const result of results) {
      if (result.status === "rejected") expect((result.reason as AppError).code).toBe("no-credit-available");
    }
    expect(await availableCredits(t.db, household.id, clock.now(), timeZone)).toEqual([]);
  });

  it("uses the credit expiring first, the swimmer's own or the family's, never an expired one or another family's", async () => {
    const household = await signedInClient(t, { firstName: "Uma" });
    const swimmerId = await addSwimmer(t.db, { clientId: household.id, firstName: "Lia" });
    const otherSwimmer = await addSwimmer(t.db, { clientId: household.id, firstName: "Max" });
    const { lessonIds } = await createBooking(t.db, {
      clientId: household.id,
      dates: ["2026-03-25", "2026-03-26"],
    });
    const { lessonIds: bobsLessons } = await createBooking(t.db, { clientId: bob.id, dates: ["2026-03-25"] });
    const lastDayToday = await issued(household.id, { expiresOn: "2026-03-02", reason: "Lasts today" });
    const maxs = await issued(household.id, { expiresOn: "2026-03-20", swimmerId: otherSwimmer });
    const family = await issued(household.id, { expiresOn: "2026-04-15" });

    // 23:59 in Madrid (UTC+1) on its last day: still available, first; at midnight, expired.
    clock.set("2026-03-02T22:59:00.000Z");
    expect(
      (await availableCredits(t.db, household.id, clock.now(), timeZone)).map((each) => each.id),
    ).toEqual([lastDayToday.id, maxs.id, family.id]);
    clock.set("2026-03-02T23:00:00.000Z");
    expect(
      (await availableCredits(t.db, household.id, clock.now(), timeZone)).map((each) => each.id),
    ).toEqual([maxs.id, family.id]);
    clock.set("2026-03-03T09:00:00.000Z");

    const redeemFor = (lessonId: number, swimmer: string | null, householdId = household.id) =>
      inTransaction((trx) =>
        redeemCredit(trx, {
          credit: { firstAvailableOf: { householdId, swimmerId: swimmer } },
          lessonId,
          byUserId: null,
          now: clock.now(),
          timeZone,
        }),
      );
    // Lia's lesson: Max's credit does not fit; the family's does.
    expect((await redeemFor(lessonIds["2026-03-25"] as number, swimmerId)).id).toBe(family.id);
    expect(await refusal(redeemFor(lessonIds["2026-03-26"] as number, swimmerId))).toEqual({
      code: "no-credit-available",
      status: 409,
    });
    // The expired one, chosen by id: refused.
    expect(
      await refusal(
        inTransaction((trx) =>
          redeemCredit(trx, {
            credit: { creditId: lastDayToday.id },
            lessonId: lessonIds["2026-03-26"] as number,
            byUserId: null,
            now: clock.now(),
            timeZone,
          }),
        ),
      ),
    ).toEqual({ code: "credit-not-available", status: 409 });
    // Max's credit for Bob's lesson: refused.
    expect(
      await refusal(
        inTransaction((trx) =>
          redeemCredit(trx, {
            credit: { creditId: maxs.id },
            lessonId: bobsLessons["2026-03-25"] as number,
            byUserId: null,
            now: clock.now(),
            timeZone,
          }),
        ),
      ),
    ).toEqual({ code: "credit-lesson-mismatch", status: 409 });

    // A redemption rolled back with its caller's transaction leaves the credit available.
    await expect(
      inTransaction(async (trx) => {
        await redeemCredit(trx, {
          credit: { creditId: maxs.id },
          lessonId: lessonIds["2026-03-26"] as number,
          byUserId: null,
          now: clock.now(),
          timeZone,
        });
        throw new Error("the booking failed");
      }),
    ).rejects.toThrow("the booking failed");
    expect(
      (await availableCredits(t.db, household.id, clock.now(), timeZone)).map((each) => each.id),
    ).toEqual([maxs.id]);
    // Hours later on the test clock: the owner signs in again.
    const read = await creditsOf(await signedInAdmin(t), household.id);
    expect(read.balance).toEqual({ issued: 3, redeemed: 1, voided: 0, expired: 1, available: 1 });
  });
});

describe("queueCreditExpiryNotices", () => {
  const subjectEn = "Your class credit expires soon";
  const received = (email: string) => testbed.sink.received.filter((mail) => mail.to.includes(email));
  const queuedFor = (email: string) =>
    testbed.db.selectFrom("mailOutbox").select(["subject", "body"]).where("toAddress", "=", email).execute();

  it("mails each guardian who gets the family's mail, in their language, once, a week before the last day", async () => {
    clock.set("2026-05-01T08:00:00.000Z"); // 10:00 in Madrid: before the hour
    const family = await signedInClient(t, { firstName: "Nora" });
    const spanish = await addGuardian(t.db, {
      clientId: family.id,
      name: "Pablo Ruiz",
      passwordHash: "$scrypt$x",
    });
    await setAccountLocale(t.db, spanish.id, "es");
    const noMail = await addGuardian(t.db, {
      clientId: family.id,
      permissions: { mail: false },
      passwordHash: "$scrypt$x",
    });
    const due = await issued(family.id, {
      expiresOn: "2026-05-08",
      kind: "weather",
      reason: "Storm on April 3",
    });
    await issued(family.id, { expiresOn: "2026-05-09", reason: "Next week" });
    const voided = await issued(family.id, { expiresOn: "2026-05-05" });
    await inTransaction((trx) =>
      trx
        .insertInto("creditEvent")
        .values({
          creditId: voided.id,
          kind: "voided",
          at: clock.now().toISOString(),
          byUserId: null,
          lessonId: null,
          reason: "x",
        })
        .execute(),
    );

    expect(await queueCreditExpiryNotices(t)).toBe(0);
    clock.set("2026-05-01T15:00:00.000Z"); // 17:00 in Madrid
    const second = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
    const counts = await Promise.all([queueCreditExpiryNotices(t), queueCreditExpiryNotices(second)]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await queueCreditExpiryNotices(t)).toBe(0);

    const english = await queuedFor(family.email);
    expect(english).toHaveLength(1);
    expect(english[0]?.subject).toBe(subjectEn);
    expect(english[0]?.body).toContain(
      "Your family's class credit can be used until Friday, May 8, 2026. Book a class with it before then.",
    );
    expect(english[0]?.body).toContain("Given for: Weather: Storm on April 3");
    expect(english[0]?.body).toContain("http://localhost:3000/client-panel");
    expect(received(family.email)).toHaveLength(1);

    const inSpanish = await queuedFor(spanish.email);
    expect(inSpanish).toHaveLength(1);
    expect(inSpanish[0]?.subject).not.toBe(subjectEn);
    expect(inSpanish[0]?.body).toContain("8 de mayo de 2026");
    expect(received(spanish.email)).toHaveLength(1);
    expect(await queuedFor(noMail.email)).toEqual([]);

    // The next day, the credit of the 9th is a week away; the one already mailed is not mailed again.
    clock.set("2026-05-02T15:00:00.000Z");
    expect(await queueCreditExpiryNotices(t)).toBe(2);
    expect((await queuedFor(family.email)).map((mail) => mail.body.includes("May 9, 2026"))).toEqual([
      false,
      true,
    ]);
    expect(due.id).toBeGreaterThan(0);
  });
});
