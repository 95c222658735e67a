import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInInstructor, type TestAccount } from "../../../test/support/accounts.ts";
import { createClient, createPlan } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { ClientBookingsResponse, SaveBookingResponse } from "../../domain/bookings.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { AvailabilityResponse } from "../../domain/instructor-availability.ts";
import type { Db } from "../db/database.ts";

/**
 * An instructor's weekly hours and time off (issue 27, docs/decisions/024): who may see and change them, and every
 * write that gives a lesson a date, time or instructor refusing one outside them, with the owner's override only.
 * Ivy teaches Tuesdays 9:00–13:00 and Fridays 15:00–17:00, and is off March 10th to 12th (holiday); the owner set
 * no hours (any time). Monday March 2nd 2026, UTC: the 3rd and 17th are Tuesdays, the 6th and 13th Fridays. On
 * SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let ivy: TestAccount;
let ian: TestAccount;
const households: string[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock: testClock("2026-03-02T10:00:00.000Z"), env: { TZ_SCHOOL: "UTC" } });
  owner = await signedInAdmin(t);
  ivy = await signedInInstructor(t, { name: "Ivy Núñez" });
  ian = await signedInInstructor(t, { name: "Ian Two" });
  for (let i = 0; i < 9; i++) {
    const { id } = await createClient(db, {
      firstName: `Kid${i}`,
      lastName: "Family",
      passwordHash: "$scrypt$unused",
    });
    await createPlan(db, { clientId: id, packType: "8_60", createdAt: "2026-03-01T09:00:00.000Z" });
    households.push(id);
  }
  await json(
    await as(owner, "PUT", `/api/instructors/${ivy.id}/weekly-hours`, {
      weeklyHours: [
        { weekday: 2, from: "09:00", to: "13:00" },
        { weekday: 5, from: "15:00", to: "17:00" },
      ],
    }),
  );
  await json(
    await as(owner, "POST", `/api/instructors/${ivy.id}/time-off`, {
      firstDay: "2026-03-10",
      lastDay: "2026-03-12",
      reason: "holiday",
    }),
    201,
  );
});
afterAll(() => testDb.close());

const as = (who: TestAccount, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: who.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;
const book = (i: number, dates: string[], schedule: object) =>
  as(owner, "POST", "/api/bookings", { clientId: households[i], dates, ...schedule });
const lessonsOfHousehold = (i: number) =>
  db
    .selectFrom("lesson")
    .select(["date", "startTime"])
    .where("clientId", "=", households[i] as string)
    .execute();

const tuesdayAtSeven = "Ivy Núñez does not teach on Tuesdays at 7:00 AM (Tuesday hours: 9:00 AM – 1:00 PM).";
const offForHoliday = "Ivy Núñez is off from March 10, 2026 to March 12, 2026 (holiday).";

describe("booking outside an instructor's availability", () => {
  it("Create Booking refuses a time outside the weekday's hours, saying who and why, and writes nothing", async () => {
    expect(
      await errorOf(await book(0, ["2026-03-03"], { startTime: "07:00", instructorId: ivy.id }), 409),
    ).toEqual({ code: "outside-availability", message: tuesdayAtSeven, field: "startTime" });
    // 12:45 would end at 13:15, after her Tuesday hours; Monday she does not teach at all.
    expect(
      (await errorOf(await book(0, ["2026-03-03"], { startTime: "12:45", instructorId: ivy.id }), 409)).code,
    ).toBe("outside-availability");
    expect(
      (await errorOf(await book(0, ["2026-03-02"], { startTime: "10:00", instructorId: ivy.id }), 409))
        .message,
    ).toBe("Ivy Núñez does not teach on Mondays.");
    expect(await lessonsOfHousehold(0)).toEqual([]);
    await json(await book(0, ["2026-03-03"], { startTime: "12:30", instructorId: ivy.id }));
  });

  it("says it in the reader's language", async () => {
    const inSpanish = (dates: string[], startTime: string | null) =>
      call(t, "POST", "/api/bookings", {
        cookie: owner.cookie,
        headers: { "accept-language": "es" },
        body: { clientId: households[8], dates, startTime, instructorId: ivy.id },
      });
    // Times as the Spanish pages write them (es-US: 7:00 a.m.), whatever space Intl puts before "a.m.".
    expect((await errorOf(await inSpanish(["2026-03-03"], "07:00"), 409)).message.replace(/\s/gu, " ")).toBe(
      "Ivy Núñez no da clases los martes a las 7:00 a.m. (horario de los martes: 9:00 a.m. – 1:00 p.m.).",
    );
    expect((await errorOf(await inSpanish(["2026-03-11"], null), 409)).message).toBe(
      "Ivy Núñez está ausente del 10 de marzo de 2026 al 12 de marzo de 2026 (holiday).",
    );
  });

  it("refuses a date in a time off, even with no time set yet", async () => {
    for (const startTime of ["10:00", null]) {
      expect(
        await errorOf(await book(1, ["2026-03-17", "2026-03-10"], { startTime, instructorId: ivy.id }), 409),
      ).toMatchObject({ code: "outside-availability", message: offForHoliday });
    }
    // Untimed outside the weekly hours is fine: only time off counts for it.
    await json(await book(1, ["2026-03-16"], { startTime: null, instructorId: ivy.id }));
  });

  it("lets the owner book anyway, but never over another lesson", async () => {
    const saved = await json<SaveBookingResponse>(
      await book(2, ["2026-03-03"], { startTime: "07:00", instructorId: ivy.id, overrideAvailability: true }),
    );
    expect(saved.booking.dates[0]).toMatchObject({ startTime: "07:00", instructor: { id: ivy.id } });
    expect(
      (
        await errorOf(
          await book(3, ["2026-03-03"], {
            startTime: "07:15",
            instructorId: ivy.id,
            overrideAvailability: true,
          }),
          409,
        )
      ).code,
    ).toBe("lesson-overlap");
  });

  it("an owner with no hours set teaches any time", async () => {
    await json(await book(3, ["2026-03-08"], { startTime: "06:00" }));
  });

  it("Edit Booking Dates checks the dates it adds, and takes the owner's override", async () => {
    const { booking } = await json<SaveBookingResponse>(
      await book(4, ["2026-03-17"], { startTime: "10:00", instructorId: ivy.id }),
    );
    const edit = (body: object) => as(owner, "PATCH", `/api/bookings/${booking.id}`, body);
    const body = { dates: ["2026-03-11"], startTime: "10:00", instructorId: ivy.id };
    expect(await errorOf(await edit(body), 409)).toMatchObject({
      code: "outside-availability",
      message: offForHoliday,
    });
    const edited = await json<SaveBookingResponse>(await edit({ ...body, overrideAvailability: true }));
    expect(edited.booking.dates.map((day) => day.date)).toEqual(["2026-03-11"]);
  });

  it("the Times dialog refuses it too; an instructor moving their own lesson gets no override", async () => {
    const { booking } = await json<SaveBookingResponse>(
      await book(5, ["2026-03-06"], { startTime: "15:00", instructorId: ivy.id }),
    );
    const schedule = (who: TestAccount, body: object) =>
      as(who, "PUT", `/api/bookings/${booking.id}/schedule`, {
        date: "2026-03-06",
        instructorId: ivy.id,
        ...body,
      });
    for (const override of [{}, { overrideAvailability: true }]) {
      expect(await errorOf(await schedule(ivy, { startTime: "08:00", ...override }), 409)).toMatchObject({
        code: "outside-availability",
        message: "Ivy Núñez does not teach on Fridays at 8:00 AM (Friday hours: 3:00 PM – 5:00 PM).",
      });
    }
    await json(await schedule(ivy, { startTime: "16:30" }));
    expect((await errorOf(await schedule(owner, { startTime: "08:00" }), 409)).code).toBe(
      "outside-availability",
    );
    await json(await schedule(owner, { startTime: "08:00", overrideAvailability: true }));
    expect(await lessonsOfHousehold(5)).toEqual([{ date: "2026-03-06", startTime: "08:00" }]);
  });
});

describe("who sees and changes an instructor's hours and time off", () => {
  it("an instructor their own; another's is refused (403); the owner anyone's", async () => {
    const own = await json<AvailabilityResponse>(
      await as(ivy, "GET", `/api/instructors/${ivy.id}/availability`),
    );
    expect(own).toMatchObject({
      instructor: { id: ivy.id, name: "Ivy Núñez" },
      weeklyHours: [
        { weekday: 2, from: "09:00", to: "13:00" },
        { weekday: 5, from: "15:00", to: "17:00" },
      ],
      timeOff: [{ firstDay: "2026-03-10", lastDay: "2026-03-12", reason: "holiday" }],
    });
    const added = await json<AvailabilityResponse>(
      await as(ivy, "POST", `/api/instructors/${ivy.id}/time-off`, {
        firstDay: "2026-04-01",
        lastDay: "2026-04-01",
      }),
      201,
    );
    expect(added.timeOff.map((off) => [off.firstDay, off.reason])).toEqual([
      ["2026-03-10", "holiday"],
      ["2026-04-01", ""],
    ]);
    const april = added.timeOff[1]?.id as number;
    const ianHours = await json<AvailabilityResponse>(
      await as(owner, "PUT", `/api/instructors/${ian.id}/weekly-hours`, {
        weeklyHours: [{ weekday: 1, from: "08:00", to: "12:00" }],
      }),
    );
    expect(ianHours.weeklyHours).toHaveLength(1);
    const ianOff = await json<AvailabilityResponse>(
      await as(ian, "POST", `/api/instructors/${ian.id}/time-off`, {
        firstDay: "2026-05-01",
        lastDay: "2026-05-02",
      }),
      201,
    );
    const ianOffId = ianOff.timeOff[0]?.id as number;

    const refused = [
      await as(ivy, "GET", `/api/instructors/${ian.id}/availability`),
      await as(ivy, "PUT", `/api/instructors/${ian.id}/weekly-hours`, { weeklyHours: [] }),
      await as(ivy, "POST", `/api/instructors/${ian.id}/time-off`, {
        firstDay: "2026-03-20",
        lastDay: "2026-03-20",
      }),
      await as(ivy, "DELETE", `/api/instructors/${ian.id}/time-off/${ianOffId}`),
      // Her own path with another's time off: not hers to find.
      await as(ivy, "DELETE", `/api/instructors/${ivy.id}/time-off/${ianOffId}`),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 404]);
    expect(
      (await json<AvailabilityResponse>(await as(owner, "GET", `/api/instructors/${ian.id}/availability`)))
        .weeklyHours,
    ).toEqual([{ weekday: 1, from: "08:00", to: "12:00" }]);

    const removed = await json<AvailabilityResponse>(
      await as(ivy, "DELETE", `/api/instructors/${ivy.id}/time-off/${april}`),
    );
    expect(removed.timeOff.map((off) => off.firstDay)).toEqual(["2026-03-10"]);
    expect((await as(owner, "GET", "/api/instructors/nobody-here/availability")).status).toBe(404);
  });

  it("refuses hours that overlap or end before they start, and a time off ending before it starts", async () => {
    const put = (weeklyHours: object[]) =>
      as(ivy, "PUT", `/api/instructors/${ivy.id}/weekly-hours`, { weeklyHours });
    expect(
      (
        await put([
          { weekday: 2, from: "09:00", to: "12:00" },
          { weekday: 2, from: "11:00", to: "13:00" },
        ])
      ).status,
    ).toBe(400);
    expect((await put([{ weekday: 2, from: "12:00", to: "09:00" }])).status).toBe(400);
    expect(
      (
        await as(ivy, "POST", `/api/instructors/${ivy.id}/time-off`, {
          firstDay: "2026-03-20",
          lastDay: "2026-03-19",
        })
      ).status,
    ).toBe(400);
  });
});

describe("staff names", () => {
  it("the owner renames a staff account, theirs included; families read the new name; an instructor cannot", async () => {
    const { booking } = await json<SaveBookingResponse>(
      await book(6, ["2026-03-05"], { startTime: "11:00" }),
    );
    expect(booking.dates[0]?.instructor?.name).toBe("Admin");
    const renamed = await json<{ instructor: { name: string }; message: string }>(
      await as(owner, "PATCH", `/api/instructors/${owner.id}`, { name: "  Marta Ruiz " }),
    );
    expect(renamed).toMatchObject({ instructor: { name: "Marta Ruiz" }, message: "Name saved." });
    const family = await json<ClientBookingsResponse>(
      await as(owner, "GET", `/api/clients/${households[6]}/bookings`),
    );
    expect(family.bookings[0]?.dates[0]?.instructor?.name).toBe("Marta Ruiz");
    expect((await as(ivy, "PATCH", `/api/instructors/${ivy.id}`, { name: "Queen Ivy" })).status).toBe(403);
    expect((await as(owner, "PATCH", `/api/instructors/${owner.id}`, { name: " " })).status).toBe(400);
    expect(
      (await as(owner, "PATCH", `/api/instructors/${households[0]}`, { name: "Not Staff" })).status,
    ).toBe(404);
  });
});

describe("saves arriving at once for one instructor", () => {
  it("of saves inside, outside and overlapping, exactly one wins; the outside ones are refused as outside", async () => {
    // Friday March 13th: her hours are 3:00 PM – 5:00 PM. Three at 3:00 PM and one at 3:15 PM (inside, all
    // overlapping), two at 7:00 AM and one at 4:45 PM (outside: the last would end at 5:15 PM).
    const times = ["15:00", "07:00", "15:00", "16:45", "15:15", "07:00", "15:00"];
    const answers = await Promise.all(
      times.map((startTime, i) => book(i + 2, ["2026-03-13"], { startTime, instructorId: ivy.id })),
    );
    const outcomes = await Promise.all(
      answers.map(async (answer, i) => {
        const body = (await answer.json()) as ErrorBody;
        return [times[i], answer.status, answer.status === 200 ? "saved" : body.error.code];
      }),
    );
    expect(outcomes.filter(([, status]) => status === 200)).toHaveLength(1);
    const winner = outcomes.find(([, status]) => status === 200);
    expect(["15:00", "15:15"]).toContain(winner?.[0]);
    for (const [time, status, code] of outcomes) {
      if (status === 200) continue;
      expect(status).toBe(409);
      if (time === "07:00" || time === "16:45") expect(code, String(time)).toBe("outside-availability");
      else expect(code, String(time)).toBe("lesson-overlap");
    }
    const lessons = await db
      .selectFrom("lesson")
      .select("startTime")
      .where("instructorId", "=", ivy.id)
      .where("date", "=", "2026-03-13")
      .execute();
    expect(lessons).toEqual([{ startTime: winner?.[0] }]);
  });
});
