import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, type TestAccount } from "../../../test/support/accounts.ts";
import { addSwimmer, createClient, createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { SaveBookingResponse } from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { InstructorListResponse } from "../../domain/lesson-schedule.ts";
import { ensureAdmin } from "../auth/admin-account.ts";
import type { Db } from "../db/database.ts";

/**
 * Each lesson's start time and instructor (issue 27): Create Booking, Edit Booking Dates and Manage Bookings' per-class
 * schedule give them; one instructor never teaches two lessons less than 30 minutes apart, and the refusal names the
 * lesson in the way, even when two saves for one instructor at one time arrive at once (one wins). Monday March 2nd
 * 2026, UTC. On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let bea: string;
const households: { id: string; name: string }[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock: testClock("2026-03-02T10:00:00.000Z"), env: { TZ_SCHOOL: "UTC" } });
  owner = await signedInAdmin(t);
  await ensureAdmin(t, { email: "bea@example.com", password: "bea-password-1", name: "Bea Teacher" });
  bea = (
    await db.selectFrom("user").select("id").where("email", "=", "bea@example.com").executeTakeFirstOrThrow()
  ).id;
  for (const [firstName, lastName] of [
    ["Ana", "Núñez"],
    ["Carl", "Berg"],
    ["Dora", "Lind"],
    ["Eli", "Moss"],
    ["Fay", "Hart"],
    ["Gus", "Kerr"],
  ] as const) {
    const { id } = await createClient(db, { firstName, lastName, passwordHash: "$scrypt$unused" });
    await createPlan(db, { clientId: id, packType: "8_60", createdAt: "2026-03-01T09:00:00.000Z" });
    households.push({ id, name: `${firstName} ${lastName}` });
  }
  // Ana's household: Ana and her son Leo swim together.
  await addSwimmer(db, { clientId: households[0]?.id as string, firstName: "Leo", lastName: "Núñez" });
});
afterAll(() => testDb.close());

const as = (method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: owner.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;
const household = (i: number) => households[i]?.id as string;
const book = (
  i: number,
  dates: string[],
  schedule: { startTime?: string | null; instructorId?: string } = {},
) => as("POST", "/api/bookings", { clientId: household(i), dates, ...schedule });

describe("a lesson's time and instructor", () => {
  it("lists the school's instructors (today: its admins)", async () => {
    const { instructors } = await json<InstructorListResponse>(await as("GET", "/api/instructors"));
    expect(instructors).toEqual([
      { id: owner.id, name: "Admin", email: owner.email, owner: true },
      { id: bea, name: "Bea Teacher", email: "bea@example.com", owner: true },
    ]);
  });

  it("Create Booking gives the new dates a time and an instructor; unnamed, the admin saving teaches them", async () => {
    const saved = await json<SaveBookingResponse>(
      await book(0, ["2026-03-05", "2026-03-12"], { startTime: "10:00" }),
    );
    expect(saved.booking.dates.map((day) => [day.date, day.startTime, day.instructor])).toEqual([
      ["2026-03-05", "10:00", { id: owner.id, name: "Admin" }],
      ["2026-03-12", "10:00", { id: owner.id, name: "Admin" }],
    ]);
    const untimed = await json<SaveBookingResponse>(await book(1, ["2026-03-05"], { instructorId: bea }));
    expect(untimed.booking.dates[0]).toMatchObject({
      startTime: null,
      instructor: { id: bea, name: "Bea Teacher" },
    });
  });

  it("refuses a lesson of the same instructor less than 30 minutes from another, saying which", async () => {
    for (const startTime of ["10:00", "10:25", "09:35"]) {
      expect(await errorOf(await book(2, ["2026-03-05"], { startTime }), 409)).toEqual({
        code: "lesson-overlap",
        message:
          "Admin already teaches Ana, Leo (Ana Núñez) at 10:00 AM on March 5, 2026: an instructor teaches one 30-minute class at a time.",
        field: "startTime",
      });
    }
    expect(await db.selectFrom("lesson").select("id").where("clientId", "=", household(2)).execute()).toEqual(
      [],
    );
    // Back to back, another instructor at the same time, or no time yet: all fine.
    await json(await book(2, ["2026-03-05"], { startTime: "10:30" }));
    await json(await book(3, ["2026-03-05"], { startTime: "10:00", instructorId: bea }));
    await json(await book(4, ["2026-03-05"], { startTime: null }));
  });

  it("refuses an instructor who is not one of the school's, and a time off the grid or past midnight", async () => {
    expect((await errorOf(await book(4, ["2026-03-06"], { instructorId: household(1) }), 400)).code).toBe(
      "instructor-not-found",
    );
    for (const startTime of ["10:03", "23:45", "9:00", "24:00"]) {
      expect((await errorOf(await book(4, ["2026-03-06"], { startTime }), 400)).field).toBe("startTime");
    }
  });

  it("Manage Bookings sets one class's time and instructor, refusing an overlap but not the class itself", async () => {
    const booking = (await json<SaveBookingResponse>(await book(4, ["2026-03-05"]))).booking;
    const schedule = (body: object) => as("PUT", `/api/bookings/${booking.id}/schedule`, body);
    expect(
      (await errorOf(await schedule({ date: "2026-03-05", startTime: "10:45", instructorId: owner.id }), 409))
        .message,
    ).toMatch(/^Admin already teaches Dora \(Dora Lind\) at 10:30 AM on March 5, 2026/);
    const moved = await json<SaveBookingResponse>(
      await schedule({ date: "2026-03-05", startTime: "11:00", instructorId: owner.id }),
    );
    expect(moved.booking.dates[0]).toMatchObject({ startTime: "11:00", instructor: { id: owner.id } });
    // Saving the same again is no overlap with itself.
    await json(await schedule({ date: "2026-03-05", startTime: "11:10", instructorId: owner.id }));
    const unset = await json<SaveBookingResponse>(
      await schedule({ date: "2026-03-05", startTime: null, instructorId: bea }),
    );
    expect(unset.booking.dates[0]).toMatchObject({ startTime: null, instructor: { id: bea } });
    expect(
      (await errorOf(await schedule({ date: "2026-03-06", startTime: null, instructorId: bea }), 400)).field,
    ).toBe("date");
  });

  it("Edit Booking Dates gives the dates it adds the time chosen, checked the same way", async () => {
    const { booking } = await json<SaveBookingResponse>(
      await book(5, ["2026-03-09"], { startTime: "08:00" }),
    );
    const edit = (body: object) => as("PATCH", `/api/bookings/${booking.id}`, body);
    expect((await errorOf(await edit({ dates: ["2026-03-05"], startTime: "10:15" }), 409)).code).toBe(
      "lesson-overlap",
    );
    const edited = await json<SaveBookingResponse>(await edit({ dates: ["2026-03-05"], startTime: "12:00" }));
    expect(edited.booking.dates.map((day) => [day.date, day.startTime])).toEqual([["2026-03-05", "12:00"]]);
  });

  it("of saves arriving at once for one instructor at one time, exactly one wins", async () => {
    const day = "2026-03-20";
    for (const round of [0, 1, 2]) {
      const startTime = ["15:00", "16:00", "17:00"][round] as string;
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map((i) => book(i, [addDaysTo(day, round)], { startTime, instructorId: bea })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const lessons = await db
        .selectFrom("lesson")
        .select("id")
        .where("instructorId", "=", bea)
        .where("date", "=", addDaysTo(day, round))
        .execute();
      expect(lessons).toHaveLength(1);
    }
  });
});

function addDaysTo(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
