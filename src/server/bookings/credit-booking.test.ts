import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  json,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addSwimmer, createBooking, createPlan } from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, type TestClock, testClock } from "../../../test/support/test-app.ts";
import type {
  BookingDraftResponse,
  BookWithCreditResponse,
  ClientBookingsResponse,
  SaveBookingResponse,
} from "../../domain/bookings.ts";
import type { CancellationPreview, CancellationResponse } from "../../domain/cancellation.ts";
import type { CreditsResponse } from "../../domain/credits.ts";
import { issueCredit } from "../credits/service.ts";

/**
 * The owner books a lesson with a class credit (issue 29, docs/decisions/032) on a real database (SQLite here,
 * PostgreSQL under TEST_DATABASE_URL). The school is in Madrid with the default policy (24 hours' notice, a late
 * cancellation uses the class, credits last 60 days); today is Monday 2 March 2026.
 */
const testbed = mailTestbed();
const env = { TZ_SCHOOL: "Europe/Madrid", CLASS_REMINDER_HOUR: "17" };
const timeZone = env.TZ_SCHOOL;

let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
let instructor: TestAccount;
beforeAll(async () => {
  clock = testClock("2026-03-02T10:00:00.000Z");
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
  owner = await signedInAdmin(t);
  instructor = await signedInInstructor(t, { name: "Ivy Teach" });
});

async function refusal(response: Response) {
  const body = (await response.json()) as { error: { code: string; message: string } };
  return { status: response.status, code: body.error?.code, message: body.error?.message };
}

const draftOf = (clientId: string) =>
  call(t, "GET", `/api/bookings/draft/${clientId}`, { cookie: owner.cookie });
const bookWithCredit = (body: Record<string, unknown>) =>
  call(t, "POST", "/api/bookings/credit-lesson", { cookie: owner.cookie, body });
const cancel = (as: TestAccount, lessonId: number, expectedOutcome: "credit" | "class-used") =>
  call(t, "POST", `/api/clients/${as.id}/lessons/${lessonId}/cancellation`, {
    cookie: as.cookie,
    body: { reason: "family", expectedOutcome },
  });
const bookingsOf = async (as: TestAccount) =>
  json<ClientBookingsResponse>(await call(t, "GET", `/api/clients/${as.id}/bookings`, { cookie: as.cookie }));
const creditsOf = async (as: TestAccount) =>
  json<CreditsResponse>(await call(t, "GET", `/api/clients/${as.id}/credits`, { cookie: as.cookie }));

const datesOf = (bookings: ClientBookingsResponse) => bookings.bookings.flatMap((booking) => booking.dates);

const giveCredit = (householdId: string, overrides: { swimmerId?: string | null; expiresOn?: string } = {}) =>
  testbed.db.transaction().execute((trx) =>
    issueCredit(trx, {
      householdId,
      swimmerId: overrides.swimmerId ?? null,
      kind: "goodwill",
      reason: "Pool closed",
      expiresOn: overrides.expiresOn ?? "2026-04-30",
      issuedByUserId: owner.id,
      now: clock.now(),
      timeZone,
    }),
  );

/** A family with an 8-class plan and classes on these days at 10:00, taught by `instructor`. */
async function familyWith(dates: string[], name: string) {
  const family = await signedInClient(t, { firstName: name });
  const { lessonIds } = await createBooking(t.db, {
    clientId: family.id,
    dates: dates.map((date) => ({ date, startTime: "10:00", instructorId: instructor.id })),
  });
  return { family, lessonIds };
}

/** bought = used + credited + today + upcoming + left, for the family's active plan. */
function expectPlanAddsUp(plan: ClientBookingsResponse["plan"]) {
  expect(plan).not.toBeNull();
  if (!plan) return;
  const toCome = plan.bookedClasses - plan.usedClasses - plan.creditedClasses;
  expect(plan.usedClasses + plan.creditedClasses + toCome + plan.classesLeft).toBe(plan.totalClasses);
}

describe("booking a lesson with a credit", () => {
  it("cancel in time, then book with that credit: the plan's classes are unchanged and the credit is spent", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-01", "2026-03-05", "2026-03-12"], "Inez");
    const cancelled = await json<CancellationResponse>(
      await cancel(family, lessonIds["2026-03-05"] as number, "credit"),
    );
    const before = (await bookingsOf(family)).plan;

    const draft = await json<BookingDraftResponse>(await draftOf(family.id));
    expect(draft.hasActivePlan).toBe(true);
    expect(draft.credits.map((credit) => [credit.id, credit.expiresOn, credit.swimmerName])).toEqual([
      [cancelled.creditId, "2026-05-01", null],
    ]);

    const booked = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-19", startTime: "10:00" }),
    );
    expect(booked).toMatchObject({
      creditId: cancelled.creditId,
      classesLeft: before?.classesLeft,
      message: "Class booked with a credit. The plan's classes are unchanged.",
    });

    const after = await bookingsOf(family);
    expect(after.plan).toEqual(before);
    expectPlanAddsUp(after.plan);
    expect(
      datesOf(after).map((day) => [day.date, day.paidByCredit, day.cancellation?.outcome ?? null]),
    ).toEqual([
      ["2026-03-01", false, null],
      ["2026-03-05", false, "credit"],
      ["2026-03-12", false, null],
      ["2026-03-19", true, null],
    ]);
    const credits = await creditsOf(family);
    expect(credits.balance).toMatchObject({ issued: 1, redeemed: 1, available: 0 });
    const newLesson = datesOf(after).find((day) => day.date === "2026-03-19");
    expect(credits.credits[0]).toMatchObject({ state: "redeemed", redeemedForLessonId: newLesson?.lessonId });

    // Create Booking shows the credit date apart, and a save of the plan's dates neither moves it nor books it
    // again.
    const again = await json<BookingDraftResponse>(await draftOf(family.id));
    expect(again.credits).toEqual([]);
    expect(again.creditDates).toEqual(["2026-03-19"]);
    expect(again.booking?.dates).toEqual(["2026-03-12"]);
    const saved = await json<SaveBookingResponse>(
      await call(t, "POST", "/api/bookings", {
        cookie: owner.cookie,
        body: { clientId: family.id, dates: ["2026-03-26", "2026-03-19"] },
      }),
    );
    expect(saved.booking.dates.map((day) => [day.date, day.paidByCredit])).toEqual([
      ["2026-03-01", false],
      ["2026-03-05", false],
      ["2026-03-19", true],
      ["2026-03-26", false],
    ]);
    // The booking charges only the plan's classes.
    expect(saved.booking.amountToPay).toBe(60 * 3);
    expectPlanAddsUp((await bookingsOf(family)).plan);
  });

  it("refuses a second booking with a spent credit, and one with no credit left, with a clear 409", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith(["2026-03-04"], "Jon");
    const credit = await giveCredit(family.id);
    await json(await bookWithCredit({ clientId: family.id, date: "2026-03-10", creditId: credit.id }));
    expect(
      await refusal(await bookWithCredit({ clientId: family.id, date: "2026-03-11", creditId: credit.id })),
    ).toEqual({
      status: 409,
      code: "credit-not-available",
      message: "This credit can no longer be used: it was redeemed, voided or has expired.",
    });
    expect(await refusal(await bookWithCredit({ clientId: family.id, date: "2026-03-11" }))).toMatchObject({
      status: 409,
      code: "no-credit-available",
    });
    // Nothing of the refused bookings was written.
    expect(datesOf(await bookingsOf(family)).map((day) => day.date)).toEqual(["2026-03-04", "2026-03-10"]);
  });

  it("uses the credit that expires first, unless the owner picks one", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith([], "Kai");
    const later = await giveCredit(family.id, { expiresOn: "2026-06-30" });
    const sooner = await giveCredit(family.id, { expiresOn: "2026-03-31" });
    const first = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-09" }),
    );
    expect(first.creditId).toBe(sooner.id);
    const third = await giveCredit(family.id, { expiresOn: "2026-04-15" });
    const picked = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-16", creditId: later.id }),
    );
    expect(picked.creditId).toBe(later.id);
    expect(
      (await json<BookingDraftResponse>(await draftOf(family.id))).credits.map((each) => each.id),
    ).toEqual([third.id]);
  });

  it("keeps the rules of any booking: a date taken, the instructor's overlap, a past date", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith(["2026-03-06"], "Lia");
    const credit = await giveCredit(family.id);
    const other = await familyWith(["2026-03-13"], "Max");
    expect(await refusal(await bookWithCredit({ clientId: family.id, date: "2026-03-06" }))).toMatchObject({
      status: 409,
      code: "date-taken",
    });
    expect(
      await refusal(
        await bookWithCredit({
          clientId: family.id,
          date: "2026-03-13",
          startTime: "10:00",
          instructorId: instructor.id,
        }),
      ),
    ).toMatchObject({ status: 409, code: "lesson-overlap" });
    expect(await refusal(await bookWithCredit({ clientId: family.id, date: "2026-03-01" }))).toMatchObject({
      status: 400,
      code: "past-date",
    });
    // The credit is still there: a refused booking redeems nothing.
    const draft = await json<BookingDraftResponse>(await draftOf(family.id));
    expect(draft.credits.map((each) => each.id)).toEqual([credit.id]);
    expect(datesOf(await bookingsOf(other.family)).map((day) => day.date)).toEqual(["2026-03-13"]);
  });

  it("a swimmer's credit pays only for a class that swimmer is in; siblings share one credit", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith([], "Noa");
    const sibling = await addSwimmer(t.db, { clientId: family.id, firstName: "Oli" });
    const olisCredit = await giveCredit(family.id, { swimmerId: sibling });
    expect(
      await refusal(
        await bookWithCredit({
          clientId: family.id,
          date: "2026-03-09",
          creditId: olisCredit.id,
          swimmerIds: [family.id],
        }),
      ),
    ).toMatchObject({ status: 409, code: "credit-swimmer-mismatch" });
    // Unchosen, a class for the first swimmer only does not take Oli's credit.
    expect(
      await refusal(
        await bookWithCredit({ clientId: family.id, date: "2026-03-09", swimmerIds: [family.id] }),
      ),
    ).toMatchObject({ status: 409, code: "no-credit-available" });
    const both = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-09", swimmerIds: [family.id, sibling] }),
    );
    expect(both.creditId).toBe(olisCredit.id);
    expect(both.booking.dates.map((day) => day.swimmers.map((swimmer) => swimmer.id))).toEqual([
      [family.id, sibling],
    ]);
  });

  it("cancelling a credit-paid class: in time gives a new credit, late spends it; the plan's counts never move", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith(["2026-03-20"], "Pia");
    await giveCredit(family.id);
    await giveCredit(family.id);
    const inTime = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-10" }),
    );
    const late = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-03", startTime: "09:00" }),
    );
    const planBefore = (await bookingsOf(family)).plan;
    const lessonOf = (response: BookWithCreditResponse, date: string) =>
      response.booking.dates.find((day) => day.date === date)?.lessonId as number;

    const given = await json<CancellationResponse>(
      await cancel(family, lessonOf(inTime, "2026-03-10"), "credit"),
    );
    expect(given).toMatchObject({ outcome: "credit", creditExpiresOn: "2026-05-01" });
    // Now is 11:00 on Monday in Madrid: Tuesday's 09:00 class is 22 hours away, within the 24 hours' notice. The
    // family is told, before and after, that the credit it was booked with is spent, not one of the plan's classes.
    const lateId = lessonOf(late, "2026-03-03");
    const shown = await json<CancellationPreview>(
      await call(t, "GET", `/api/clients/${family.id}/lessons/${lateId}/cancellation`, {
        cookie: family.cookie,
      }),
    );
    expect(shown).toMatchObject({
      timing: "late",
      outcome: "class-used",
      words: "It is less than 24 hours before the class: the credit it was booked with is spent.",
    });
    const spent = await json<CancellationResponse>(await cancel(family, lateId, "class-used"));
    expect(spent).toMatchObject({ outcome: "class-used", creditId: null });
    const mails = await testbed.db
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", family.email)
      .orderBy("id")
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual([
      "Swim class cancelled: Tuesday, March 10, 2026",
      "Swim class cancelled: Tuesday, March 3, 2026",
    ]);
    expect(mails[0]?.body).toContain("You get a credit for this class, valid until May 1, 2026.");
    expect(mails[1]?.body).toContain("The credit the class was booked with is spent.");
    expect(mails[1]?.body).not.toContain("counts as used");
    expect(testbed.sink.received.filter((mail) => mail.to.includes(family.email))).toHaveLength(2);

    const after = await bookingsOf(family);
    expect(after.plan).toEqual(planBefore);
    expectPlanAddsUp(after.plan);
    const credits = await creditsOf(family);
    expect(credits.balance).toMatchObject({ issued: 3, redeemed: 2, available: 1 });
  });
});

describe("a family without an active plan", () => {
  it("books with its credits only; the class stays when nothing else is booked", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const family = await signedInClient(t, { firstName: "Quin" });
    await createBooking(t.db, { clientId: family.id, dates: ["2026-02-10"], status: "cancelled" });
    expect(await refusal(await draftOf(family.id))).toMatchObject({
      status: 409,
      code: "no-active-subscription",
    });

    const credit = await giveCredit(family.id);
    const draft = await json<BookingDraftResponse>(await draftOf(family.id));
    expect(draft).toMatchObject({ hasActivePlan: false, classesLeft: 0, selectable: 0, booking: null });
    expect(draft.credits.map((each) => each.id)).toEqual([credit.id]);
    // The plan's own save still needs an active plan.
    expect(
      await refusal(
        await call(t, "POST", "/api/bookings", {
          cookie: owner.cookie,
          body: { clientId: family.id, dates: ["2026-03-11"] },
        }),
      ),
    ).toMatchObject({ status: 409, code: "no-active-subscription" });

    const booked = await json<BookWithCreditResponse>(
      await bookWithCredit({ clientId: family.id, date: "2026-03-11" }),
    );
    expect(booked.classesLeft).toBeNull();
    expect(booked.booking.status).toBe("pending");
    const seen = await bookingsOf(family);
    expect(seen.plan).toBeNull();
    expect(datesOf(seen).map((day) => [day.date, day.paidByCredit])).toEqual([
      ["2026-02-10", false],
      ["2026-03-11", true],
    ]);
  });

  it("a family that never had a plan is told a class with a credit needs one", async () => {
    const family = await signedInClient(t, { firstName: "Ren" });
    await giveCredit(family.id);
    expect(await refusal(await bookWithCredit({ clientId: family.id, date: "2026-03-11" }))).toEqual({
      status: 409,
      code: "no-plan",
      message: "This family has never had a plan: a class with a credit can be booked once they have one.",
    });
  });

  it("ending a plan frees its later dates but keeps a later class paid by a credit", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family } = await familyWith(["2026-03-09"], "Sol");
    await giveCredit(family.id);
    await json(await bookWithCredit({ clientId: family.id, date: "2026-03-16" }));
    const { subscriptionId } = (await bookingsOf(family)).plan as { subscriptionId: string };
    await json(
      await call(t, "POST", "/api/subscriptions/cancel-subscription", {
        cookie: family.cookie,
        body: { subscriptionId, userId: family.id },
      }),
    );
    expect(datesOf(await bookingsOf(family)).map((day) => [day.date, day.paidByCredit])).toEqual([
      ["2026-03-16", true],
    ]);
  });
});

describe("two bookings with the same credit at once", () => {
  it("one wins, the other gets a clear 409, on either engine", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const family = await signedInClient(t, { firstName: "Tao" });
    await createPlan(t.db, { clientId: family.id });
    const credit = await giveCredit(family.id);
    const answers = await Promise.all(
      ["2026-03-17", "2026-03-18"].map((date) =>
        bookWithCredit({ clientId: family.id, date, creditId: credit.id }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409) as Response;
    expect(await refusal(lost)).toMatchObject({ code: "credit-not-available" });
    const lessons = datesOf(await bookingsOf(family));
    expect(lessons).toHaveLength(1);
    expect(lessons[0]?.paidByCredit).toBe(true);
    expect((await creditsOf(family)).balance).toMatchObject({ issued: 1, redeemed: 1, available: 0 });
  });

  it("the first available credit at once: as many classes as credits, the rest refused", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const family = await signedInClient(t, { firstName: "Uma" });
    await createPlan(t.db, { clientId: family.id });
    await giveCredit(family.id);
    await giveCredit(family.id);
    const answers = await Promise.all(
      ["2026-03-23", "2026-03-24", "2026-03-25"].map((date) => bookWithCredit({ clientId: family.id, date })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409]);
    expect((await creditsOf(family)).balance).toMatchObject({ issued: 2, redeemed: 2, available: 0 });
    expect(datesOf(await bookingsOf(family))).toHaveLength(2);
  });
});
