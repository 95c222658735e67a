import { describe, expect, it } from "vitest";
import {
  type Availability,
  availabilityMessages,
  availabilityRefusal,
  type WeeklySpan,
  weekdayOf,
} from "./instructor-availability.ts";
import { timeOffSchema, weeklyHoursSchema } from "./instructor-availability-schemas.ts";

/**
 * An instructor's weekly hours and time off (docs/decisions/024). March 2026: the 2nd is a Monday, the 3rd a
 * Tuesday, the 8th a Sunday.
 */
const tuesdayMornings: WeeklySpan[] = [
  { weekday: 2, from: "09:00", to: "13:00" },
  { weekday: 2, from: "15:00", to: "18:00" },
];
const hours = (weeklyHours: WeeklySpan[], timeOff: Availability["timeOff"] = []): Availability => ({
  weeklyHours,
  timeOff,
});
const at = (availability: Availability, date: string, startTime: string | null) =>
  availabilityRefusal(availability, { date, startTime });

describe("an instructor's availability", () => {
  it("is any time when no weekly hours are set (schools and owners who never set hours)", () => {
    for (const [date, time] of [
      ["2026-03-02", "06:00"],
      ["2026-03-08", "23:30"],
      ["2026-03-03", null],
    ] as const) {
      expect(at(hours([]), date, time)).toBeNull();
    }
  });

  it("takes a class that fits inside one span of its weekday, edges included", () => {
    const a = hours(tuesdayMornings);
    expect(at(a, "2026-03-03", "09:00")).toBeNull();
    expect(at(a, "2026-03-03", "12:30")).toBeNull();
    expect(at(a, "2026-03-03", "15:00")).toBeNull();
    expect(at(a, "2026-03-03", "17:30")).toBeNull();
  });

  it("refuses a class that starts before, ends after, or straddles two spans, naming the day's spans", () => {
    const a = hours(tuesdayMornings);
    for (const time of ["08:55", "12:35", "14:45", "17:35", "07:00"]) {
      expect(at(a, "2026-03-03", time), time).toEqual({
        kind: "hours",
        weekday: 2,
        startTime: time,
        spans: tuesdayMornings,
      });
    }
    // Two spans that touch hold a class across them only as one span would: 12:45 needs 12:45–13:15 in one span.
    const touching = hours([
      { weekday: 2, from: "09:00", to: "13:00" },
      { weekday: 2, from: "13:00", to: "14:00" },
    ]);
    expect(at(touching, "2026-03-03", "12:45")?.kind).toBe("hours");
    expect(at(touching, "2026-03-03", "13:00")).toBeNull();
  });

  it("refuses a weekday with no span, and tells Monday from Sunday", () => {
    expect(weekdayOf("2026-03-02")).toBe(1);
    expect(weekdayOf("2026-03-08")).toBe(7);
    const sundays = hours([{ weekday: 7, from: "10:00", to: "12:00" }]);
    expect(at(sundays, "2026-03-08", "10:00")).toBeNull();
    expect(at(sundays, "2026-03-02", "10:00")).toMatchObject({ kind: "hours", weekday: 1, spans: [] });
    expect(at(sundays, "2026-03-07", "10:00")).toMatchObject({ kind: "hours", weekday: 6 });
    // A span to midnight holds the day's last class.
    expect(at(hours([{ weekday: 7, from: "20:00", to: "24:00" }]), "2026-03-08", "23:30")).toBeNull();
  });

  it("refuses every day of a time off, first and last included, with or without a time or hours", () => {
    const off = { id: 1, firstDay: "2026-03-03", lastDay: "2026-03-07", reason: "holiday" };
    for (const a of [hours([], [off]), hours(tuesdayMornings, [off])]) {
      for (const date of ["2026-03-03", "2026-03-05", "2026-03-07"]) {
        expect(at(a, date, "10:00"), date).toEqual({ kind: "time-off", timeOff: off });
        expect(at(a, date, null), date).toEqual({ kind: "time-off", timeOff: off });
      }
      expect(at(a, "2026-03-02", null)).toBeNull();
      expect(at(a, "2026-03-08", null)).toBeNull();
    }
    // A lesson with no time is checked against time off only.
    expect(at(hours(tuesdayMornings), "2026-03-02", null)).toBeNull();
  });

  it("says who and why", () => {
    expect(
      availabilityMessages.refusal("Ana Núñez", {
        kind: "hours",
        weekday: 2,
        startTime: "07:00",
        spans: [{ weekday: 2, from: "09:00", to: "13:00" }],
      }),
    ).toBe("Ana Núñez does not teach on Tuesdays at 7:00 AM (Tuesday hours: 9:00 AM – 1:00 PM).");
    expect(
      availabilityMessages.refusal("Ana Núñez", { kind: "hours", weekday: 7, startTime: "07:00", spans: [] }),
    ).toBe("Ana Núñez does not teach on Sundays.");
    expect(
      availabilityMessages.refusal("Ana Núñez", {
        kind: "time-off",
        timeOff: { id: 1, firstDay: "2026-03-03", lastDay: "2026-03-07", reason: "holiday" },
      }),
    ).toBe("Ana Núñez is off from March 3, 2026 to March 7, 2026 (holiday).");
    expect(
      availabilityMessages.refusal("Ana Núñez", {
        kind: "time-off",
        timeOff: { id: 1, firstDay: "2026-03-03", lastDay: "2026-03-03", reason: "" },
      }),
    ).toBe("Ana Núñez is off on March 3, 2026.");
  });

  it("accepts weekly hours on the grid, each span ending after it starts, no two of a weekday overlapping", () => {
    expect(weeklyHoursSchema.safeParse({ weeklyHours: tuesdayMornings }).success).toBe(true);
    expect(
      weeklyHoursSchema.safeParse({ weeklyHours: [{ weekday: 1, from: "20:00", to: "24:00" }] }).success,
    ).toBe(true);
    for (const span of [
      { weekday: 2, from: "13:00", to: "09:00" },
      { weekday: 2, from: "09:00", to: "09:00" },
      { weekday: 2, from: "09:03", to: "10:00" },
      { weekday: 0, from: "09:00", to: "10:00" },
      { weekday: 8, from: "09:00", to: "10:00" },
      { weekday: 2, from: "9:00", to: "10:00" },
    ]) {
      expect(weeklyHoursSchema.safeParse({ weeklyHours: [span] }).success, JSON.stringify(span)).toBe(false);
    }
    const overlapping = [
      { weekday: 2, from: "09:00", to: "12:00" },
      { weekday: 2, from: "11:30", to: "13:00" },
    ];
    expect(weeklyHoursSchema.safeParse({ weeklyHours: overlapping }).success).toBe(false);
    expect(
      weeklyHoursSchema.safeParse({ weeklyHours: [overlapping[0], { ...overlapping[1], weekday: 3 }] })
        .success,
    ).toBe(true);
  });

  it("accepts a time off whose last day is not before its first", () => {
    expect(timeOffSchema.safeParse({ firstDay: "2026-03-03", lastDay: "2026-03-03" }).success).toBe(true);
    expect(timeOffSchema.safeParse({ firstDay: "2026-03-04", lastDay: "2026-03-03" }).success).toBe(false);
    expect(timeOffSchema.safeParse({ firstDay: "2026-02-30", lastDay: "2026-03-03" }).success).toBe(false);
  });
});
