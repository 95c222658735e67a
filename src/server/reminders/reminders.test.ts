import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import {
  clientRows,
  createBooking,
  createClient,
  type NewLesson,
  passwordHashOf,
} from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, type TestClock, testClock } from "../../../test/support/test-app.ts";
import { bookingMessages, type ReminderSettingsResponse } from "../../domain/bookings.ts";
import { type CancellationPolicy, defaultPolicy, policyWords } from "../../domain/policy.ts";
import { inLocale } from "../i18n/i18n.ts";
import { queueDueReminders } from "./service.ts";

/**
 * The day-before class reminder, on a real database and a loopback SMTP server. The school is in Madrid (UTC+1 in
 * March) and mails reminders from 17:00 school time, unless a test says otherwise.
 */
const testbed = mailTestbed();
const schoolEnv = { TZ_SCHOOL: "Europe/Madrid", CLASS_REMINDER_HOUR: "17" };
const subject = "Reminder: your swim class tomorrow";

/** One instance of the server: its own wiring (outbox, clock) on the shared database and SMTP server. */
function instance(clock: TestClock, env: Record<string, string> = schoolEnv): TestApp {
  return buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env });
}

let counter = 0;
/** A client (no session) with a pending booking of `dates`; returns the client and the lesson ids by date. */
async function clientWithClasses(
  t: TestApp,
  dates: (string | NewLesson)[],
  status: "pending" | "cancelled" = "pending",
  locale?: "en" | "es",
) {
  const client = await createClient(t.db, {
    locale,
    firstName: "Rita",
    lastName: `Reminded${counter}`,
    email: `reminded-${counter++}@example.com`,
    phoneNumber: "5550100",
    defaultPackType: "8_60",
    passwordHash: await passwordHashOf(t.auth, "rita-password-1"),
  });
  const { lessonIds } = await createBooking(t.db, { clientId: client.id, dates, status });
  return { email: client.email, id: client.id, lessonIds };
}

/** A time as a Spanish reader's mail writes it (ICU's words for a.m. and p.m. differ between Node versions). */
const spanishTime = (time: string) =>
  new Intl.DateTimeFormat("es-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(`1970-01-01T${time}:00Z`),
  );

/** The policy's words as a reader of `locale` reads them (the server's reader, as the sweep writes mails). */
const policyWordsIn = (locale: "en" | "es", policy: CancellationPolicy) =>
  inLocale(locale, () => policyWords(policy));

/** The reminders queued for `email` (outbox rows). */
const remindersQueuedFor = (email: string) =>
  testbed.db
    .selectFrom("mailOutbox")
    .select(["subject", "body", "status"])
    .where("toAddress", "=", email)
    .where("subject", "=", subject)
    .execute();

/** The reminders the SMTP server received for `email`. */
const remindersReceivedBy = (email: string) =>
  testbed.sink.received.filter((mail) => mail.to.includes(email) && mail.raw.includes(`Subject: ${subject}`));

describe("queueDueReminders", () => {
  it("queues each class's reminder once across two instances sweeping at once, and after a restart", async () => {
    // 17:30 in Madrid on Wednesday March 4th: the classes of Thursday March 5th are due.
    const clock = testClock("2026-03-04T16:30:00.000Z");
    const first = instance(clock);
    const second = instance(clock);
    const clients = [
      await clientWithClasses(first, ["2026-03-05", "2026-03-12"]),
      await clientWithClasses(first, ["2026-03-05"]),
      await clientWithClasses(first, ["2026-03-05", "2026-03-06"]),
    ];

    let queued = 0;
    for (let round = 0; round < 5; round++) {
      const counts = await Promise.all([queueDueReminders(first), queueDueReminders(second)]);
      queued += counts[0] + counts[1];
      clock.advance(60_000);
    }
    // A restart: a new wiring on the same database, later the same evening.
    clock.set("2026-03-04T21:00:00.000Z");
    queued += await queueDueReminders(instance(clock));
    expect(queued).toBe(3);

    for (const client of clients) {
      const mails = await remindersQueuedFor(client.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.status).toBe("sent");
      expect(mails[0]?.body).toContain("your swim class tomorrow, Thursday, March 5, 2026.");
      expect(mails[0]?.body).toContain("The class lasts 30 minutes.");
      expect(mails[0]?.body).toContain(
        "You can turn these reminders off on your dashboard: http://localhost:3000/client-panel",
      );
      expect(remindersReceivedBy(client.email)).toHaveLength(1);
    }
    // Only tomorrow's classes: the 6th and the 12th are not claimed yet.
    const later = await testbed.db
      .selectFrom("lesson")
      .select(["date", "reminderQueuedAt"])
      .where("id", "in", [clients[0]?.lessonIds["2026-03-12"] ?? 0, clients[2]?.lessonIds["2026-03-06"] ?? 0])
      .execute();
    expect(later.map((lesson) => lesson.reminderQueuedAt)).toEqual([null, null]);
  });

  it("writes each reminder in its reader's language: Spanish to a parent who chose it, English to the others", async () => {
    // 18:30 in Madrid on Wednesday April 1st (summer time): the classes of Thursday April 2nd are due.
    const clock = testClock("2026-04-01T16:30:00.000Z");
    const t = instance(clock);
    // Rita's class has a time, an instructor and her address; the other's time is still to be set.
    const bea = clientRows({
      id: "bea-teacher",
      firstName: "Bea",
      lastName: "Teacher",
      passwordHash: "$scrypt$x",
    });
    await t.db
      .insertInto("user")
      .values({ ...bea.user, role: "admin" })
      .execute();
    const spanish = await clientWithClasses(
      t,
      [{ date: "2026-04-02", startTime: "16:30", instructorId: "bea-teacher" }],
      "pending",
      "es",
    );
    await t.db
      .updateTable("client")
      .set({ address: "Calle Mayor 5, Madrid" })
      .where("id", "=", spanish.id)
      .execute();
    const english = await clientWithClasses(t, ["2026-04-02"]);
    // The sweep runs outside any request, and a request in English does not change whose language a mail is in.
    await queueDueReminders(t);

    const spanishMails = await testbed.db
      .selectFrom("mailOutbox")
      .select(["subject", "body", "status"])
      .where("toAddress", "=", spanish.email)
      .execute();
    expect(spanishMails).toEqual([
      {
        subject: "Recordatorio: tu clase de natación es mañana",
        body: [
          "Hola, Rita:",
          "Te recordamos tu clase de natación de mañana, jueves, 2 de abril de 2026. La clase dura 30 minutos.",
          [
            `Hora: ${spanishTime("16:30")} – ${spanishTime("17:00")}`,
            "Instructor: Bea Teacher",
            "Dirección: Calle Mayor 5, Madrid",
          ].join("\n"),
          [
            "Nuestra política de cancelación:",
            ...policyWordsIn("es", defaultPolicy).map((sentence) => `- ${sentence}`),
          ].join("\n"),
          "Puedes desactivar estos recordatorios en tu panel: http://localhost:3000/client-panel",
          [
            "-- ",
            "Aqua Nest Swim School",
            "hello@aquanest-swim.example · +1 (555) 010-4242",
            "http://localhost:3000",
            "Recibes este correo porque los recordatorios de clase están activados en tu cuenta de Aqua Nest Swim School.",
          ].join("\n"),
        ].join("\n\n"),
        status: "sent",
      },
    ]);
    const received = testbed.sink.received.filter((mail) => mail.to.includes(spanish.email));
    expect(received).toHaveLength(1);
    // Sent as UTF-8: the accents arrive as written.
    expect(received[0]?.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);

    const englishMails = await remindersQueuedFor(english.email);
    expect(englishMails).toHaveLength(1);
    expect(englishMails[0]?.body).toBe(
      [
        `Hello Rita,`,
        "This is a reminder of your swim class tomorrow, Thursday, April 2, 2026. The class lasts 30 minutes.",
        "Time: time to be set",
        [
          "Our cancellation policy:",
          "- Cancel at least 24 hours before a class and you get a credit for it, valid for 60 days.",
          "- If you cancel later, the class counts as used.",
          "- For a class whose time is not set yet, the hours count from the start of its day.",
          "- You can move up to 2 classes of each package to another time.",
          "- A credit can be used for any swimmer of your household.",
          "- If the school cancels a class for the weather, you get a credit for it. To cancel yourself for the weather, tell us at least 3 hours before the class.",
        ].join("\n"),
        "You can turn these reminders off on your dashboard: http://localhost:3000/client-panel",
        [
          "-- ",
          "Aqua Nest Swim School",
          "hello@aquanest-swim.example · +1 (555) 010-4242",
          "http://localhost:3000",
          "You get this mail because class reminders are on for your account at Aqua Nest Swim School.",
        ].join("\n"),
      ].join("\n\n"),
    );
  });

  it("waits for the school's reminder hour, and catches up later that day but not once the class is today", async () => {
    const clock = testClock("2026-03-09T15:59:00.000Z"); // 16:59 in Madrid, 15:59 in UTC
    const t = instance(clock);
    const early = await clientWithClasses(t, ["2026-03-10"]);
    const missed = await clientWithClasses(t, ["2026-03-11"]);

    await queueDueReminders(t);
    expect(await remindersQueuedFor(early.email)).toEqual([]);

    clock.set("2026-03-09T16:00:00.000Z"); // 17:00 in Madrid
    await queueDueReminders(t);
    expect(await remindersQueuedFor(early.email)).toHaveLength(1);

    // The server was down from before 17:00 on the 10th until 23:59: the reminder of the 11th still goes.
    clock.set("2026-03-10T22:59:00.000Z");
    await queueDueReminders(t);
    expect(await remindersQueuedFor(missed.email)).toHaveLength(1);
    expect(remindersReceivedBy(missed.email)).toHaveLength(1);

    // After midnight the class is today: too late for a day-before reminder.
    const tooLate = await clientWithClasses(t, ["2026-03-12"]);
    clock.set("2026-03-11T23:30:00.000Z"); // 00:30 on the 12th in Madrid
    await queueDueReminders(t);
    expect(await remindersQueuedFor(tooLate.email)).toEqual([]);
  });

  it("skips cancelled bookings, clients who turned reminders off, and classes after tomorrow", async () => {
    const clock = testClock("2026-03-16T17:00:00.000Z"); // 18:00 in Madrid on Monday the 16th
    const t = instance(clock);
    const reminded = await clientWithClasses(t, ["2026-03-17"]);
    const cancelled = await clientWithClasses(t, ["2026-03-17"], "cancelled");
    const dayAfter = await clientWithClasses(t, ["2026-03-18"]);
    const quiet = await signedInClient(t);
    await createBooking(t.db, { clientId: quiet.id, dates: ["2026-03-17"] });
    const off = await call(t, "PUT", `/api/clients/${quiet.id}/reminders`, {
      cookie: quiet.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);

    expect(await queueDueReminders(t)).toBe(1);
    expect(await remindersQueuedFor(reminded.email)).toHaveLength(1);
    for (const email of [cancelled.email, dayAfter.email, quiet.email]) {
      expect(await remindersQueuedFor(email)).toEqual([]);
      expect(remindersReceivedBy(email)).toEqual([]);
    }

    // Turned back on the same evening: the class of tomorrow still gets its reminder.
    await call(t, "PUT", `/api/clients/${quiet.id}/reminders`, {
      cookie: quiet.cookie,
      body: { enabled: true },
    });
    expect(await queueDueReminders(t)).toBe(1);
    expect(remindersReceivedBy(quiet.email)).toHaveLength(1);
  });

  it("counts days and hours in TZ_SCHOOL, not in UTC or the server's zone", async () => {
    // 19:30 UTC on March 4th is 08:30 on March 5th in Auckland (UTC+13): tomorrow there is the 6th.
    const clock = testClock("2026-03-04T19:30:00.000Z");
    const t = instance(clock, { TZ_SCHOOL: "Pacific/Auckland", CLASS_REMINDER_HOUR: "8" });
    const sixth = await clientWithClasses(t, ["2026-03-06"]);
    const fifth = await clientWithClasses(t, ["2026-03-05"]);

    clock.set("2026-03-04T18:59:00.000Z"); // 07:59 in Auckland: before the hour
    await queueDueReminders(t);
    expect(await remindersQueuedFor(sixth.email)).toEqual([]);

    clock.set("2026-03-04T19:30:00.000Z");
    await queueDueReminders(t);
    expect(await remindersQueuedFor(sixth.email)).toHaveLength(1);
    expect((await remindersQueuedFor(sixth.email))[0]?.body).toContain("Friday, March 6, 2026");
    // The 5th is tomorrow in UTC but today in Auckland.
    expect(await remindersQueuedFor(fifth.email)).toEqual([]);
  });
});

describe("GET and PUT /api/clients/:clientId/reminders", () => {
  let t: TestApp;
  let alice: TestAccount;
  let bob: TestAccount;
  let admin: TestAccount;
  beforeAll(async () => {
    t = instance(testClock());
    alice = await signedInClient(t, { firstName: "Alice" });
    bob = await signedInClient(t, { firstName: "Bob" });
    admin = await signedInAdmin(t);
  });

  const settings = async (as: TestAccount, clientId: string) => {
    const response = await call(t, "GET", `/api/clients/${clientId}/reminders`, { cookie: as.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    return (await response.json()) as ReminderSettingsResponse;
  };

  it("lets the client read and turn their reminders off and on", async () => {
    expect(await settings(alice, alice.id)).toEqual({ enabled: true, hour: 17 });

    const off = await call(t, "PUT", `/api/clients/${alice.id}/reminders`, {
      cookie: alice.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ enabled: false, hour: 17, message: bookingMessages.remindersOff });
    expect(await settings(alice, alice.id)).toEqual({ enabled: false, hour: 17 });

    const on = await call(t, "PUT", `/api/clients/${alice.id}/reminders`, {
      cookie: alice.cookie,
      body: { enabled: true },
    });
    expect(await on.json()).toEqual({ enabled: true, hour: 17, message: bookingMessages.remindersOn });
  });

  it("refuses another client, and bad bodies, changing nothing", async () => {
    expect((await call(t, "GET", `/api/clients/${alice.id}/reminders`, { cookie: bob.cookie })).status).toBe(
      403,
    );
    const put = await call(t, "PUT", `/api/clients/${alice.id}/reminders`, {
      cookie: bob.cookie,
      body: { enabled: false },
    });
    expect(put.status).toBe(403);
    expect((await call(t, "GET", `/api/clients/${alice.id}/reminders`)).status).toBe(401);
    for (const body of [{ enabled: "no" }, {}, { enabled: false, hour: 3 }]) {
      const response = await call(t, "PUT", `/api/clients/${alice.id}/reminders`, {
        cookie: alice.cookie,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await settings(alice, alice.id)).enabled).toBe(true);
  });

  it("lets an admin read and change any client's, and answers 404 for a client that does not exist", async () => {
    const off = await call(t, "PUT", `/api/clients/${bob.id}/reminders`, {
      cookie: admin.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await settings(admin, bob.id)).toEqual({ enabled: false, hour: 17 });
    expect(await settings(bob, bob.id)).toEqual({ enabled: false, hour: 17 });

    for (const method of ["GET", "PUT"]) {
      const missing = await call(t, method, "/api/clients/no-such-client/reminders", {
        cookie: admin.cookie,
        body: method === "PUT" ? { enabled: true } : undefined,
      });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("client-not-found");
    }
  });
});

describe("the cancellation policy in the reminder", () => {
  it("is the version the lesson was booked under, not a later one", async () => {
    // 17:30 in Madrid on Monday May 4th: the classes of Tuesday May 5th are due.
    const clock = testClock("2026-05-04T15:30:00.000Z");
    const t = instance(clock);
    const stricter: CancellationPolicy = { ...defaultPolicy, noticeHours: 48, creditExpiryDays: 30 };
    await t.db
      .insertInto("cancellationPolicy")
      .values({ version: 2, ...stricter, createdAt: clock.now().toISOString(), createdByUserId: null })
      .execute();
    const bookedBefore = await clientWithClasses(t, [{ date: "2026-05-05", policyVersion: 1 }]);
    const bookedAfter = await clientWithClasses(t, ["2026-05-05"]);
    await queueDueReminders(t);
    const [before] = await remindersQueuedFor(bookedBefore.email);
    const [after] = await remindersQueuedFor(bookedAfter.email);
    expect(before?.body).toContain(
      "- Cancel at least 24 hours before a class and you get a credit for it, valid for 60 days.",
    );
    expect(after?.body).toContain(
      "- Cancel at least 48 hours before a class and you get a credit for it, valid for 30 days.",
    );
  });
});
