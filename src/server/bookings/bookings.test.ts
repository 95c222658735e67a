import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { createBooking } from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { expectWordTablesTrue } from "../../../test/support/word-tables.ts";
import type {
  Booking,
  BookingDraftResponse,
  BookingPageResponse,
  ClientBookingsResponse,
  SaveBookingResponse,
} from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import { addDays } from "../../domain/school-day.ts";
import type { ActiveSubscriptionInfo, CancelSubscriptionResponse } from "../../domain/subscriptions.ts";
import { registerClient } from "../clients/service.ts";
import { applyPaymentEvent } from "../subscriptions/service.ts";

/**
 * The bookings API on a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL) and a loopback SMTP server.
 * The school is in New York; the tests move one settable clock through March 2026.
 */
const testbed = mailTestbed();
const clock = testClock("2026-03-02T15:00:00.000Z"); // 10:00 on Monday March 2nd in New York
let t: TestApp;
let admin: TestAccount;
let alice: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = buildTestApp(testbed.db, {
    smtpUrl: testbed.sink.url,
    clock,
    env: { TZ_SCHOOL: "America/New_York" },
  });
  admin = await signedInAdmin(t);
  alice = await signedInClient(t, { firstName: "Alice", lastName: "Martin" });
  bob = await signedInClient(t, { firstName: "Bob", lastName: "Other" });
});

const db = () => testbed.db;
/**
 * One of Alice's booked dates as the API shows it: her household's one swimmer is Alice herself; the admin who
 * booked it teaches it, with no time set.
 */
const aliceDay = (date: string, feedback: string | null) => ({
  date,
  feedback,
  swimmers: [{ id: alice.id, firstName: "Alice", feedback }],
  startTime: null,
  instructor: { id: admin.id, name: "Admin" },
  lessonId: expect.any(Number),
  cancellation: null,
  paidByCredit: false,
  moved: null,
});
const as = (account: TestAccount | undefined, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: account?.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;

/**
 * Moves the clock. Everyone signed in stays signed in, as if they had kept using the site meanwhile (the idle
 * sign-out is not what these tests are about, and signing in again costs a password hash each time).
 */
async function moveClockTo(iso: string) {
  clock.set(iso);
  await db().updateTable("session").set({ lastActiveAt: clock.now().toISOString() }).execute();
}

/** The client's plan, bought by the admin on the real local checkout. */
async function buyPlan(client: { id: string; email: string }, packType = "4_60") {
  const started = await json<{ url: string }>(
    await as(admin, "POST", "/api/subscriptions/create-checkout-session", {
      email: client.email,
      userId: client.id,
      packType,
    }),
  );
  await json(await as(admin, "POST", `/api/payments/local/${started.url.split("/").pop()}/pay`));
  return (
    await json<ActiveSubscriptionInfo>(await as(admin, "GET", `/api/subscriptions/used-classes/${client.id}`))
  ).subscriptionId as string;
}

const save = (clientId: string, dates: string[]) => as(admin, "POST", "/api/bookings", { clientId, dates });
const draftOf = (clientId: string) => as(admin, "GET", `/api/bookings/draft/${clientId}`);
const lessonDates = async (clientId: string) =>
  (
    await db().selectFrom("lesson").select("date").where("clientId", "=", clientId).orderBy("date").execute()
  ).map((row) => row.date);
const bookingCount = async (clientId: string) =>
  (await db().selectFrom("booking").select("id").where("clientId", "=", clientId).execute()).length;
const datesOf = (booking: Booking) => booking.dates.map((date) => date.date);

let aliceBookingId = 0;
let aliceSubscription = "";

describe("Create Booking", () => {
  it("a client without an active plan: 'This client has no active subscription.'", async () => {
    for (const response of [await draftOf(alice.id), await save(alice.id, ["2026-03-05"])]) {
      expect(await errorOf(response, 409)).toMatchObject({
        code: "no-active-subscription",
        message: "This client has no active subscription.",
      });
    }
    const unknown = "abcdefghijklmnopqrstuvwxyz012345";
    expect((await errorOf(await draftOf(unknown), 404)).code).toBe("client-not-found");
    expect((await errorOf(await save(unknown, ["2026-03-05"]), 404)).code).toBe("client-not-found");
    const noClient = await as(admin, "POST", "/api/bookings", { dates: ["2026-03-05"] });
    expect(await errorOf(noClient, 400)).toMatchObject({
      code: "validation",
      message: "Please select a client first.",
    });
  });

  it("loads the plan, saves a new booking, then updates that same booking", async () => {
    aliceSubscription = await buyPlan(alice);
    expect(await json<BookingDraftResponse>(await draftOf(alice.id))).toEqual({
      clientId: alice.id,
      subscriptionId: aliceSubscription,
      totalClasses: 4,
      classesLeft: 4,
      selectable: 4,
      booking: null,
      swimmers: [{ id: alice.id, firstName: "Alice", lastName: "Martin" }],
      today: "2026-03-02",
      hasActivePlan: true,
      credits: [],
      creditDates: [],
    });

    const created = await json<SaveBookingResponse>(await save(alice.id, ["2026-03-05", "2026-03-03"]));
    aliceBookingId = created.booking.id;
    expect(created).toEqual({
      booking: {
        id: aliceBookingId,
        clientId: alice.id,
        clientName: "Alice Martin",
        subscriptionId: aliceSubscription,
        title: "2-Class Booking",
        status: "pending",
        paid: true,
        classCount: 2,
        amountToPay: 120,
        dates: [aliceDay("2026-03-03", null), aliceDay("2026-03-05", null)],
        familySwimmers: [{ id: alice.id, firstName: "Alice" }],
        address: "",
        accessNotes: "",
      },
      classesLeft: 2,
      message: "Booking saved successfully!",
    });
    expect(await json<BookingDraftResponse>(await draftOf(alice.id))).toMatchObject({
      classesLeft: 2,
      selectable: 4,
      booking: { id: aliceBookingId, dates: ["2026-03-03", "2026-03-05"] },
    });

    const updated = await json<SaveBookingResponse>(
      await save(alice.id, ["2026-03-03", "2026-03-05", "2026-03-10", "2026-03-12"]),
    );
    expect(updated.booking).toMatchObject({
      id: aliceBookingId,
      title: "4-Class Booking",
      classCount: 4,
      amountToPay: 240,
    });
    expect(updated.classesLeft).toBe(0);
    expect(await bookingCount(alice.id)).toBe(1);
  });

  it("refuses with the spec's words and changes nothing", async () => {
    const before = await lessonDates(alice.id);
    const five = ["2026-03-03", "2026-03-04", "2026-03-05", "2026-03-10", "2026-03-12"];
    expect(await errorOf(await save(alice.id, five), 409)).toMatchObject({
      code: "too-many-dates",
      message: "Only 4 classes can be booked.",
    });
    expect(await errorOf(await save(alice.id, []), 400)).toMatchObject({
      code: "no-dates",
      message: "Please select at least one date.",
    });
    expect(await errorOf(await save(alice.id, ["2026-03-01"]), 400)).toMatchObject({
      code: "past-date",
      message: "Past dates cannot be booked.",
    });
    expect((await errorOf(await save(alice.id, ["2026-02-30"]), 400)).code).toBe("validation");
    expect(await lessonDates(alice.id)).toEqual(before);
  });

  it("counts days in the school's time zone, not the server's", async () => {
    // 23:00 on March 2nd in New York is already March 3rd in UTC: March 2nd is still today.
    await moveClockTo("2026-03-03T04:00:00.000Z");
    expect((await json<BookingDraftResponse>(await draftOf(alice.id))).today).toBe("2026-03-02");
    const withToday = ["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-10"];
    expect((await json<SaveBookingResponse>(await save(alice.id, withToday))).booking.classCount).toBe(4);
    // Two hours later it is March 3rd there too, and March 2nd is past: kept, and no longer choosable.
    await moveClockTo("2026-03-03T06:00:00.000Z");
    expect((await errorOf(await save(alice.id, withToday), 400)).code).toBe("past-date");
    const draft = await json<BookingDraftResponse>(await draftOf(alice.id));
    expect(draft).toMatchObject({ today: "2026-03-03", classesLeft: 0, selectable: 3 });
    expect(draft.booking?.dates).toEqual(["2026-03-03", "2026-03-05", "2026-03-10"]);
  });
});

describe("Manage Bookings", () => {
  const edit = (bookingId: number, dates: string[]) =>
    as(admin, "PATCH", `/api/bookings/${bookingId}`, { dates });

  it("moves the future dates and keeps the past ones", async () => {
    await moveClockTo("2026-03-06T15:00:00.000Z");
    const response = await json<SaveBookingResponse>(await edit(aliceBookingId, ["2026-03-11"]));
    expect(response.message).toBe("Booking updated successfully!");
    expect(datesOf(response.booking)).toEqual(["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-11"]);
    expect(response.booking).toMatchObject({ classCount: 4, title: "4-Class Booking", amountToPay: 240 });
  });

  it("refuses more dates than the booking had, a past date, an unknown booking", async () => {
    expect(await errorOf(await edit(aliceBookingId, ["2026-03-11", "2026-03-12"]), 409)).toMatchObject({
      code: "too-many-dates",
      message: "You can only select 4 dates.",
    });
    expect(await errorOf(await edit(aliceBookingId, ["2026-03-04"]), 400)).toMatchObject({
      code: "past-date",
      message: "Past dates are kept and cannot be changed.",
    });
    expect(await errorOf(await edit(999_999, ["2026-03-11"]), 404)).toMatchObject({
      code: "booking-not-found",
      message: "This booking does not exist.",
    });
    expect((await errorOf(await as(admin, "PATCH", "/api/bookings/abc", { dates: [] }), 400)).code).toBe(
      "validation",
    );
    expect(await lessonDates(alice.id)).toEqual(["2026-03-02", "2026-03-03", "2026-03-05", "2026-03-11"]);
  });

  it("an overbooked plan (two bookings, as an import could leave): 'You can only assign up to 2 classes.'", async () => {
    const { client: dora } = await registerClient(t, {
      firstName: "Dora",
      lastName: "Imported",
      email: "dora@example.com",
      phoneNumber: "5550100",
      defaultPackType: "4_60",
    });
    await buyPlan(dora);
    const own = await json<SaveBookingResponse>(
      await save(dora.id, ["2026-03-16", "2026-03-17", "2026-03-18"]),
    );
    const plan = await db()
      .selectFrom("subscriptionPlan")
      .select("id")
      .where("clientId", "=", dora.id)
      .executeTakeFirstOrThrow();
    const { bookingId: imported } = await createBooking(db(), {
      clientId: dora.id,
      planId: plan.id,
      dates: ["2026-03-23", "2026-03-24"],
      createdAt: clock.now().toISOString(),
      row: { subscriptionId: null },
    });

    const refused = await edit(own.booking.id, ["2026-03-19", "2026-03-20", "2026-03-21"]);
    expect(await errorOf(refused, 409)).toMatchObject({
      code: "too-many-dates",
      message: "You can only assign up to 2 classes.",
    });

    // Deleting the imported booking frees its classes.
    const deleted = await as(admin, "DELETE", `/api/bookings/${imported}`);
    expect(await json(deleted)).toEqual({ message: "Booking deleted successfully!" });
    expect(await lessonDates(dora.id)).toEqual(["2026-03-16", "2026-03-17", "2026-03-18"]);
    expect((await json<BookingDraftResponse>(await draftOf(dora.id))).classesLeft).toBe(1);
    expect((await errorOf(await as(admin, "DELETE", `/api/bookings/${imported}`), 404)).code).toBe(
      "booking-not-found",
    );
    const moved = await json<SaveBookingResponse>(
      await edit(own.booking.id, ["2026-03-19", "2026-03-20", "2026-03-21"]),
    );
    expect(datesOf(moved.booking)).toEqual(["2026-03-19", "2026-03-20", "2026-03-21"]);
    expect(moved.classesLeft).toBe(1);
  });
});

describe("Add Feedback", () => {
  const subject = "New feedback on your swim class";
  const feedback = (bookingId: number, feedbacks: Record<string, string>) =>
    as(admin, "PUT", `/api/bookings/${bookingId}/feedback`, { feedbacks });
  const feedbackMails = () =>
    db()
      .selectFrom("mailOutbox")
      .select(["body", "status"])
      .where("toAddress", "=", alice.email)
      .where("subject", "=", subject)
      .orderBy("id")
      .execute();
  const received = () =>
    testbed.sink.received.filter((mail) => mail.to.includes(alice.email) && mail.raw.includes(subject));

  it("saves a text per date and mails the client once, with the date and the text", async () => {
    const response = await json<SaveBookingResponse>(
      await feedback(aliceBookingId, { "2026-03-03": "Great kicks today.", "2026-03-05": "" }),
    );
    expect(response.message).toBe("Feedback saved successfully!");
    expect(response.booking.dates).toEqual([
      aliceDay("2026-03-02", null),
      aliceDay("2026-03-03", "Great kicks today."),
      aliceDay("2026-03-05", null),
      aliceDay("2026-03-11", null),
    ]);
    const mails = await feedbackMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.status).toBe("sent");
    expect(mails[0]?.body).toContain("March 3, 2026\nGreat kicks today.");
    expect(received()).toHaveLength(1);
  });

  it("mails only what is new or changed; an empty text clears without a mail", async () => {
    await json(await feedback(aliceBookingId, { "2026-03-03": "Great kicks today." }));
    expect(await feedbackMails()).toHaveLength(1);

    await json(
      await feedback(aliceBookingId, { "2026-03-03": "Great kicks today.", "2026-03-05": "Floated alone!" }),
    );
    const mails = await feedbackMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain("March 5, 2026\nFloated alone!");
    expect(mails[1]?.body).not.toContain("March 3, 2026");

    const cleared = await json<SaveBookingResponse>(await feedback(aliceBookingId, { "2026-03-03": "  " }));
    expect(cleared.booking.dates[1]).toEqual(aliceDay("2026-03-03", null));
    expect(await feedbackMails()).toHaveLength(2);
    expect(received()).toHaveLength(1); // this test's one mail (the sink starts each test empty)
  });

  it("mails a client who chose Spanish in Spanish, while the admin who writes it reads English", async () => {
    const lucia = await signedInClient(t, { firstName: "Lucía", locale: "es" });
    const { bookingId } = await createBooking(db(), {
      clientId: lucia.id,
      dates: ["2026-03-03", "2026-03-10"],
    });
    const saved = await as(admin, "PUT", `/api/bookings/${bookingId}/feedback`, {
      feedbacks: { "2026-03-03": "¡Flotó sola diez segundos!" },
    });
    expect((await json<SaveBookingResponse>(saved)).message).toBe("Feedback saved successfully!");
    const mails = await db()
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", lucia.email)
      .execute();
    expect(mails).toEqual([
      {
        subject: "Nuevos comentarios sobre tu clase de natación",
        body: [
          "Hola, Lucía:",
          "Tu instructor/a escribió comentarios sobre tu clase de natación:",
          "3 de marzo de 2026\n¡Flotó sola diez segundos!",
          "Puedes leer todos tus comentarios en la página Ver comentarios: http://localhost:3000/feedback",
          [
            "-- ",
            "Aqua Nest Swim School",
            "hello@aquanest-swim.example · +1 (555) 010-4242",
            "http://localhost:3000",
            "Recibes este correo porque tienes una cuenta en Aqua Nest Swim School.",
          ].join("\n"),
        ].join("\n\n"),
      },
    ]);
  });

  it("refuses feedback for a class that has not taken place in the school's time zone, and changes nothing", async () => {
    // March 6th, 10:00 in New York: March 11th is upcoming.
    const early = await feedback(aliceBookingId, { "2026-03-05": "Changed", "2026-03-11": "Too early" });
    expect(await errorOf(early, 400)).toMatchObject({
      code: "upcoming-date",
      message:
        "The class of March 11, 2026 has not taken place yet: its feedback can be written from that day on.",
    });
    // Sent unchanged (empty), an upcoming date is no change: the page's save of the other dates goes through.
    await json(await feedback(aliceBookingId, { "2026-03-05": "Floated alone!", "2026-03-11": "" }));
    // 23:30 on March 10th in New York (summer time since March 8th), March 11th in UTC: still upcoming.
    await moveClockTo("2026-03-11T03:30:00.000Z");
    expect((await errorOf(await feedback(aliceBookingId, { "2026-03-11": "Too early" }), 400)).code).toBe(
      "upcoming-date",
    );
    const lesson = () =>
      db()
        .selectFrom("lesson")
        .innerJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
        .select("lessonSwimmer.feedback")
        .where("lesson.clientId", "=", alice.id)
        .where("lesson.date", "=", "2026-03-11")
        .executeTakeFirstOrThrow();
    expect((await lesson()).feedback).toBeNull();
    // 00:30 on March 11th in New York: its day has come.
    await moveClockTo("2026-03-11T04:30:00.000Z");
    await json(await feedback(aliceBookingId, { "2026-03-11": "Swam a length." }));
    expect((await lesson()).feedback).toBe("Swam a length.");
    await json(await feedback(aliceBookingId, { "2026-03-11": "" }));
    await moveClockTo("2026-03-06T15:00:00.000Z");
  });

  it("refuses a date that is not in the booking, and changes nothing", async () => {
    const refused = await feedback(aliceBookingId, { "2026-03-04": "Wrong day", "2026-03-05": "Changed" });
    expect(await errorOf(refused, 400)).toMatchObject({
      code: "validation",
      message: "2026-03-04 is not a date of this booking.",
    });
    expect((await errorOf(await feedback(999_999, { "2026-03-05": "x" }), 404)).code).toBe(
      "booking-not-found",
    );
    const lesson = await db()
      .selectFrom("lesson")
      .innerJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
      .select("lessonSwimmer.feedback")
      .where("lesson.clientId", "=", alice.id)
      .where("lesson.date", "=", "2026-03-05")
      .executeTakeFirstOrThrow();
    expect(lesson.feedback).toBe("Floated alone!");
  });
});

describe("a client's own bookings", () => {
  const ownBookings = (account: TestAccount, clientId = account.id) =>
    as(account, "GET", `/api/clients/${clientId}/bookings`);

  it("shows every booking with its feedback, and the plan's progress", async () => {
    const response = await ownBookings(alice);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const mine = await json<ClientBookingsResponse>(response);
    expect(mine.today).toBe("2026-03-06");
    expect(mine.plan).toEqual({
      title: "4 classes · $60 per class",
      subscriptionId: aliceSubscription,
      totalClasses: 4,
      bookedClasses: 4,
      usedClasses: 3,
      creditedClasses: 0,
      classesLeft: 0,
    });
    expect(mine.bookings.map((booking) => booking.id)).toEqual([aliceBookingId]);
    expect(mine.bookings[0]?.dates[2]).toEqual(aliceDay("2026-03-05", "Floated alone!"));
    // The admin reads the same.
    expect(await json<ClientBookingsResponse>(await ownBookings(admin, alice.id))).toEqual(mine);
  });

  it("client B gets 403 on client A's bookings and on every admin route, and changes nothing", async () => {
    const before = await lessonDates(alice.id);
    const attempts = [
      ownBookings(bob, alice.id),
      as(bob, "GET", "/api/bookings"),
      as(bob, "GET", "/api/bookings/feedback-list"),
      as(bob, "GET", `/api/bookings/draft/${bob.id}`),
      as(bob, "POST", "/api/bookings", { clientId: alice.id, dates: ["2026-03-20"] }),
      as(bob, "PATCH", `/api/bookings/${aliceBookingId}`, { dates: ["2026-03-20"] }),
      as(bob, "PUT", `/api/bookings/${aliceBookingId}/feedback`, { feedbacks: { "2026-03-11": "Hi" } }),
      as(bob, "DELETE", `/api/bookings/${aliceBookingId}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect((await errorOf(response, 403)).code).toBe("permission-denied");
    }
    expect((await errorOf(await as(undefined, "GET", `/api/clients/${alice.id}/bookings`), 401)).code).toBe(
      "unauthenticated",
    );
    expect(await lessonDates(alice.id)).toEqual(before);
    expect(await json<ClientBookingsResponse>(await ownBookings(bob))).toEqual({
      today: "2026-03-06",
      plan: null,
      bookings: [],
      swimmers: [{ id: bob.id, firstName: "Bob", lastName: "Other" }],
    });
  });

  it("used classes are the booked dates already past, in the subscription box too", async () => {
    const usedClasses = async () =>
      (
        await json<ActiveSubscriptionInfo>(
          await as(alice, "GET", `/api/subscriptions/used-classes/${alice.id}`),
        )
      ).usedClasses;
    expect(await usedClasses()).toBe(3);
    await moveClockTo("2026-03-11T15:00:00.000Z");
    expect(await usedClasses()).toBe(3); // March 11th is today: not used yet.
    await moveClockTo("2026-03-12T05:30:00.000Z"); // 00:30 on March 12th in New York
    expect(await usedClasses()).toBe(4);
    expect((await json<ClientBookingsResponse>(await ownBookings(alice))).plan).toMatchObject({
      usedClasses: 4,
      classesLeft: 0,
    });
  });
});

describe("when the plan ends", () => {
  it("cancelling says how many classes were left, frees the dates to come and keeps the rest, cancelled", async () => {
    await moveClockTo("2026-03-10T15:00:00.000Z");
    const cancelled = await json<CancelSubscriptionResponse>(
      await as(alice, "POST", "/api/subscriptions/cancel-subscription", {
        subscriptionId: aliceSubscription,
        userId: alice.id,
      }),
    );
    expect(cancelled.message).toBe(
      "Your subscription has been successfully canceled. You had 1 remaining class left.",
    );
    expect(cancelled.remainingClasses).toBe(1);
    const mine = await json<ClientBookingsResponse>(
      await as(alice, "GET", `/api/clients/${alice.id}/bookings`),
    );
    expect(mine.plan).toBeNull();
    expect(mine.bookings.map((booking) => booking.status)).toEqual(["cancelled"]);
    // March 11th will not happen on this plan: freed. The past ones stay, with their feedback, for the history.
    expect(mine.bookings[0]).toMatchObject({ classCount: 3, title: "3-Class Booking", amountToPay: 180 });
    expect(await lessonDates(alice.id)).toEqual(["2026-03-02", "2026-03-03", "2026-03-05"]);
    expect(
      await errorOf(
        await as(admin, "PATCH", `/api/bookings/${aliceBookingId}`, { dates: ["2026-03-12"] }),
        409,
      ),
    ).toMatchObject({ code: "no-active-subscription", message: "This client has no active subscription." });
    expect((await errorOf(await draftOf(alice.id), 409)).code).toBe("no-active-subscription");
  });

  it("a new plan books its own dates, the freed one among them", async () => {
    const secondSubscription = await buyPlan(alice, "8_60");
    const saved = await json<SaveBookingResponse>(await save(alice.id, ["2026-03-11", "2026-03-13"]));
    expect(saved.booking).toMatchObject({
      subscriptionId: secondSubscription,
      classCount: 2,
      status: "pending",
    });
    expect(saved.classesLeft).toBe(6);
    const mine = await json<ClientBookingsResponse>(
      await as(alice, "GET", `/api/clients/${alice.id}/bookings`),
    );
    expect(mine.bookings.map((booking) => [booking.id, booking.status])).toEqual([
      [saved.booking.id, "pending"],
      [aliceBookingId, "cancelled"],
    ]);
  });

  it("the provider ending the subscription cancels the bookings too", async () => {
    const subscriptionId = await buyPlan(bob);
    const saved = await json<SaveBookingResponse>(await save(bob.id, ["2026-03-10", "2026-03-20"]));
    expect(
      await applyPaymentEvent(t, { id: "evt_ended_bob", kind: "subscription-ended", subscriptionId }),
    ).toBe("applied");
    const row = await db()
      .selectFrom("booking")
      .select(["status", "classCount"])
      .where("id", "=", saved.booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "cancelled", classCount: 1 });
    expect(await lessonDates(bob.id)).toEqual(["2026-03-10"]);
    // Today's class is kept, so it is not among the classes given up, and the receipt says it still takes place.
    const receipt = await db()
      .selectFrom("mailOutbox")
      .select("body")
      .where("toAddress", "=", bob.email)
      .where("subject", "=", "Your subscription has been canceled")
      .executeTakeFirstOrThrow();
    expect(receipt.body).toContain(
      "You had 3 remaining classes left. Today's booked class still takes place.",
    );
  });

  it("cancelling on the day of a booked class keeps that class, says so and does not count it as left", async () => {
    const dora = await signedInClient(t, { firstName: "Dora", lastName: "Today" });
    const subscriptionId = await buyPlan(dora);
    await json(await save(dora.id, ["2026-03-10", "2026-03-20", "2026-03-27"]));
    const cancelled = await json<CancelSubscriptionResponse>(
      await as(dora, "POST", "/api/subscriptions/cancel-subscription", { subscriptionId, userId: dora.id }),
    );
    expect(cancelled).toMatchObject({
      message:
        "Your subscription has been successfully canceled. You had 3 remaining classes left. Today's booked class still takes place.",
      remainingClasses: 3,
    });
    expect(await lessonDates(dora.id)).toEqual(["2026-03-10"]);
  });
});

describe("two admins at the same moment", () => {
  it("20 saves at once for a plan with 4 classes left store one booking of 4 dates", async () => {
    await moveClockTo("2026-03-12T15:00:00.000Z");
    const { client: carol } = await registerClient(t, {
      firstName: "Carol",
      lastName: "Racer",
      email: "carol@example.com",
      phoneNumber: "5550100",
      defaultPackType: "4_60",
    });
    await buyPlan(carol);
    const sets = Array.from({ length: 20 }, (_, i) =>
      [0, 1, 2, 3].map((k) => addDays("2026-03-13", i + k * 5)).sort(),
    );
    const responses = await Promise.all(sets.map((dates) => save(carol.id, dates)));

    const stored = await lessonDates(carol.id);
    expect(stored).toHaveLength(4);
    expect(await bookingCount(carol.id)).toBe(1);
    expect(sets).toContainEqual(stored);
    // Each save, one after the other, replaced the booking's future dates: none was refused.
    for (const response of responses) await json<SaveBookingResponse>(response);
    const draft = await json<BookingDraftResponse>(await draftOf(carol.id));
    expect(draft).toMatchObject({ classesLeft: 0, booking: { dates: stored } });
  });
});

describe("the admin's lists", () => {
  const people = [
    ["José", "Núñez", 3],
    ["Ana", "Zoe", 2],
    ["Zoe", "Adams", 3],
    ["Liam", "Brown", 1],
    ["Mia", "Clark", 2],
    ["Noah", "Davis", 3],
    ["Emma", "Evans", 1],
    ["Lucas", "Foster", 2],
    ["Olivia", "Green", 1],
  ] as const;
  const page = async (path: string) => json<BookingPageResponse>(await as(admin, "GET", path));

  beforeAll(async () => {
    for (const [index, [firstName, lastName, count]] of people.entries()) {
      const { client } = await registerClient(t, {
        firstName,
        lastName,
        email: `list-${index}@example.com`,
        phoneNumber: "5550100",
        defaultPackType: "4_60",
      });
      await buyPlan(client);
      // First dates from April 1st on, one a day, so the order is known.
      const first = addDays("2026-04-01", index);
      await json(
        await save(
          client.id,
          Array.from({ length: count }, (_, k) => addDays(first, k * 7)),
        ),
      );
    }
  });

  const isNewestFirst = (items: Booking[]) =>
    items.every((item, i) => {
      const next = items[i + 1];
      if (!next) return true;
      const [a, b] = [item.dates[0]?.date ?? "", next.dates[0]?.date ?? ""];
      return a > b || (a === b && item.id > next.id);
    });

  it("Manage Bookings: 10 a page, newest first by first date, the rest on the next page", async () => {
    const all = await db().selectFrom("booking").select("id").execute();
    const first = await page("/api/bookings");
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: all.length });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.clientName).toBe("Olivia Green");
    const second = await page("/api/bookings?page=2");
    expect(second.items).toHaveLength(all.length - 10);
    const both = [...first.items, ...second.items];
    expect(isNewestFirst(both)).toBe(true);
    expect(new Set(both.map((item) => item.id)).size).toBe(all.length);
    expect((await page("/api/bookings?page=99")).items).toEqual([]);
  });

  it("Manage Bookings searches first, last and full name, in any case and without accents", async () => {
    const names = async (search: string) =>
      (await page(`/api/bookings?search=${encodeURIComponent(search)}`)).items.map((item) => item.clientName);
    expect(await names("jose")).toEqual(["José Núñez"]);
    expect(await names("NÚÑ")).toEqual(["José Núñez"]);
    expect(await names("zoe")).toEqual(["Zoe Adams", "Ana Zoe"]);
    expect(await names("ana zo")).toEqual(["Ana Zoe"]);
    expect(await names("3-class")).toEqual([]); // titles are the feedback list's
    expect(await names("%")).toEqual([]);
    expect((await errorOf(await as(admin, "GET", "/api/bookings?page=0"), 400)).code).toBe("validation");
  });

  it("Add Feedback: 6 a page, searching title or client name", async () => {
    const first = await page("/api/bookings/feedback-list");
    expect(first).toMatchObject({ page: 1, pageSize: 6 });
    expect(first.items).toHaveLength(6);
    expect(isNewestFirst(first.items)).toBe(true);
    const titled = await page("/api/bookings/feedback-list?search=3-class");
    expect(titled.items.map((item) => item.clientName)).toEqual([
      "Noah Davis",
      "Zoe Adams",
      "José Núñez",
      "Dora Imported",
      // Her cancelled plan's booking, down to its 3 past dates.
      "Alice Martin",
    ]);
    expect(titled.items.every((item) => item.title === "3-Class Booking")).toBe(true);
    const named = await page("/api/bookings/feedback-list?search=davis");
    expect(named.items.map((item) => item.title)).toEqual(["3-Class Booking"]);
  });
});

describe("how far ahead a class can be booked", () => {
  it("up to two years from today in the school's time zone; a later date is refused and changes nothing", async () => {
    // 23:00 on June 14th 2026 in New York (already the 15th in UTC): the last bookable day is June 14th 2028.
    await moveClockTo("2026-06-15T03:00:00.000Z");
    const carol = await signedInClient(t, { firstName: "Carol", lastName: "Horizon" });
    await buyPlan(carol);
    const tooFar = {
      code: "date-too-far",
      message: "Classes can be booked up to 2 years ahead: the last day open is June 14, 2028.",
    };
    for (const late of ["2028-06-15", "9999-12-31"]) {
      expect(await errorOf(await save(carol.id, ["2026-06-20", late]), 400), late).toMatchObject(tooFar);
    }
    expect(await bookingCount(carol.id)).toBe(0);

    const saved = await json<SaveBookingResponse>(await save(carol.id, ["2026-06-20", "2028-06-14"]));
    expect(datesOf(saved.booking)).toEqual(["2026-06-20", "2028-06-14"]);
    const moved = await as(admin, "PATCH", `/api/bookings/${saved.booking.id}`, { dates: ["2028-06-15"] });
    expect(await errorOf(moved, 400)).toMatchObject(tooFar);
    expect(await lessonDates(carol.id)).toEqual(["2026-06-20", "2028-06-14"]);
  });
});

describe("the short searches' word tables (docs/decisions/043)", () => {
  it("hold exactly the words of the names and titles left by the tests above: the bookings' titles as saved, moved and deleted", async () => {
    await expectWordTablesTrue(db());
  });
});
