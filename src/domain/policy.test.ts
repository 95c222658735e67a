import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CancellationOutcome,
  type CancellationPolicy,
  type CancellationReason,
  cancellationOutcome,
  defaultPolicy,
  policyWords,
} from "./policy.ts";
import { cancellationPolicySchema } from "./policy-schemas.ts";

/** Cancelling a class at `now` (an ISO instant) under `policy`, in `timeZone`. */
const cancel = (
  policy: CancellationPolicy,
  lesson: { date: string; time: string | null },
  now: string,
  timeZone = "Europe/Madrid",
  reason: CancellationReason = "family",
) =>
  cancellationOutcome(policy, {
    lessonDate: lesson.date,
    lessonStartTime: lesson.time,
    now: new Date(now),
    timeZone,
    reason,
  });

describe("cancellationOutcome", () => {
  it("gives a credit up to the deadline, the deadline itself included, valid for the policy's days", () => {
    // Madrid in May is UTC+2: a class at 10:00 on May 12 starts at 08:00Z.
    const lesson = { date: "2026-05-12", time: "10:00" };
    const atDeadline = cancel(defaultPolicy, lesson, "2026-05-11T08:00:00.000Z");
    expect(atDeadline).toEqual({
      timing: "free",
      result: { kind: "credit", expiresOn: "2026-07-10" },
      deadline: new Date("2026-05-11T08:00:00.000Z"),
      noticeHours: 24,
      countedFrom: new Date("2026-05-12T08:00:00.000Z"),
      startTimeKnown: true,
    });
    const aSecondLate = cancel(defaultPolicy, lesson, "2026-05-11T08:00:01.000Z");
    expect(aSecondLate.timing).toBe("late");
    expect(aSecondLate.result).toEqual({ kind: "class-used" });
  });

  it("still gives a credit for a late cancellation when the policy says so", () => {
    const outcome = cancel(
      { ...defaultPolicy, lateCancellation: "credit", creditExpiryDays: 30 },
      { date: "2026-05-12", time: "10:00" },
      "2026-05-12T07:00:00.000Z",
    );
    expect(outcome.timing).toBe("late");
    expect(outcome.result).toEqual({ kind: "credit", expiresOn: "2026-06-11" });
  });

  it("dates the credit's expiry by the school's day, not the server's", () => {
    // 22:30Z on May 1 is already 00:30 on May 2 in Madrid, and still 18:30 on May 1 in New York.
    const lesson = { date: "2026-05-20", time: "10:00" };
    expect(cancel(defaultPolicy, lesson, "2026-05-01T22:30:00.000Z").result).toEqual({
      kind: "credit",
      expiresOn: "2026-07-01",
    });
    expect(cancel(defaultPolicy, lesson, "2026-05-01T22:30:00.000Z", "America/New_York").result).toEqual({
      kind: "credit",
      expiresOn: "2026-06-30",
    });
  });

  it("counts a class with no time from the start of its day, and says so", () => {
    const lesson = { date: "2026-05-12", time: null };
    const outcome = cancel(defaultPolicy, lesson, "2026-05-10T22:00:00.000Z");
    expect(outcome.startTimeKnown).toBe(false);
    // Midnight of May 12 in Madrid is 22:00Z on the 11th; 24 hours before is 22:00Z on the 10th.
    expect(outcome.countedFrom).toEqual(new Date("2026-05-11T22:00:00.000Z"));
    expect(outcome.deadline).toEqual(new Date("2026-05-10T22:00:00.000Z"));
    expect(outcome.timing).toBe("free");
    expect(cancel(defaultPolicy, lesson, "2026-05-10T22:01:00.000Z").timing).toBe("late");
  });

  it("takes the weather's shorter notice for a family's weather cancellation", () => {
    const lesson = { date: "2026-05-12", time: "10:00" };
    const fourHoursBefore = "2026-05-12T04:00:00.000Z";
    expect(cancel(defaultPolicy, lesson, fourHoursBefore).timing).toBe("late");
    const weather = cancel(defaultPolicy, lesson, fourHoursBefore, "Europe/Madrid", "weather-family");
    expect(weather.timing).toBe("free");
    expect(weather.noticeHours).toBe(3);
    expect(weather.deadline).toEqual(new Date("2026-05-12T05:00:00.000Z"));
    expect(
      cancel(defaultPolicy, lesson, "2026-05-12T05:30:00.000Z", "Europe/Madrid", "weather-family").result,
    ).toEqual({
      kind: "class-used",
    });
  });

  it("always gives a credit when the school cancels, even at the last minute", () => {
    for (const reason of ["school", "weather-school"] as const) {
      const outcome = cancel(
        defaultPolicy,
        { date: "2026-05-12", time: "10:00" },
        "2026-05-12T07:59:00.000Z",
        "Europe/Madrid",
        reason,
      );
      expect(outcome).toMatchObject({ timing: "free", deadline: null, noticeHours: null });
      expect(outcome.result).toEqual({ kind: "credit", expiresOn: "2026-07-11" });
    }
  });

  describe("around the daylight-saving change", () => {
    it("Madrid, last Sunday of March: 24 hours before 10:00 on the 29th is 09:00 on the 28th", () => {
      // March 29, 2026: 02:00 CET becomes 03:00 CEST. 10:00 CEST = 08:00Z; 24 hours earlier = 08:00Z = 09:00 CET.
      const lesson = { date: "2026-03-29", time: "10:00" };
      const outcome = cancel(defaultPolicy, lesson, "2026-03-28T08:00:00.000Z");
      expect(outcome.countedFrom).toEqual(new Date("2026-03-29T08:00:00.000Z"));
      expect(outcome.deadline).toEqual(new Date("2026-03-28T08:00:00.000Z"));
      expect(outcome.timing).toBe("free");
      // 09:30 on the 28th by the wall clock: "24 and a half hours" by the calendar, but only 23.5 real hours.
      expect(cancel(defaultPolicy, lesson, "2026-03-28T08:30:00.000Z").timing).toBe("late");
    });

    it("Madrid, last Sunday of October: 24 hours before 10:00 on the 25th is 11:00 on the 24th", () => {
      // October 25, 2026: 03:00 CEST becomes 02:00 CET. 10:00 CET = 09:00Z; 24 hours earlier = 09:00Z = 11:00 CEST.
      const lesson = { date: "2026-10-25", time: "10:00" };
      expect(cancel(defaultPolicy, lesson, "2026-10-24T09:00:00.000Z")).toMatchObject({
        timing: "free",
        deadline: new Date("2026-10-24T09:00:00.000Z"),
        countedFrom: new Date("2026-10-25T09:00:00.000Z"),
      });
      // 10:30 on the 24th by the wall clock looks "in time", but it is 24.5 real hours before: still free.
      expect(cancel(defaultPolicy, lesson, "2026-10-24T08:30:00.000Z").timing).toBe("free");
      expect(cancel(defaultPolicy, lesson, "2026-10-24T09:00:01.000Z").timing).toBe("late");
    });

    it("New York, second Sunday of March and first of November, a class with no time included", () => {
      // March 8, 2026: 02:00 EST becomes 03:00 EDT. 09:00 EDT = 13:00Z.
      expect(
        cancel(
          defaultPolicy,
          { date: "2026-03-08", time: "09:00" },
          "2026-03-07T13:00:00.000Z",
          "America/New_York",
        ),
      ).toMatchObject({
        timing: "free",
        deadline: new Date("2026-03-07T13:00:00.000Z"),
      });
      // November 1, 2026: 02:00 EDT becomes 01:00 EST. The day starts at 04:00Z (EDT), and 48 hours before.
      const noTime = cancel(
        { ...defaultPolicy, noticeHours: 48 },
        { date: "2026-11-01", time: null },
        "2026-10-30T04:00:00.000Z",
        "America/New_York",
      );
      expect(noTime).toMatchObject({
        timing: "free",
        startTimeKnown: false,
        countedFrom: new Date("2026-11-01T04:00:00.000Z"),
        deadline: new Date("2026-10-30T04:00:00.000Z"),
      });
      // A class at 09:00 EST that day starts at 14:00Z.
      expect(
        cancel(
          defaultPolicy,
          { date: "2026-11-01", time: "09:00" },
          "2026-10-31T14:00:00.000Z",
          "America/New_York",
        ).timing,
      ).toBe("free");
      expect(
        cancel(
          defaultPolicy,
          { date: "2026-11-01", time: "09:00" },
          "2026-10-31T14:00:01.000Z",
          "America/New_York",
        ).timing,
      ).toBe("late");
    });
  });
});

describe("cancellationOutcome, over random policies, classes and moments", () => {
  const policies = fc
    .record({
      noticeHours: fc.integer({ min: 1, max: 168 }),
      lateCancellation: fc.constantFrom("class-used" as const, "credit" as const),
      reschedulesPerPackage: fc.integer({ min: 0, max: 20 }),
      creditExpiryDays: fc.integer({ min: 1, max: 365 }),
      creditsSharedBy: fc.constantFrom("household" as const, "swimmer" as const),
      weatherNoticeHours: fc.integer({ min: 0, max: 168 }),
    })
    .map((policy) => ({
      ...policy,
      weatherNoticeHours: Math.min(policy.weatherNoticeHours, policy.noticeHours),
    }));
  // Dates across 2026–2027, both changes of the clocks included, at quarter hours or with no time.
  const lessons = fc.record({
    date: fc
      .integer({ min: 0, max: 729 })
      .map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10)),
    time: fc.option(
      fc.integer({ min: 6 * 4, max: 21 * 4 }).map((quarter) => {
        const minutes = quarter * 15;
        return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      }),
    ),
  });
  const zones = fc.constantFrom("Europe/Madrid", "America/New_York", "Australia/Sydney", "UTC");
  const reasons = fc.constantFrom(
    "family" as const,
    "weather-family" as const,
    "school" as const,
    "weather-school" as const,
  );
  // Up to ten days before the class's day, a few hours after it.
  const offsetsMs = fc.integer({ min: -10 * 24 * 3600 * 1000, max: 30 * 3600 * 1000 });

  /** How good an outcome is for the family: a free credit, then a late credit, then the class used. */
  const rank = (outcome: CancellationOutcome) =>
    outcome.timing === "free" ? 2 : outcome.result.kind === "credit" ? 1 : 0;

  it("never gives an earlier cancellation a worse outcome than a later one", () => {
    fc.assert(
      fc.property(
        policies,
        lessons,
        zones,
        reasons,
        offsetsMs,
        offsetsMs,
        (policy, lesson, zone, reason, a, b) => {
          const midnight = new Date(`${lesson.date}T00:00:00Z`).getTime();
          const [earlier, later] = a <= b ? [a, b] : [b, a];
          const first = cancel(policy, lesson, new Date(midnight + earlier).toISOString(), zone, reason);
          const second = cancel(policy, lesson, new Date(midnight + later).toISOString(), zone, reason);
          expect(rank(first)).toBeGreaterThanOrEqual(rank(second));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("sets the deadline exactly the notice's hours before the start, in real elapsed time", () => {
    fc.assert(
      fc.property(
        policies,
        lessons,
        zones,
        offsetsMs,
        fc.boolean(),
        (policy, lesson, zone, offset, weather) => {
          const now = new Date(new Date(`${lesson.date}T00:00:00Z`).getTime() + offset).toISOString();
          const outcome = cancel(policy, lesson, now, zone, weather ? "weather-family" : "family");
          const notice = weather ? policy.weatherNoticeHours : policy.noticeHours;
          expect(outcome.noticeHours).toBe(notice);
          expect(outcome.countedFrom.getTime() - (outcome.deadline as Date).getTime()).toBe(
            notice * 3600 * 1000,
          );
          // The class starts at its time on its day in the zone (or at the start of that day).
          const wall = new Intl.DateTimeFormat("en-CA", {
            timeZone: zone,
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
          }).format(outcome.countedFrom);
          expect(wall).toBe(`${lesson.date}, ${lesson.time ?? "00:00"}`);
          expect(outcome.timing === "free").toBe(new Date(now) <= (outcome.deadline as Date));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never both uses the class and gives a credit, and a credit always has an expiry after today", () => {
    fc.assert(
      fc.property(policies, lessons, zones, reasons, offsetsMs, (policy, lesson, zone, reason, offset) => {
        const now = new Date(new Date(`${lesson.date}T00:00:00Z`).getTime() + offset);
        const outcome = cancel(policy, lesson, now.toISOString(), zone, reason);
        if (outcome.result.kind === "credit") {
          const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(now);
          const days = (Date.parse(outcome.result.expiresOn) - Date.parse(today)) / (24 * 3600 * 1000);
          expect(days).toBe(policy.creditExpiryDays);
        } else {
          expect(outcome.timing).toBe("late");
          expect(policy.lateCancellation).toBe("class-used");
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("cancellationPolicySchema", () => {
  it("takes the default policy as it is", () => {
    expect(cancellationPolicySchema.parse(defaultPolicy)).toEqual(defaultPolicy);
  });

  it.each([
    [{ noticeHours: 0 }, "noticeHours", "from 1 to 168"],
    [{ noticeHours: 24.5 }, "noticeHours", "whole number of hours"],
    [{ noticeHours: "24" }, "noticeHours", "whole number of hours"],
    [{ reschedulesPerPackage: 21 }, "reschedulesPerPackage", "from 0 to 20"],
    [{ creditExpiryDays: 0 }, "creditExpiryDays", "from 1 to 365"],
    [{ lateCancellation: "fee" }, "lateCancellation", "what a late cancellation costs"],
    [{ creditsSharedBy: "family" }, "creditsSharedBy", "shared in the household"],
    [{ weatherNoticeHours: 30 }, "weatherNoticeHours", "must not be longer than the usual notice"],
  ])("refuses %j with a message on %s", (change, field, words) => {
    const result = cancellationPolicySchema.safeParse({ ...defaultPolicy, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual([field]);
    expect(issue?.message).toContain(words);
  });

  it("refuses a field it does not know", () => {
    expect(cancellationPolicySchema.safeParse({ ...defaultPolicy, fee: 10 }).success).toBe(false);
  });
});

describe("policyWords", () => {
  it("says the default policy in plain English", () => {
    expect(policyWords(defaultPolicy)).toEqual([
      "Cancel at least 24 hours before a class and you get a credit for it, valid for 60 days.",
      "If you cancel later, the class counts as used.",
      "For a class whose time is not set yet, the hours count from the start of its day.",
      "You can move up to 2 classes of each package to another time.",
      "A credit can be used for any swimmer of your household.",
      "If the school cancels a class for the weather, you get a credit for it. To cancel yourself for the weather, tell us at least 3 hours before the class.",
    ]);
  });

  it("follows every field, singular and plural", () => {
    const words = policyWords({
      noticeHours: 1,
      lateCancellation: "credit",
      reschedulesPerPackage: 1,
      creditExpiryDays: 1,
      creditsSharedBy: "swimmer",
      weatherNoticeHours: 0,
    });
    expect(words).toContain(
      "Cancel at least 1 hour before a class and you get a credit for it, valid for 1 day.",
    );
    expect(words).toContain("If you cancel later, you still get a credit for it.");
    expect(words).toContain("You can move 1 class of each package to another time.");
    expect(words).toContain("A credit can be used only for the swimmer whose class was cancelled.");
    expect(words.at(-1)).toContain("you can tell us up to the start of the class.");
    expect(policyWords({ ...defaultPolicy, reschedulesPerPackage: 0 })).toContain(
      "Classes of a package cannot be moved to another time.",
    );
  });
});
