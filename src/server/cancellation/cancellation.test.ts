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
import type { CancellationPreview, CancellationResponse } from "../../domain/cancellation.ts";
import type { CreditsResponse } from "../../domain/credits.ts";
import type { TodayResponse } from "../../domain/today.ts";
import { timedLessonsOf } from "../bookings/repository.ts";
import { currentLessonsOf } from "../calendar-feed/repository.ts";
import { queueDueReminders } from "../reminders/service.ts";

/**
 * A family cancels a lesson (issue 29, docs/decisions/031) on a real database (SQLite here, PostgreSQL under
 * TEST_DATABASE_URL) and a loopback SMTP server. The school is in Madrid, with the default policy (version 1: 24
 * hours' notice, a late cancellation uses the class, credits last 60 days).
 */
const testbed = mailTestbed();
const env = { TZ_SCHOOL: "Europe/Madrid", CLASS_REMINDER_HOUR: "17" };

let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
let instructor: TestAccount;
beforeAll(async () => {
  clock = testClock("2026-03-02T10:00:00.000Z"); // 11:00 in Madrid, Monday
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
  owner = await signedInAdmin(t);
  instructor = await signedInInstructor(t, { name: "Ivy Teach" });
});

const path = (clientId: string, lessonId: number) =>
  `/api/clients/${clientId}/lessons/${lessonId}/cancellation`;
const preview = (as: TestAccount, clientId: string, lessonId: number) =>
  call(t, "GET", path(clientId, lessonId), { cookie: as.cookie });
const cancel = (
  as: TestAccount,
  clientId: string,
  lessonId: number,
  expectedOutcome: "credit" | "class-used",
  reason = "family",
) => call(t, "POST", path(clientId, lessonId), { cookie: as.cookie, body: { reason, expectedOutcome } });

const planOf = async (as: TestAccount) =>
  (
    await json<ClientBookingsResponse>(
      await call(t, "GET", `/api/clients/${as.id}/bookings`, { cookie: as.cookie }),
    )
  ).plan;
const creditsOf = async (as: TestAccount) =>
  json<CreditsResponse>(await call(t, "GET", `/api/clients/${as.id}/credits`, { cookie: as.cookie }));

/** A family with lessons on these days at 10:00 (Madrid), taught by `instructor`. */
async function familyWith(dates: string[], name = "Family") {
  const family = await signedInClient(t, { firstName: name });
  const { lessonIds } = await createBooking(t.db, {
    clientId: family.id,
    dates: dates.map((date) => ({ date, startTime: "10:00", instructorId: instructor.id })),
  });
  return { family, lessonIds };
}

describe("cancelling a lesson in time", () => {
  it("tells the credit and its last day, applies it, keeps the lesson and gives the class back as credit", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-01", "2026-03-05", "2026-03-06"], "Inez");
    const spanish = await addGuardian(t.db, {
      clientId: family.id,
      name: "Pablo Ruiz",
      passwordHash: await passwordHashOf(t.auth, clientPassword),
    });
    await setAccountLocale(t.db, spanish.id, "es");
    const lessonId = lessonIds["2026-03-05"] as number;
    const before = await planOf(family);

    const shown = await json<CancellationPreview>(await preview(family, family.id, lessonId));
    expect(shown).toMatchObject({
      timing: "free",
      outcome: "credit",
      creditExpiresOn: "2026-05-01",
      deadline: "2026-03-04T09:00:00.000Z",
      words: "You get a credit for this class, valid until May 1, 2026.",
    });

    const done = await json<CancellationResponse>(await cancel(family, family.id, lessonId, "credit"));
    expect(done).toMatchObject({ outcome: "credit", creditExpiresOn: "2026-05-01" });
    const credits = await creditsOf(family);
    expect(credits.credits.map((credit) => [credit.id, credit.kind, credit.expiresOn])).toEqual([
      [done.creditId, "cancellation", "2026-05-01"],
    ]);

    const after = await planOf(family);
    expect(before).toMatchObject({ usedClasses: 1, creditedClasses: 0 });
    // The class went back as the credit, not to "left".
    expect(after).toMatchObject({
      usedClasses: 1,
      creditedClasses: 1,
      classesLeft: before?.classesLeft,
      bookedClasses: before?.bookedClasses,
    });
    const bookings = await json<ClientBookingsResponse>(
      await call(t, "GET", `/api/clients/${family.id}/bookings`, { cookie: family.cookie }),
    );
    const kept = bookings.bookings[0]?.dates.find((date) => date.lessonId === lessonId);
    expect(kept?.cancellation).toEqual({
      at: clock.now().toISOString(),
      outcome: "credit",
      reason: "family",
      byName: "Inez Client",
    });

    // The mails: the family's guardians in their languages, and the instructor.
    const mails = await t.db
      .selectFrom("mailOutbox")
      .select(["toAddress", "subject", "body"])
      .where("toAddress", "in", [family.email, spanish.email, instructor.email])
      .execute();
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(
      [family.email, instructor.email, spanish.email].sort(),
    );
    const mailTo = (email: string) => mails.find((mail) => mail.toAddress === email);
    expect(mailTo(family.email)?.subject).toBe("Swim class cancelled: Thursday, March 5, 2026");
    expect(mailTo(family.email)?.body).toContain("You get a credit for this class, valid until May 1, 2026.");
    expect(mailTo(spanish.email)?.subject).toMatch(/^Clase de natación cancelada/);
    expect(mailTo(instructor.email)?.body).not.toContain("credit");

    // Cancelled twice, or a lesson already past: refused with a clear message, nothing more applied.
    const again = await cancel(family, family.id, lessonId, "credit");
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe("This class has already been cancelled.");
    const past = await cancel(family, family.id, lessonIds["2026-03-01"] as number, "class-used");
    expect(past.status).toBe(409);
    expect((await past.json()).error.code).toBe("lesson-past");
    expect((await creditsOf(family)).credits).toHaveLength(1);
  });

  it("frees the time, leaves the feed, sends no reminder, and shows as cancelled on /today", async () => {
    clock.set("2026-03-08T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-03-10", "2026-03-11"], "Omar");
    const lessonId = lessonIds["2026-03-10"] as number;
    await json(await cancel(family, family.id, lessonId, "credit"));

    expect(
      (await timedLessonsOf(t.db, instructor.id, ["2026-03-10"])).map((lesson) => lesson.id),
    ).not.toContain(lessonId);
    expect((await currentLessonsOf(t.db, family.id)).map((lesson) => lesson.id)).toEqual([
      lessonIds["2026-03-11"],
    ]);
    clock.set("2026-03-09T17:00:00.000Z"); // 18:00 in Madrid: the reminders of March 10th go
    await queueDueReminders(t);
    const reminded = await t.db
      .selectFrom("lesson")
      .select("reminderQueuedAt")
      .where("id", "=", lessonId)
      .executeTakeFirstOrThrow();
    expect(reminded.reminderQueuedAt).toBeNull();

    const signedIn = await signIn(t, instructor.email, "instructor-password-1");
    const day = await json<TodayResponse>(
      await call(t, "GET", "/api/today?date=2026-03-10", { cookie: signedIn.cookie }),
    );
    expect(day.lessons.find((lesson) => lesson.id === lessonId)).toMatchObject({ cancelled: true });
    const body = new FormData();
    body.append(
      "record",
      JSON.stringify({
        date: "2026-03-10",
        startTime: "10:00",
        swimmers: [{ swimmerId: family.id, attendance: "present", feedback: "" }],
        assessments: [],
      }),
    );
    const recorded = await t.app.request(`/api/lessons/${lessonId}/record`, {
      method: "POST",
      headers: { cookie: signedIn.cookie, "Idempotency-Key": "save-cancelled-lesson" },
      body,
    });
    expect(recorded.status).toBe(409);
    expect((await recorded.json()).error.message).toBe(
      "This class was cancelled: there is nothing to record.",
    );
  });
});

describe("a booking edited after a cancellation", () => {
  it("keeps the cancelled class as it is, whether the owner's save names its date or not", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const admin = await signedInAdmin(t);
    const family = await signedInClient(t, { firstName: "Vera" });
    const { bookingId, lessonIds } = await createBooking(t.db, {
      clientId: family.id,
      dates: ["2026-03-20", "2026-03-21"].map((date) => ({
        date,
        startTime: "10:00",
        instructorId: instructor.id,
      })),
    });
    const cancelledId = lessonIds["2026-03-20"] as number;
    await json(await cancel(family, family.id, cancelledId, "credit"));
    const before = await planOf(family);
    const edit = (dates: string[]) =>
      call(t, "PATCH", `/api/bookings/${bookingId}`, {
        cookie: admin.cookie,
        body: { dates, startTime: "10:00", instructorId: instructor.id },
      });
    await json(await edit(["2026-03-20", "2026-03-22"]));
    await json(await edit(["2026-03-23"]));
    const kept = await t.db
      .selectFrom("lesson")
      .select(["id", "cancellationOutcome"])
      .where("clientId", "=", family.id)
      .where("date", "=", "2026-03-20")
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ id: cancelledId, cancellationOutcome: "credit" });
    expect(await planOf(family)).toMatchObject({
      creditedClasses: 1,
      classesLeft: before?.classesLeft,
      bookedClasses: before?.bookedClasses,
    });
  });
});

describe("cancelling late", () => {
  it("says the class counts as used, and answers 409 with the new outcome when the deadline passed meanwhile", async () => {
    clock.set("2026-03-16T08:30:00.000Z"); // 09:30 in Madrid: the class of the 17th at 10:00 is 24.5 hours away
    const { family, lessonIds } = await familyWith(["2026-03-17"], "Lola");
    const lessonId = lessonIds["2026-03-17"] as number;
    expect(await json<CancellationPreview>(await preview(family, family.id, lessonId))).toMatchObject({
      outcome: "credit",
    });
    clock.set("2026-03-16T09:10:00.000Z"); // The deadline (10:00 in Madrid on the 16th) has passed.
    // Time moved on the test clock: the family signs in again.
    family.cookie = (await signIn(t, family.email, clientPassword)).cookie;
    const changed = await cancel(family, family.id, lessonId, "credit");
    expect(changed.status).toBe(409);
    const body = await changed.json();
    expect(body.error.code).toBe("cancellation-outcome-changed");
    expect(body.error.preview).toMatchObject({
      timing: "late",
      outcome: "class-used",
      words: "It is less than 24 hours before the class: the class counts as used.",
    });
    expect((await planOf(family))?.usedClasses).toBe(0);

    const done = await json<CancellationResponse>(await cancel(family, family.id, lessonId, "class-used"));
    expect(done).toMatchObject({ outcome: "class-used", creditId: null });
    expect(await planOf(family)).toMatchObject({ usedClasses: 1, creditedClasses: 0 });
    expect((await creditsOf(family)).credits).toEqual([]);
  });
});

describe("who may cancel", () => {
  it("a guardian allowed to book, and the owner; another household's lesson is not found", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-04-01", "2026-04-02"], "Rosa");
    const other = await familyWith(["2026-04-01"], "Other");
    const noBook = await addGuardian(t.db, {
      clientId: family.id,
      permissions: { book: false },
      passwordHash: await passwordHashOf(t.auth, clientPassword),
    });
    const noBookSignedIn = await signIn(t, noBook.email, clientPassword);
    const first = lessonIds["2026-04-01"] as number;

    expect((await preview({ ...family, cookie: noBookSignedIn.cookie }, family.id, first)).status).toBe(403);
    expect((await preview(family, family.id, other.lessonIds["2026-04-01"] as number)).status).toBe(404);
    expect((await cancel(family, family.id, other.lessonIds["2026-04-01"] as number, "credit")).status).toBe(
      404,
    );
    expect((await cancel(instructor, family.id, first, "credit")).status).toBe(403);
    await json(await cancel(owner, family.id, first, "credit"));
    const byOwner = await t.db
      .selectFrom("lesson")
      .select(["cancelledByUserId", "cancellationReason"])
      .where("id", "=", first)
      .executeTakeFirstOrThrow();
    expect(byOwner).toEqual({ cancelledByUserId: owner.id, cancellationReason: "family" });
  });

  it("two cancellations of one lesson at once: one applies, one credit", async () => {
    clock.set("2026-03-02T10:00:00.000Z");
    const { family, lessonIds } = await familyWith(["2026-04-10"], "Twin");
    const lessonId = lessonIds["2026-04-10"] as number;
    const second = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
    const answers = await Promise.all([
      cancel(family, family.id, lessonId, "credit", "family-weather"),
      call(second, "POST", path(family.id, lessonId), {
        cookie: family.cookie,
        body: { reason: "family", expectedOutcome: "credit" },
      }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await creditsOf(family)).credits).toHaveLength(1);
  });
});
