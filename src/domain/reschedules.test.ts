import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Availability, WeeklySpan } from "./instructor-availability.ts";
import { lessonStartsAt, startsOverlap } from "./lesson-schedule.ts";
import { defaultPolicy } from "./policy.ts";
import {
  freeTimes,
  type LessonTime,
  lessonMoveWords,
  rescheduleMessages,
  rescheduleRefusal,
  wallTimeExists,
} from "./reschedules.ts";

const madrid = "Europe/Madrid";
const hours = (...spans: [number, string, string][]): WeeklySpan[] =>
  spans.map(([weekday, from, to]) => ({ weekday: weekday as WeeklySpan["weekday"], from, to }));

/** Mondays 09:00–11:00 and Sundays 01:00–04:00 (the night the clocks change), no time off. */
const availability: Availability = {
  weeklyHours: hours([1, "09:00", "11:00"], [7, "01:00", "04:00"]),
  timeOff: [],
};

const base = {
  availability,
  busy: [] as LessonTime[],
  householdDays: [] as string[],
  lesson: { date: "2026-03-02", startTime: "09:00" },
  timeZone: madrid,
  noticeHours: 24,
};

describe("freeTimes", () => {
  it("offers 30-minute classes inside the weekly hours, after the notice, within four weeks", () => {
    // Sunday March 1st, 08:00 in Madrid: Monday 09:00 is 25 hours away.
    const times = freeTimes({ ...base, now: new Date("2026-03-01T07:00:00Z"), horizonDays: 8 });
    expect(times.filter((time) => time.date === "2026-03-02")).toEqual([
      // 09:00 is the lesson's own time.
      { date: "2026-03-02", startTime: "09:30" },
      { date: "2026-03-02", startTime: "10:00" },
      { date: "2026-03-02", startTime: "10:30" },
    ]);
    expect(times.map((time) => time.date)).toContain("2026-03-08");
    expect(times.every((time) => time.date <= "2026-03-09")).toBe(true);
  });

  it("leaves out the instructor's other lessons, their time off, and the household's other days", () => {
    const times = freeTimes({
      ...base,
      availability: {
        ...availability,
        timeOff: [{ id: 1, firstDay: "2026-03-08", lastDay: "2026-03-08", reason: "" }],
      },
      busy: [{ date: "2026-03-09", startTime: "09:45" }],
      householdDays: ["2026-03-16", "2026-03-02"],
      now: new Date("2026-03-01T07:00:00Z"),
    });
    expect(times.some((time) => time.date === "2026-03-08")).toBe(false);
    // 09:45 blocks 09:30 and 10:00 (less than a class apart), not 09:00 or 10:30.
    expect(times.filter((time) => time.date === "2026-03-09").map((time) => time.startTime)).toEqual([
      "09:00",
      "10:30",
    ]);
    expect(times.some((time) => time.date === "2026-03-16")).toBe(false);
    // The lesson's own day is free to move within.
    expect(times.some((time) => time.date === "2026-03-02")).toBe(true);
  });

  it("with no weekly hours set, offers every half hour from 06:00 to 20:30", () => {
    const times = freeTimes({
      ...base,
      availability: { weeklyHours: [], timeOff: [] },
      now: new Date("2026-03-01T00:00:00Z"),
      horizonDays: 2,
    });
    const day = times.filter((time) => time.date === "2026-03-03").map((time) => time.startTime);
    expect(day[0]).toBe("06:00");
    expect(day.at(-1)).toBe("20:30");
    expect(day).toHaveLength(30);
  });

  it("on the Sunday the clocks spring forward, skips the hour that does not exist and counts real hours", () => {
    // Madrid, Sunday March 29th 2026: 02:00 becomes 03:00. Saturday 02:30 (01:30 UTC): 24 real hours later is
    // Sunday 03:30 by the wall clock, not 02:30.
    const now = new Date("2026-03-28T01:30:00Z");
    const sunday = freeTimes({ ...base, now, horizonDays: 2 })
      .filter((time) => time.date === "2026-03-29")
      .map((time) => time.startTime);
    expect(wallTimeExists("2026-03-29", "02:30", madrid)).toBe(false);
    expect(sunday).toEqual(["03:30"]);
    // With no notice, the night offers 01:00, 01:30, then 03:00 onwards: 02:00 and 02:30 are skipped.
    const night = freeTimes({ ...base, now, horizonDays: 2, noticeHours: 0 })
      .filter((time) => time.date === "2026-03-29")
      .map((time) => time.startTime);
    expect(night).toEqual(["01:00", "01:30", "03:00", "03:30"]);
  });

  it("on the Sunday the clocks fall back, keeps every wall time and counts real hours", () => {
    // Madrid, Sunday October 25th 2026: 03:00 summer time becomes 02:00 winter time. From Saturday 02:30 (00:30
    // UTC), 24 real hours later is Sunday 00:30 UTC: 01:30 (23:30 UTC) is too soon; 02:00, read on the school's
    // clock as the winter one (01:00 UTC), is 24.5 hours away and offered, though the wall clock says 23.5.
    const now = new Date("2026-10-24T00:30:00Z");
    const sunday = freeTimes({
      ...base,
      lesson: { date: "2026-10-26", startTime: "09:00" },
      now,
      horizonDays: 2,
    })
      .filter((time) => time.date === "2026-10-25")
      .map((time) => time.startTime);
    expect(sunday).toEqual(["02:00", "02:30", "03:00", "03:30"]);
  });

  it("never offers a time inside the notice, overlapping a lesson, off the hours or on a household day", () => {
    const zones = ["Europe/Madrid", "America/New_York", "UTC", "Australia/Sydney"];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2026, 11, 31) }),
        fc.integer({ min: 0, max: 72 }),
        fc.array(
          fc.record({ day: fc.integer({ min: 0, max: 28 }), minutes: fc.integer({ min: 0, max: 95 }) }),
          {
            maxLength: 12,
          },
        ),
        fc.array(fc.integer({ min: 0, max: 28 }), { maxLength: 5 }),
        (timeZone, nowMs, noticeHours, busyAt, householdAt) => {
          const now = new Date(nowMs);
          const dayAfter = (offset: number) =>
            new Date(nowMs + offset * 86_400_000).toISOString().slice(0, 10);
          const busy = busyAt.map(({ day, minutes }) => ({
            date: dayAfter(day),
            startTime: `${String(Math.floor((minutes * 15) / 60)).padStart(2, "0")}:${String((minutes * 15) % 60).padStart(2, "0")}`,
          }));
          const householdDays = householdAt.map(dayAfter);
          const lesson = { date: dayAfter(40), startTime: "09:00" };
          const week: Availability = {
            weeklyHours: hours([1, "08:00", "12:00"], [3, "15:00", "19:00"], [6, "00:00", "24:00"]),
            timeOff: [],
          };
          const times = freeTimes({
            availability: week,
            busy,
            householdDays,
            lesson,
            now,
            timeZone,
            noticeHours,
          });
          for (const time of times) {
            const starts = lessonStartsAt(time.date, time.startTime, timeZone).getTime();
            expect(starts).toBeGreaterThanOrEqual(nowMs + noticeHours * 3_600_000);
            expect(wallTimeExists(time.date, time.startTime, timeZone)).toBe(true);
            expect(
              busy.some(
                (other) => other.date === time.date && startsOverlap(other.startTime, time.startTime),
              ),
            ).toBe(false);
            expect(householdDays).not.toContain(time.date);
          }
          // Sorted, no time twice.
          const keys = times.map((time) => `${time.date} ${time.startTime}`);
          expect([...keys].sort()).toEqual(keys);
          expect(new Set(keys).size).toBe(keys.length);
        },
      ),
    );
  });
});

describe("rescheduleRefusal", () => {
  const check = (now: string, counts: { moved?: number; waiting?: number } = {}, policy = defaultPolicy) =>
    rescheduleRefusal({
      policy,
      lesson: { date: "2026-03-05", startTime: "10:00", cancelled: false, hasInstructor: true },
      now: new Date(now),
      timeZone: madrid,
      moved: counts.moved ?? 0,
      waiting: counts.waiting ?? 0,
      lessonWaiting: false,
    });

  it("allows a move up to the free-cancellation deadline, that moment included", () => {
    // Thursday 10:00 in Madrid is 09:00 UTC: the deadline is Wednesday 09:00 UTC.
    expect(check("2026-03-04T09:00:00.000Z")).toBeNull();
    expect(check("2026-03-04T09:00:00.001Z")).toEqual({ kind: "deadline-passed", noticeHours: 24 });
    expect(check("2026-03-05T09:00:00.000Z")).toEqual({ kind: "past" });
  });

  it("counts the plan's moves and waiting requests against the cap of the lesson's own version", () => {
    expect(check("2026-03-01T09:00:00Z", { moved: 1 })).toBeNull();
    expect(check("2026-03-01T09:00:00Z", { moved: 1, waiting: 1 })).toEqual({ kind: "cap-reached", cap: 2 });
    expect(check("2026-03-01T09:00:00Z", {}, { ...defaultPolicy, reschedulesPerPackage: 0 })).toEqual({
      kind: "not-allowed",
    });
  });

  it("says why in the family's language", () => {
    const refusal = check("2026-03-04T10:00:00Z");
    expect(rescheduleMessages.refusal(refusal as never)).toBe(
      "A class can be moved up to 24 hours before it starts, and that time has passed. You can still cancel it.",
    );
  });
});

describe("lessonMoveWords", () => {
  it("says from when, by whom and when a class was moved, and leaves out who when the account is gone", () => {
    const moved = {
      at: "2026-02-27T16:05:00.000Z",
      by: "Ivy Teach",
      fromDate: "2026-03-02",
      fromStartTime: "10:00",
    };
    expect(lessonMoveWords(moved)).toBe(
      "Moved from Monday, March 2, 10:00 AM – 10:30 AM by Ivy Teach on Feb 27, 2026",
    );
    expect(lessonMoveWords({ ...moved, by: null })).toBe(
      "Moved from Monday, March 2, 10:00 AM – 10:30 AM on Feb 27, 2026",
    );
  });
});
