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
  createBooking,
  passwordHashOf,
  setAccountLocale,
} from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, type TestClock, testClock } from "../../../test/support/test-app.ts";
import type { ClientBookingsResponse } from "../../domain/bookings.ts";
import type {
  AskRescheduleResponse,
  DecideRescheduleResponse,
  PendingReschedulesResponse,
  RescheduleOptionsResponse,
} from "../../domain/reschedules.ts";
import type { TodayResponse } from "../../domain/today.ts";
import { startNewPeriod } from "../plans/service.ts";

/**
 * A family moves a lesson to one of the instructor's free times (issue 29, docs/decisions/033) on a real database
 * (SQLite here, PostgreSQL under TEST_DATABASE_URL) and a loopback SMTP server. The school is in Madrid with the
 * default policy (version 1: 24 hours' notice, 2 reschedules per package). The instructors set no weekly hours:
 * they teach any time, 06:00 to 20:30 on the half hour.
 */
const testbed = mailTestbed();
const env = { TZ_SCHOOL: "Europe/Madrid", CLASS_REMINDER_HOUR: "17" };
let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
let ivy: TestAccount;
let ian: TestAccount;

beforeAll(async () => {
  clock = testClock("2026-03-02T10:00:00.000Z"); // 11:00 in Madrid, Monday
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
  owner = await signedInAdmin(t);
  ivy = await signedInInstructor(t, { name: "Ivy Teach" });
  ian = await signedInInstructor(t, { name: "Ian Other" });
});

const path = (clientId: string, lessonId: number) =>
  `/api/clients/${clientId}/lessons/${lessonId}/reschedule`;
const options = (as: TestAccount, clientId: string, lessonId: number) =>
  call(t, "GET", path(clientId, lessonId), { cookie: as.cookie });
const ask = (as: TestAccount, clientId: string, lessonId: number, date: string, startTime: string, app = t) =>
  call(app, "POST", path(clientId, lessonId), { cookie: as.cookie, body: { date, startTime } });
const decide = (as: TestAccount, requestId: number, decision: "accept" | "decline") =>
  call(t, "POST", `/api/reschedules/${requestId}/${decision}`, { cookie: as.cookie });
const setAutomatic = async (automatic: boolean) =>
  json(await call(t, "PUT", "/api/settings/reschedules", { cookie: owner.cookie, body: { automatic } }));

/** A family with lessons on these days at 10:00 (Madrid), taught by `instructor`. */
async function familyWith(dates: string[], name: string, instructor = ivy) {
  const family = await signedInClient(t, { firstName: name });
  const { lessonIds } = await createBooking(t.db, {
    clientId: family.id,
    dates: dates.map((date) => ({ date, startTime: "10:00", instructorId: instructor.id })),
  });
  return { family, lessonIds };
}

const lessonRow = (lessonId: number) =>
  t.db
    .selectFrom("lesson")
    .select(["date", "startTime", "planId", "policyVersion", "rescheduledFromDate", "rescheduledByUserId"])
    .where("id", "=", lessonId)
    .executeTakeFirstOrThrow();

describe("asking to move a lesson, and the school accepting", () => {
  it("offers the instructor's free times, sends the request, and moves the lesson once the instructor accepts", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-05", "2026-03-12"], "Inez");
    const spanish = await addGuardian(t.db, {
      clientId: family.id,
      name: "Pablo Ruiz",
      passwordHash: await passwordHashOf(t.auth, clientPassword),
    });
    await setAccountLocale(t.db, spanish.id, "es");
    // Ivy already teaches another family on Friday 6th at 11:00.
    await familyWith(["2026-03-06"], "Busy").then(({ lessonIds: other }) =>
      t.db
        .updateTable("lesson")
        .set({ startTime: "11:00" })
        .where("id", "=", other["2026-03-06"] as number)
        .execute(),
    );
    const lessonId = lessonIds["2026-03-05"] as number;
    const before = await lessonRow(lessonId);

    const shown = await json<RescheduleOptionsResponse>(await options(family, family.id, lessonId));
    expect(shown).toMatchObject({ refusal: null, automatic: false, moved: 0, cap: 2, pending: null });
    expect(shown.words).toBe(
      "Your request goes to the school, and the class moves once they accept it. If accepted, this is reschedule 1 of 2 for this package.",
    );
    const friday = shown.freeTimes.filter((time) => time.date === "2026-03-06").map((time) => time.startTime);
    expect(friday).toContain("10:00");
    // 11:00 is taken; 10:30 ends as it starts.
    expect(friday).not.toContain("11:00");
    expect(friday).toContain("10:30");
    // Not its own time, not within the 24 hours' notice, not a day the family already has a class.
    expect(shown.freeTimes).not.toContainEqual({ date: "2026-03-05", startTime: "10:00" });
    expect(shown.freeTimes.some((time) => time.date === "2026-03-02")).toBe(false);
    expect(shown.freeTimes.some((time) => time.date === "2026-03-12")).toBe(false);
    expect(shown.freeTimes.every((time) => time.date <= "2026-03-30")).toBe(true);

    // A time that is not free is refused; a free one is asked for.
    const taken = await ask(family, family.id, lessonId, "2026-03-06", "11:00");
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.code).toBe("reschedule-time-not-free");
    const asked = await json<AskRescheduleResponse>(
      await ask(family, family.id, lessonId, "2026-03-06", "10:00"),
    );
    expect(asked).toMatchObject({
      applied: false,
      request: { status: "pending", to: { date: "2026-03-06", startTime: "10:00" } },
      message: "Your request was sent to the school. The class moves once they accept it.",
    });
    expect((await lessonRow(lessonId)).date).toBe("2026-03-05");
    const waiting = await json<RescheduleOptionsResponse>(await options(family, family.id, lessonId));
    expect(waiting.pending?.id).toBe(asked.request.id);
    expect(waiting.refusal).toBe("A request to move this class is already waiting for the school.");
    expect((await ask(family, family.id, lessonId, "2026-03-06", "12:00")).status).toBe(409);

    // Ivy sees it; Ian does not, and may not decide it.
    const ivyList = await json<PendingReschedulesResponse>(
      await call(t, "GET", "/api/reschedules", { cookie: ivy.cookie }),
    );
    expect(ivyList.requests.find((request) => request.id === asked.request.id)).toMatchObject({
      householdName: expect.stringContaining("Inez"),
      from: { date: "2026-03-05", startTime: "10:00" },
      moved: 0,
      cap: 2,
    });
    const ianList = await json<PendingReschedulesResponse>(
      await call(t, "GET", "/api/reschedules", { cookie: ian.cookie }),
    );
    expect(ianList.requests.some((request) => request.id === asked.request.id)).toBe(false);
    expect((await decide(ian, asked.request.id, "accept")).status).toBe(403);

    const accepted = await json<DecideRescheduleResponse>(await decide(ivy, asked.request.id, "accept"));
    expect(accepted.request).toMatchObject({ status: "accepted", decidedBy: "Ivy Teach" });
    const after = await lessonRow(lessonId);
    expect(after).toEqual({
      date: "2026-03-06",
      startTime: "10:00",
      planId: before.planId,
      policyVersion: before.policyVersion,
      rescheduledFromDate: "2026-03-05",
      rescheduledByUserId: ivy.id,
    });
    expect((await decide(owner, asked.request.id, "decline")).status).toBe(409);

    // The family sees the new date, moved, by whom; the instructor's day shows it too.
    const bookings = await json<ClientBookingsResponse>(
      await call(t, "GET", `/api/clients/${family.id}/bookings`, { cookie: family.cookie }),
    );
    const moved = bookings.bookings[0]?.dates.find((date) => date.lessonId === lessonId);
    expect(moved).toMatchObject({
      date: "2026-03-06",
      moved: {
        by: "Ivy Teach",
        fromDate: "2026-03-05",
        fromStartTime: "10:00",
        at: clock.now().toISOString(),
      },
    });
    const day = await json<TodayResponse>(
      await call(t, "GET", "/api/today?date=2026-03-06", { cookie: ivy.cookie }),
    );
    expect(day.lessons.find((lesson) => lesson.id === lessonId)?.moved).toMatchObject({
      fromDate: "2026-03-05",
    });

    // Mails: each guardian in their language, and the instructor.
    const mails = await t.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject", "body"])
      .where("toAddress", "in", [family.email, spanish.email, ivy.email])
      .where("subject", "like", "%6%")
      .execute();
    const mailTo = (email: string) => mails.find((mail) => mail.toAddress === email);
    expect(mailTo(family.email)?.subject).toBe(
      "Swim class moved: Friday, March 6, 2026, 10:00 AM – 10:30 AM",
    );
    expect(mailTo(family.email)?.body).toContain(
      "The swim class of Thursday, March 5, 2026, 10:00 AM – 10:30 AM (30 minutes) has been moved to Friday, March 6, 2026, 10:00 AM – 10:30 AM.",
    );
    expect(mailTo(spanish.email)?.subject).toMatch(/^Clase de natación cambiada/);
    expect(mailTo(ivy.email)?.subject).toBe("Swim class moved: Friday, March 6, 2026, 10:00 AM – 10:30 AM");
  });

  it("two requests for one time: the first accepted wins, the second is refused (409) and can be declined", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const a = await familyWith(["2026-03-18"], "Ana");
    const b = await familyWith(["2026-03-19"], "Bea");
    const first = await json<AskRescheduleResponse>(
      await ask(a.family, a.family.id, a.lessonIds["2026-03-18"] as number, "2026-03-20", "15:00"),
    );
    const second = await json<AskRescheduleResponse>(
      await ask(b.family, b.family.id, b.lessonIds["2026-03-19"] as number, "2026-03-20", "15:00"),
    );
    await json(await decide(owner, first.request.id, "accept"));
    const refused = await decide(owner, second.request.id, "accept");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("lesson-overlap");
    expect((await lessonRow(b.lessonIds["2026-03-19"] as number)).date).toBe("2026-03-19");
    const declined = await json<DecideRescheduleResponse>(await decide(owner, second.request.id, "decline"));
    expect(declined.request.status).toBe("declined");
    const mail = await t.db
      .selectFrom("mailOutbox")
      .select("body")
      .where("toAddress", "=", b.family.email)
      .where("subject", "like", "Swim class not moved%")
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain("was declined. The class stays at its time.");
  });

  it("a family withdraws its request; it is no longer listed", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-24"], "Wanda");
    const lessonId = lessonIds["2026-03-24"] as number;
    const asked = await json<AskRescheduleResponse>(
      await ask(family, family.id, lessonId, "2026-03-25", "09:00"),
    );
    const withdrawn = await json<DecideRescheduleResponse>(
      await call(t, "DELETE", path(family.id, lessonId), { cookie: family.cookie }),
    );
    expect(withdrawn.request.status).toBe("withdrawn");
    expect((await call(t, "DELETE", path(family.id, lessonId), { cookie: family.cookie })).status).toBe(409);
    expect((await decide(owner, asked.request.id, "accept")).status).toBe(409);
    const list = await json<PendingReschedulesResponse>(
      await call(t, "GET", "/api/reschedules", { cookie: owner.cookie }),
    );
    expect(list.requests.some((request) => request.id === asked.request.id)).toBe(false);
  });
});

describe("the policy's limits", () => {
  it("counts moves per package against the cap of the lesson's version, and refuses after the notice deadline", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(
      ["2026-04-06", "2026-04-07", "2026-04-08", "2026-03-03"],
      "Cap",
    );
    for (const [from, to] of [
      ["2026-04-06", "2026-03-27"],
      ["2026-04-07", "2026-03-26"],
    ] as const) {
      const asked = await json<AskRescheduleResponse>(
        await ask(family, family.id, lessonIds[from] as number, to, "08:00"),
      );
      await json(await decide(owner, asked.request.id, "accept"));
    }
    const third = await json<RescheduleOptionsResponse>(
      await options(family, family.id, lessonIds["2026-04-08"] as number),
    );
    expect(third).toMatchObject({ moved: 2, cap: 2, freeTimes: [] });
    expect(third.refusal).toBe(
      "2 classes of this package can be moved, and they have been (or are waiting for the school).",
    );
    const refused = await ask(family, family.id, lessonIds["2026-04-08"] as number, "2026-03-28", "08:00");
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe("reschedule-refused");
    // Tomorrow's class at 10:00 is 23 hours away: past the deadline.
    const late = await json<RescheduleOptionsResponse>(
      await options(family, family.id, lessonIds["2026-03-03"] as number),
    );
    expect(late.refusal).toBe(
      "A class can be moved up to 24 hours before it starts, and that time has passed. You can still cancel it.",
    );
  });
});

describe("a renewal", () => {
  it("brings the policy's moves again: the cap counts the lessons of the plan's current period", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-10", "2026-03-11", "2026-04-14"], "Renews");
    for (const [from, to] of [
      ["2026-03-10", "2026-03-12"],
      ["2026-03-11", "2026-03-13"],
    ] as const) {
      const asked = await json<AskRescheduleResponse>(
        await ask(family, family.id, lessonIds[from] as number, to, "08:00"),
      );
      await json(await decide(owner, asked.request.id, "accept"));
    }
    const april = lessonIds["2026-04-14"] as number;
    expect(await json<RescheduleOptionsResponse>(await options(family, family.id, april))).toMatchObject({
      moved: 2,
      cap: 2,
      freeTimes: [],
    });

    // The package renews on April 1st (what a Stripe renewal does to the plan, subscriptions/service.ts).
    const { planId } = await lessonRow(april);
    await startNewPeriod(t.db, planId, 4, "2026-04-01T08:00:00.000Z");
    clock.set("2026-04-02T10:00:00.000Z");
    // A month later: both sign in again (5 minutes idle sign each session out).
    const again = async (account: TestAccount) => ({
      ...account,
      cookie: (await signIn(t, account.email, account.password)).cookie,
    });
    const [familyNow, ownerNow] = [await again(family), await again(owner)];
    const renewed = await json<RescheduleOptionsResponse>(await options(familyNow, family.id, april));
    expect(renewed).toMatchObject({ refusal: null, moved: 0, cap: 2 });
    expect(renewed.freeTimes.length).toBeGreaterThan(0);
    const asked = await json<AskRescheduleResponse>(
      await ask(familyNow, family.id, april, "2026-04-15", "08:00"),
    );
    await json(await decide(ownerNow, asked.request.id, "accept"));
    expect(await lessonRow(april)).toMatchObject({ date: "2026-04-15", rescheduledFromDate: "2026-04-14" });
  });
});

describe("the school's automatic setting", () => {
  it("moves the lesson at once when a free time is chosen, and says so before", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    await setAutomatic(true);
    try {
      const { family, lessonIds } = await familyWith(["2026-03-16"], "Auto");
      const lessonId = lessonIds["2026-03-16"] as number;
      const shown = await json<RescheduleOptionsResponse>(await options(family, family.id, lessonId));
      expect(shown.words).toBe(
        "The class moves at once to the time you choose. This is reschedule 1 of 2 for this package.",
      );
      const done = await json<AskRescheduleResponse>(
        await ask(family, family.id, lessonId, "2026-03-17", "17:30"),
      );
      expect(done).toMatchObject({ applied: true, request: { status: "accepted" } });
      expect(done.message).toBe("The class was moved to Tuesday, March 17, 2026, 5:30 PM – 6:00 PM.");
      expect(await lessonRow(lessonId)).toMatchObject({
        date: "2026-03-17",
        startTime: "17:30",
        rescheduledByUserId: family.id,
      });
    } finally {
      await setAutomatic(false);
    }
  });

  it("two families choosing one time at once: one moves, the other is refused", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    await setAutomatic(true);
    try {
      const a = await familyWith(["2026-03-30"], "Uno");
      const b = await familyWith(["2026-03-31"], "Dos");
      const second = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
      const answers = await Promise.all([
        ask(a.family, a.family.id, a.lessonIds["2026-03-30"] as number, "2026-03-27", "19:00"),
        ask(b.family, b.family.id, b.lessonIds["2026-03-31"] as number, "2026-03-27", "19:00", second),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const moved = await t.db
        .selectFrom("lesson")
        .select("id")
        .where("instructorId", "=", ivy.id)
        .where("date", "=", "2026-03-27")
        .where("startTime", "=", "19:00")
        .execute();
      expect(moved).toHaveLength(1);
    } finally {
      await setAutomatic(false);
    }
  });
});

describe("who may move a lesson", () => {
  it("a guardian allowed to book; another household's lesson is not found", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-04-20"], "Rosa");
    const other = await familyWith(["2026-04-21"], "Other");
    const noBook = await addGuardian(t.db, {
      clientId: family.id,
      permissions: { book: false },
      passwordHash: await passwordHashOf(t.auth, clientPassword),
    });
    const noBookSignedIn = await signIn(t, noBook.email, clientPassword);
    const lessonId = lessonIds["2026-04-20"] as number;
    expect((await options({ ...family, cookie: noBookSignedIn.cookie }, family.id, lessonId)).status).toBe(
      403,
    );
    expect((await options(family, family.id, other.lessonIds["2026-04-21"] as number)).status).toBe(404);
    expect(
      (await ask(family, family.id, other.lessonIds["2026-04-21"] as number, "2026-04-22", "09:00")).status,
    ).toBe(404);
    expect((await options(ivy, family.id, lessonId)).status).toBe(403);
  });
});
