import { describe, expect, it } from "vitest";
import type { Booking } from "../../../domain/bookings.ts";
import { bookedDaysOf, bookingOn, bookingsOfSwimmer } from "./booked-days.ts";

const untimed = {
  startTime: null,
  instructor: null,
  lessonId: 1,
  cancellation: null,
  paidByCredit: false,
  moved: null,
};

const booking = (id: number, dates: string[]): Booking => ({
  id,
  clientId: "c1",
  clientName: "Lena Swim",
  subscriptionId: "s1",
  title: `${dates.length}-Class Booking`,
  status: "pending",
  paid: true,
  classCount: dates.length,
  amountToPay: 60 * dates.length,
  familySwimmers: [{ id: "c1", firstName: "Lena" }],
  address: "",
  accessNotes: "",
  dates: dates.map((date) => {
    const feedback = date.endsWith("05") ? "Great kicks" : null;
    return { date, feedback, swimmers: [{ id: "c1", firstName: "Lena", feedback }], ...untimed };
  }),
});

describe("the client's booked days", () => {
  const older = booking(1, ["2026-01-05", "2026-01-12"]);
  const newer = booking(2, ["2026-02-02", "2026-02-05"]);

  it("list every date of every booking, newest first, with its feedback and booking", () => {
    const days = bookedDaysOf([newer, older]);
    expect(days.map(({ date }) => date)).toEqual(["2026-02-05", "2026-02-02", "2026-01-12", "2026-01-05"]);
    expect(days[0]).toMatchObject({ feedback: "Great kicks", booking: { id: 2 } });
    expect(days[3]?.booking.id).toBe(1);
  });

  it("find the booking of a day", () => {
    expect(bookingOn([newer, older], "2026-01-12")?.id).toBe(1);
    expect(bookingOn([newer, older], "2026-01-13")).toBeUndefined();
  });
});

describe("one swimmer of a household", () => {
  const leo = { id: "leo", firstName: "Leo" };
  const mia = { id: "mia", firstName: "Mia" };
  const siblings: Booking = {
    ...booking(3, []),
    dates: [
      {
        date: "2026-03-03",
        feedback: "Leo floated.",
        swimmers: [
          { ...leo, feedback: "Leo floated." },
          { ...mia, feedback: "Mia put her face in." },
        ],
        ...untimed,
      },
      { date: "2026-03-10", feedback: null, swimmers: [{ ...mia, feedback: null }], ...untimed },
    ],
  };

  it("sees only the classes they swim in, each with their own feedback", () => {
    expect(bookingsOfSwimmer([siblings], "leo")[0]?.dates).toEqual([
      {
        date: "2026-03-03",
        feedback: "Leo floated.",
        swimmers: [{ ...leo, feedback: "Leo floated." }],
        ...untimed,
      },
    ]);
    expect(bookingsOfSwimmer([siblings], "mia")[0]?.dates.map((day) => [day.date, day.feedback])).toEqual([
      ["2026-03-03", "Mia put her face in."],
      ["2026-03-10", null],
    ]);
    expect(bookingsOfSwimmer([siblings], "nobody")).toEqual([]);
    expect(bookingsOfSwimmer([siblings], null)).toEqual([siblings]);
  });
});
