import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { createBooking } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { BookingPageResponse, SaveBookingResponse } from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { InstructorListResponse, NewInstructorResponse } from "../../domain/lesson-schedule.ts";
import type { Db } from "../db/database.ts";

/**
 * The owner and the instructors (issue 27, docs/decisions/021). I1 teaches Ana's Monday class and Ben's Tuesday one;
 * the owner teaches Ana's Wednesday class; I2 teaches Cy's. Each instructor sees and works only their own lessons
 * and those lessons' households, and no payment; the owner creates instructor accounts, sees and works everything.
 * Monday March 2nd 2026, UTC.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let i1: TestAccount;
let i2: TestAccount;
let ana: TestAccount;
let ben: TestAccount;
let cy: TestAccount;
let anaBooking = 0;
let benBooking = 0;
let cyBooking = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock: testClock("2026-03-02T10:00:00.000Z"), env: { TZ_SCHOOL: "UTC" } });
  owner = await signedInAdmin(t);
  i1 = await signedInInstructor(t, { name: "Ivy One" });
  i2 = await signedInInstructor(t, { name: "Ian Two" });
  ana = await signedInClient(t, { firstName: "Ana", lastName: "Alpha" });
  ben = await signedInClient(t, { firstName: "Ben", lastName: "Beta" });
  cy = await signedInClient(t, { firstName: "Cy", lastName: "Gamma" });
  await db
    .updateTable("client")
    .set({ address: "1 Alpha Road", accessNotes: "Gate 1234" })
    .where("id", "=", ana.id)
    .execute();
  ({ bookingId: anaBooking } = await createBooking(db, {
    clientId: ana.id,
    dates: [
      { date: "2026-03-02", startTime: "09:00", instructorId: i1.id },
      { date: "2026-03-04", startTime: "09:00", instructorId: owner.id },
    ],
  }));
  ({ bookingId: benBooking } = await createBooking(db, {
    clientId: ben.id,
    dates: [{ date: "2026-03-03", startTime: "10:00", instructorId: i1.id }],
  }));
  ({ bookingId: cyBooking } = await createBooking(db, {
    clientId: cy.id,
    dates: [{ date: "2026-03-02", startTime: "11:00", instructorId: i2.id }],
  }));
});
afterAll(() => testDb.close());

const as = (who: TestAccount, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: who.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;

describe("an instructor", () => {
  it("sees the bookings of their own lessons only, with only those lessons, and no payment", async () => {
    for (const list of ["/api/bookings", "/api/bookings/feedback-list"]) {
      const page = await json<BookingPageResponse>(await as(i1, "GET", list));
      expect(page.total).toBe(2);
      expect(
        page.items
          .map((booking) => [
            booking.clientName,
            booking.dates.map((day) => day.date),
            booking.amountToPay,
            booking.paid,
          ])
          .sort(),
      ).toEqual([
        ["Ana Alpha", ["2026-03-02"], null, null],
        ["Ben Beta", ["2026-03-03"], null, null],
      ]);
      const ana = page.items.find((booking) => booking.id === anaBooking);
      expect(ana).toMatchObject({ address: "1 Alpha Road", accessNotes: "Gate 1234" });
      // A search keeps to their own lessons too.
      expect(
        (await json<BookingPageResponse>(await as(i2, "GET", `${list}?search=g`))).items.map((b) => b.id),
      ).toEqual([cyBooking]);
    }
    const all = await json<BookingPageResponse>(await as(owner, "GET", "/api/bookings"));
    expect(all.total).toBe(3);
    expect(all.items.find((booking) => booking.id === anaBooking)?.dates).toHaveLength(2);
    expect(all.items.find((booking) => booking.id === anaBooking)?.amountToPay).toBe(120);
  });

  it("writes feedback on their own classes only; another's booking does not exist for them", async () => {
    const saved = await json<SaveBookingResponse>(
      await as(i1, "PUT", `/api/bookings/${anaBooking}/feedback`, {
        feedbacks: { "2026-03-02": "Floated alone." },
      }),
    );
    expect(saved.booking.dates).toEqual([
      expect.objectContaining({ date: "2026-03-02", feedback: "Floated alone." }),
    ]);
    expect(saved.booking.amountToPay).toBeNull();
    // The owner's Wednesday class in the same booking is not theirs.
    expect(
      (
        await errorOf(
          await as(i1, "PUT", `/api/bookings/${anaBooking}/feedback`, { feedbacks: { "2026-03-04": "x" } }),
          403,
        )
      ).code,
    ).toBe("permission-denied");
    expect(
      (
        await errorOf(
          await as(i1, "PUT", `/api/bookings/${cyBooking}/feedback`, { feedbacks: { "2026-03-02": "x" } }),
          404,
        )
      ).code,
    ).toBe("booking-not-found");
    const cyFeedback = await db
      .selectFrom("lessonSwimmer")
      .select("feedback")
      .where("swimmerId", "=", cy.id)
      .execute();
    expect(cyFeedback).toEqual([{ feedback: null }]);
  });

  it("moves their own lesson's time, but cannot give it away or touch another's", async () => {
    const schedule = (who: TestAccount, bookingId: number, body: object) =>
      as(who, "PUT", `/api/bookings/${bookingId}/schedule`, body);
    const moved = await json<SaveBookingResponse>(
      await schedule(i1, benBooking, { date: "2026-03-03", startTime: "10:30", instructorId: i1.id }),
    );
    expect(moved.booking.dates[0]).toMatchObject({
      startTime: "10:30",
      instructor: { id: i1.id, name: "Ivy One" },
    });
    await errorOf(
      await schedule(i1, benBooking, { date: "2026-03-03", startTime: "10:30", instructorId: i2.id }),
      403,
    );
    await errorOf(
      await schedule(i1, anaBooking, { date: "2026-03-04", startTime: "12:00", instructorId: i1.id }),
      403,
    );
    await errorOf(
      await schedule(i2, benBooking, { date: "2026-03-03", startTime: "12:00", instructorId: i2.id }),
      404,
    );
    // The owner gives any lesson to anyone.
    await json(
      await schedule(owner, benBooking, { date: "2026-03-03", startTime: "10:30", instructorId: i2.id }),
    );
    await json(
      await schedule(owner, benBooking, { date: "2026-03-03", startTime: "10:30", instructorId: i1.id }),
    );
  });

  it("reads the swimmers (with their notes) of the households they teach, and no other household", async () => {
    expect((await as(i1, "GET", `/api/clients/${ana.id}/swimmers`)).status).toBe(200);
    expect((await as(i1, "GET", `/api/clients/${ben.id}/swimmers`)).status).toBe(200);
    expect((await as(i1, "GET", `/api/clients/${cy.id}/swimmers`)).status).toBe(403);
    expect((await as(i2, "GET", `/api/clients/${ana.id}/swimmers`)).status).toBe(403);
    for (const path of [
      `/api/clients/${ana.id}`,
      `/api/clients/${ana.id}/bookings`,
      `/api/subscriptions/used-classes/${ana.id}`,
      "/api/clients?search=a",
    ]) {
      expect((await as(i1, "GET", path)).status, path).toBe(403);
    }
  });

  it("cannot register, delete, book or change a package", async () => {
    const refused = [
      await as(i1, "POST", "/api/clients", {
        firstName: "New",
        lastName: "Family",
        email: "new-family@example.com",
        phoneNumber: "5550100",
        defaultPackType: "4_60",
      }),
      await as(i1, "DELETE", `/api/clients/${ben.id}`),
      await as(i1, "DELETE", `/api/bookings/${benBooking}`),
      await as(i1, "PATCH", `/api/clients/${ben.id}`, { defaultPackType: "8_60" }),
      await as(i1, "POST", "/api/bookings", { clientId: ben.id, dates: ["2026-03-10"] }),
      await as(i1, "PATCH", `/api/bookings/${benBooking}`, { dates: ["2026-03-10"] }),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
    expect(await db.selectFrom("booking").select("id").where("id", "=", benBooking).execute()).toHaveLength(
      1,
    );
  });
});

describe("the owner's instructor accounts", () => {
  it("creates one with a temporary password; the instructor signs in, must choose a password, then teaches", async () => {
    const created = await json<NewInstructorResponse>(
      await as(owner, "POST", "/api/instructors", {
        firstName: "Tess",
        lastName: "Teach",
        email: "Tess@Example.com",
      }),
      201,
    );
    expect(created.temporaryPassword).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(created.instructor).toMatchObject({ name: "Tess Teach", email: "tess@example.com", owner: false });
    expect(created.message).toBe(
      `Instructor account created! Temporary password: ${created.temporaryPassword}`,
    );
    const again = await as(owner, "POST", "/api/instructors", {
      firstName: "T",
      lastName: "T",
      email: "tess@example.com",
    });
    expect((await errorOf(again, 409)).code).toBe("email-already-in-use");

    const { instructors } = await json<InstructorListResponse>(await as(owner, "GET", "/api/instructors"));
    expect(instructors.map((each) => [each.name, each.owner])).toEqual(
      expect.arrayContaining([
        ["Admin", true],
        ["Ivy One", false],
        ["Tess Teach", false],
      ]),
    );

    const { response, cookie } = await signIn(t, "tess@example.com", created.temporaryPassword);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      role: "instructor",
      mustChangePassword: true,
    });
    // Nothing but the password change until then.
    expect((await call(t, "GET", "/api/bookings", { cookie })).status).toBe(403);
    // The owner gives Tess a lesson; she then finds it in her list (after choosing her password).
    await json(
      await as(owner, "PUT", `/api/bookings/${cyBooking}/schedule`, {
        date: "2026-03-02",
        startTime: "11:00",
        instructorId: created.instructor.id,
      }),
    );
    expect(
      (await json<BookingPageResponse>(await as(i2, "GET", "/api/bookings"))).items.map(
        (booking) => booking.id,
      ),
    ).toEqual([]);
  });
});
