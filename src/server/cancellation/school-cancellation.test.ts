import { beforeAll, describe, expect, it, vi } from "vitest";
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
import type { BookingPageResponse } from "../../domain/bookings.ts";
import type { CancellationResponse } from "../../domain/cancellation.ts";
import type { CreditsResponse } from "../../domain/credits.ts";
import { defaultPolicy } from "../../domain/policy.ts";
import type {
  SchoolCancellationPreview,
  WeatherDayPreview,
  WeatherDayResult,
} from "../../domain/school-cancellation.ts";
import type { TodayResponse } from "../../domain/today.ts";
import { queueDueReminders } from "../reminders/service.ts";

/**
 * The school cancels lessons (issue 29, docs/decisions/034) on a real database (SQLite here, PostgreSQL under
 * TEST_DATABASE_URL) and a loopback SMTP server: one lesson (the owner any, an instructor their own), and a weather
 * day. The school is in Madrid; policy version 1 is the default (credits last 60 days).
 */
const testbed = mailTestbed();
const env = { TZ_SCHOOL: "Europe/Madrid", CLASS_REMINDER_HOUR: "17" };

let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
let ivy: TestAccount;
let ian: TestAccount;
beforeAll(async () => {
  clock = testClock("2026-05-04T08:00:00.000Z"); // 10:00 in Madrid, Monday
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
  owner = await signedInAdmin(t);
  ivy = await signedInInstructor(t, { name: "Ivy Teach" });
  ian = await signedInInstructor(t, { name: "Ian Other" });
});

/** A family with one lesson on each of `lessons` (day and time), taught by `instructor`. */
async function familyWith(
  name: string,
  instructor: TestAccount,
  lessons: { date: string; startTime?: string }[],
) {
  const family = await signedInClient(t, { firstName: name, lastName: "Family" });
  const { lessonIds } = await createBooking(t.db, {
    clientId: family.id,
    dates: lessons.map((lesson) => ({ ...lesson, instructorId: instructor.id })),
  });
  return { family, lessonIds };
}

/** The clock moved on: the staff sign in again (a staff session ends after 5 idle minutes of its clock). */
async function at(moment: string) {
  clock.set(moment);
  for (const staff of [owner, ivy, ian]) staff.cookie = (await signIn(t, staff.email, staff.password)).cookie;
}

const creditsOf = async (as: TestAccount) =>
  json<CreditsResponse>(await call(t, "GET", `/api/clients/${as.id}/credits`, { cookie: as.cookie }));
const lessonRow = (id: number) =>
  t.db
    .selectFrom("lesson")
    .select(["cancelledAt", "cancelledByUserId", "cancellationReason", "cancellationOutcome"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const mailsTo = (email: string) => testbed.sink.received.filter((mail) => mail.to.includes(email));
/** A received mail's text, its quoted-printable soft breaks and escapes undone. */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (codes) => Buffer.from(codes.replace(/=/g, ""), "hex").toString("utf8"));

describe("the school cancels one lesson", () => {
  it("the owner: told the credit and its policy version first, then the family and the instructor are mailed and the lists say who and when", async () => {
    await at("2026-05-04T08:00:00.000Z");
    const { family, lessonIds } = await familyWith("Sol", ivy, [{ date: "2026-05-06", startTime: "10:00" }]);
    const lessonId = lessonIds["2026-05-06"] as number;
    const path = `/api/lessons/${lessonId}/school-cancellation`;

    const shown = await json<SchoolCancellationPreview>(
      await call(t, "GET", `${path}?reason=school`, { cookie: owner.cookie }),
    );
    expect(shown).toMatchObject({
      creditExpiresOn: "2026-07-03",
      policyVersion: 1,
      words:
        "The family gets a credit for this class, valid until July 3, 2026, under the policy it was booked under (version 1).",
    });
    // Nothing applied by reading.
    expect((await lessonRow(lessonId)).cancelledAt).toBeNull();

    const done = await json<CancellationResponse>(
      await call(t, "POST", path, {
        cookie: owner.cookie,
        body: { reason: "school", note: "Our pool heater broke." },
      }),
    );
    expect(done).toMatchObject({ outcome: "credit", creditExpiresOn: "2026-07-03" });
    expect(await lessonRow(lessonId)).toEqual({
      cancelledAt: "2026-05-04T08:00:00.000Z",
      cancelledByUserId: owner.id,
      cancellationReason: "school",
      cancellationOutcome: "credit",
    });
    const credits = await creditsOf(family);
    expect(credits.credits.map((each) => [each.kind, each.reason, each.expiresOn, each.state])).toEqual([
      ["school", "Our pool heater broke.", "2026-07-03", "available"],
    ]);

    const toFamily = mailsTo(family.email).map((mail) => textOf(mail.raw));
    expect(toFamily).toHaveLength(1);
    expect(toFamily[0]).toContain("Subject: Swim class cancelled: Wednesday, May 6, 2026");
    expect(toFamily[0]).toContain("The school has cancelled it.");
    expect(toFamily[0]).toContain("The school's message: Our pool heater broke.");
    expect(toFamily[0]).toContain("You get a credit for this class, valid until July 3, 2026.");
    const toIvy = mailsTo(ivy.email).map((mail) => textOf(mail.raw));
    expect(toIvy).toHaveLength(1);
    expect(toIvy[0]).not.toContain("credit");

    // Ivy's day and the owner's list say it was the school, and who.
    const day = await json<TodayResponse>(
      await call(t, "GET", "/api/today?date=2026-05-06", { cookie: ivy.cookie }),
    );
    expect(day.lessons.find((lesson) => lesson.id === lessonId)?.cancellation).toEqual({
      at: "2026-05-04T08:00:00.000Z",
      reason: "school",
      outcome: "credit",
      byName: "Admin",
    });
    const list = await json<BookingPageResponse>(
      await call(t, "GET", "/api/bookings?search=Sol", { cookie: owner.cookie }),
    );
    expect(list.items[0]?.dates[0]?.cancellation).toMatchObject({ reason: "school", byName: "Admin" });

    // Twice: refused, one credit.
    const again = await call(t, "POST", path, { cookie: owner.cookie, body: { reason: "weather" } });
    expect(again.status).toBe(409);
    expect((await creditsOf(family)).credits).toHaveLength(1);
  });

  it("an instructor: their own lesson for the weather, not another's, and not a guardian", async () => {
    await at("2026-05-04T08:00:00.000Z");
    const mine = await familyWith("Teo", ivy, [{ date: "2026-05-07", startTime: "11:00" }]);
    const theirs = await familyWith("Uma", ian, [{ date: "2026-05-07", startTime: "11:00" }]);
    const path = (id: number) => `/api/lessons/${id}/school-cancellation`;
    const theirId = theirs.lessonIds["2026-05-07"] as number;
    const myId = mine.lessonIds["2026-05-07"] as number;

    expect((await call(t, "GET", path(theirId), { cookie: ivy.cookie })).status).toBe(404);
    expect(
      (await call(t, "POST", path(theirId), { cookie: ivy.cookie, body: { reason: "school" } })).status,
    ).toBe(404);
    expect(
      (await call(t, "POST", path(myId), { cookie: mine.family.cookie, body: { reason: "school" } })).status,
    ).toBe(403);
    await json(await call(t, "POST", path(myId), { cookie: ivy.cookie, body: { reason: "weather" } }));
    expect(await lessonRow(myId)).toMatchObject({ cancellationReason: "weather", cancelledByUserId: ivy.id });
    expect((await lessonRow(theirId)).cancelledAt).toBeNull();
    // The credit says the class's day, in the family's words.
    expect((await creditsOf(mine.family)).credits.map((each) => [each.kind, each.reason])).toEqual([
      ["weather", "2026-05-07"],
    ]);
    // Ivy cancelled it herself: no mail to her; the family's says the weather.
    expect(mailsTo(ivy.email)).toHaveLength(0);
    expect(textOf(mailsTo(mine.family.email)[0]?.raw ?? "")).toContain(
      "The school has cancelled it because of the weather.",
    );
  });
});

describe("the weather day", () => {
  it("previews every lesson of the range, then cancels and credits the standing ones under their own policy, mails each household once in its language, and no reminder follows", async () => {
    await at("2026-05-11T06:00:00.000Z"); // 08:00 in Madrid, Monday
    const day = "2026-05-12";
    // Booked under version 1 (60 days)…
    const ana = await familyWith("Ana", ivy, [{ date: day, startTime: "15:00" }]);
    const spanish = await addGuardian(t.db, {
      clientId: ana.family.id,
      name: "Pablo Ruiz",
      passwordHash: await passwordHashOf(t.auth, clientPassword),
    });
    await setAccountLocale(t.db, spanish.id, "es");
    const bea = await familyWith("Bea", ian, [{ date: day, startTime: "16:30" }]);
    const gone = await familyWith("Cleo", ivy, [{ date: day, startTime: "17:00" }]);
    const morning = await familyWith("Dani", ivy, [{ date: day, startTime: "09:00" }]);
    // …and one under version 2 (credits last 30 days).
    await json(
      await call(t, "PUT", "/api/settings/policy", {
        cookie: owner.cookie,
        body: { ...defaultPolicy, creditExpiryDays: 30 },
      }),
    );
    const eva = await familyWith("Eva", ian, [{ date: day, startTime: "14:00" }]);
    // Cleo's family cancelled theirs already.
    await json(
      await call(t, "POST", `/api/clients/${gone.family.id}/lessons/${gone.lessonIds[day]}/cancellation`, {
        cookie: gone.family.cookie,
        body: { reason: "family", expectedOutcome: "credit" },
      }),
    );
    testbed.sink.received = [];

    const range = `date=${day}&from=14:00&to=18:00`;
    const preview = await json<WeatherDayPreview>(
      await call(t, "GET", `/api/weather-day?${range}`, { cookie: owner.cookie }),
    );
    expect(
      preview.lessons.map((each) => [
        each.householdName,
        each.status,
        each.creditExpiresOn,
        each.policyVersion,
      ]),
    ).toEqual([
      ["Eva Family", "to-cancel", "2026-06-10", 2],
      ["Ana Family", "to-cancel", "2026-07-10", 1],
      ["Bea Family", "to-cancel", "2026-07-10", 1],
      ["Cleo Family", "cancelled", null, 1],
    ]);
    expect(preview).toMatchObject({
      toCancel: 3,
      households: 3,
      words: "3 classes of 3 families will be cancelled, each family mailed at once with its credit.",
    });
    const standing = preview.lessons.map((each) => each.lessonId);

    const result = await json<WeatherDayResult>(
      await call(t, "POST", "/api/weather-day", {
        cookie: owner.cookie,
        body: {
          date: day,
          from: "14:00",
          to: "18:00",
          note: "Thunderstorms all afternoon.",
          lessonIds: standing,
        },
      }),
    );
    expect(result).toMatchObject({
      households: 3,
      skipped: [{ lessonId: gone.lessonIds[day], why: "cancelled" }],
      message: "3 classes cancelled and credited. 1 class skipped: already cancelled or started.",
    });
    // The mails go after the answer: every one of them arrives.
    await vi.waitFor(() => expect(testbed.sink.received).toHaveLength(result.mails), { timeout: 20_000 });
    expect(result.cancelled.map((each) => each.creditExpiresOn).sort()).toEqual([
      "2026-06-10",
      "2026-07-10",
      "2026-07-10",
    ]);
    for (const family of [ana, bea, eva]) {
      expect(await lessonRow(family.lessonIds[day] as number)).toMatchObject({
        cancellationReason: "weather",
        cancellationOutcome: "credit",
        cancelledByUserId: owner.id,
      });
      expect((await creditsOf(family.family)).credits.map((each) => [each.kind, each.reason])).toEqual([
        ["weather", "Thunderstorms all afternoon."],
      ]);
    }
    // Out of the range: untouched. Cleo's: still the family's.
    expect((await lessonRow(morning.lessonIds[day] as number)).cancelledAt).toBeNull();
    expect(await lessonRow(gone.lessonIds[day] as number)).toMatchObject({ cancellationReason: "family" });

    // One mail per guardian, in their language, with the class and its credit; one per instructor.
    const english = mailsTo(ana.family.email).map((mail) => textOf(mail.raw));
    expect(english).toHaveLength(1);
    expect(english[0]).toContain("Subject: Swim class cancelled: Tuesday, May 12, 2026");
    expect(english[0]).toContain("The school has cancelled it because of the weather.");
    expect(english[0]).toContain("The school's message: Thunderstorms all afternoon.");
    expect(english[0]).toContain("You get a credit for this class, valid until July 10, 2026.");
    const pablo = mailsTo(spanish.email).map((mail) => textOf(mail.raw));
    expect(pablo).toHaveLength(1);
    expect(pablo[0]).toContain("10 de julio de 2026");
    expect(pablo[0]).not.toContain("valid until");
    expect(textOf(mailsTo(eva.family.email)[0]?.raw ?? "")).toContain("valid until June 10, 2026");
    expect(mailsTo(gone.family.email)).toHaveLength(0);
    expect(mailsTo(morning.family.email)).toHaveLength(0);
    const toIan = mailsTo(ian.email).map((mail) => textOf(mail.raw));
    expect(toIan).toHaveLength(1);
    expect(toIan[0]).toContain("Subject: Swim classes cancelled: Tuesday, May 12, 2026");
    expect(toIan[0]).toContain("2:00");
    expect(toIan[0]).toContain("4:30");

    // The reminders of the 12th go at 17:00 on the 11th: only the standing morning class gets one.
    clock.set("2026-05-11T15:00:00.000Z");
    await queueDueReminders(t);
    const reminded = await t.db
      .selectFrom("lesson")
      .select("id")
      .where("date", "=", day)
      .where("reminderQueuedAt", "is not", null)
      .execute();
    expect(reminded.map((row) => row.id)).toEqual([morning.lessonIds[day]]);

    // Declared again: nothing more, every lesson said skipped.
    await at("2026-05-11T06:00:00.000Z");
    const again = await json<WeatherDayResult>(
      await call(t, "POST", "/api/weather-day", {
        cookie: owner.cookie,
        body: { date: day, from: "14:00", to: "18:00", note: "Again.", lessonIds: standing },
      }),
    );
    expect(again.cancelled).toEqual([]);
    expect(again.skipped).toHaveLength(4);
    expect((await creditsOf(ana.family)).credits).toHaveLength(1);
  });

  it("an instructor's covers only their own lessons, skips a started one, and is refused another's", async () => {
    await at("2026-05-18T08:00:00.000Z"); // 10:00 in Madrid
    const day = "2026-05-18";
    const started = await familyWith("Fay", ivy, [{ date: day, startTime: "09:30" }]);
    const later = await familyWith("Gil", ivy, [{ date: day }]);
    const others = await familyWith("Hal", ian, [{ date: day, startTime: "12:00" }]);
    const preview = await json<WeatherDayPreview>(
      await call(t, "GET", `/api/weather-day?date=${day}`, { cookie: ivy.cookie }),
    );
    // A class with no time counts from the start of its day: that day has come.
    expect(preview.lessons.map((each) => [each.householdName, each.status])).toEqual([
      ["Fay Family", "past"],
      ["Gil Family", "past"],
    ]);
    expect(preview.words).toBe("No class to cancel.");
    expect(
      (await call(t, "GET", `/api/weather-day?date=${day}&instructorId=${ian.id}`, { cookie: ivy.cookie }))
        .status,
    ).toBe(403);
    // Ivy names Hal's lesson as shown: it is not hers, so it is no part of her weather day.
    const result = await json<WeatherDayResult>(
      await call(t, "POST", "/api/weather-day", {
        cookie: ivy.cookie,
        body: {
          date: day,
          note: "Storm.",
          lessonIds: [started.lessonIds[day], later.lessonIds[day], others.lessonIds[day]],
        },
      }),
    );
    expect(result.cancelled).toEqual([]);
    expect(result.skipped.map((each) => each.why)).toEqual(["past", "past"]);
    expect((await lessonRow(others.lessonIds[day] as number)).cancelledAt).toBeNull();
    // A guardian: no weather day at all.
    expect(
      (await call(t, "GET", `/api/weather-day?date=${day}`, { cookie: started.family.cookie })).status,
    ).toBe(403);
  });

  it("refuses a run when a class was booked after the preview, and two runs at once credit each lesson once", async () => {
    await at("2026-05-18T08:00:00.000Z");
    const day = "2026-05-20";
    const families = await Promise.all(
      ["Ida", "Jon", "Kai", "Lea"].map((name, i) =>
        familyWith(name, i % 2 === 0 ? ivy : ian, [{ date: day, startTime: `1${i}:00` }]),
      ),
    );
    const preview = await json<WeatherDayPreview>(
      await call(t, "GET", `/api/weather-day?date=${day}`, { cookie: owner.cookie }),
    );
    const late = await familyWith("Max", ian, [{ date: day, startTime: "15:00" }]);
    const body = { date: day, note: "Hail.", lessonIds: preview.lessons.map((each) => each.lessonId) };
    const changed = await call(t, "POST", "/api/weather-day", { cookie: owner.cookie, body });
    expect(changed.status).toBe(409);
    const refusal = await changed.json();
    expect(refusal.error.code).toBe("weather-day-changed");
    expect(refusal.error.preview.toCancel).toBe(5);
    expect((await lessonRow(families[0]?.lessonIds[day] as number)).cancelledAt).toBeNull();

    const shown = [...body.lessonIds, late.lessonIds[day]];
    const second = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
    const answers = await Promise.all([
      call(t, "POST", "/api/weather-day", { cookie: owner.cookie, body: { ...body, lessonIds: shown } }),
      call(second, "POST", "/api/weather-day", {
        cookie: ivy.cookie,
        body: { ...body, lessonIds: shown },
      }),
    ]);
    const results = await Promise.all(answers.map((answer) => json<WeatherDayResult>(answer)));
    const cancelled = results.flatMap((each) => each.cancelled.map((one) => one.lessonId));
    expect(cancelled.sort()).toEqual([...families, late].map((each) => each.lessonIds[day] as number).sort());
    for (const family of [...families, late]) {
      expect((await creditsOf(family.family)).credits).toHaveLength(1);
    }
    const mails = results.reduce((sum, each) => sum + each.mails, 0);
    await vi.waitFor(() => expect(testbed.sink.received).toHaveLength(mails), { timeout: 20_000 });
  });
});
