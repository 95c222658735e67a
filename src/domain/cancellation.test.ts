import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AppliedCancellation,
  type CountedLesson,
  cancellationWords,
  cancelledWords,
  lessonCount,
  planAccount,
  policyReasonOf,
} from "./cancellation.ts";
import { creditWhy } from "./credits.ts";
import { addDays } from "./school-day.ts";

const start = "2026-03-02";

/** What happens to a plan, one step a day: book a class some days ahead, cancel one, or a day passes (attend). */
type Step =
  | { kind: "book"; daysAhead: number }
  | { kind: "cancel"; pick: number; applied: AppliedCancellation }
  | { kind: "attend" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("book" as const), daysAhead: fc.integer({ min: 0, max: 20 }) }),
  fc.record({
    kind: fc.constant("cancel" as const),
    pick: fc.nat(),
    // "credit": in time (or a policy whose late cancellations still give one); "class-used": late.
    applied: fc.constantFrom<AppliedCancellation>("credit", "class-used"),
  }),
  fc.record({ kind: fc.constant("attend" as const) }),
);

/** Replays the steps as the service allows them: a day is booked once, only an upcoming standing lesson is cancelled. */
function replay(totalClasses: number, steps: readonly Step[]) {
  let today = start;
  const lessons: CountedLesson[] = [];
  for (const each of steps) {
    if (each.kind === "attend") today = addDays(today, 1);
    else if (each.kind === "book") {
      const date = addDays(today, each.daysAhead);
      const left = planAccount(totalClasses, lessons, today).left;
      if (left > 0 && !lessons.some((lesson) => lesson.date === date)) {
        lessons.push({ date, cancellationOutcome: null });
      }
    } else {
      const cancellable = lessons.filter(
        (lesson) => lesson.cancellationOutcome === null && lesson.date >= today,
      );
      const lesson = cancellable[each.pick % Math.max(1, cancellable.length)];
      if (lesson) lesson.cancellationOutcome = each.applied;
    }
  }
  return { today, lessons };
}

describe("a plan's accounting with cancellations", () => {
  it("always: bought = used + left + credited + still to come; a lesson is never both used and credited", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.array(step, { maxLength: 60 }), (total, steps) => {
        const { today, lessons } = replay(total, steps);
        const account = planAccount(total, lessons, today);
        expect(account.used + account.credited + account.today + account.upcoming + account.left).toBe(total);
        expect(account.booked).toBe(lessons.length);
        for (const lesson of lessons) {
          const count = lessonCount(lesson, today);
          expect(count === "used" && lesson.cancellationOutcome === "credit").toBe(false);
          expect(count === "credited").toBe(lesson.cancellationOutcome === "credit");
        }
      }),
    );
  });

  it("a class given back as credit does not return to left; a late one counts as used before its day", () => {
    const lessons: CountedLesson[] = [
      { date: "2026-03-01", cancellationOutcome: null },
      { date: "2026-03-05", cancellationOutcome: "credit" },
      { date: "2026-03-06", cancellationOutcome: "class-used" },
      { date: "2026-03-02", cancellationOutcome: null },
      { date: "2026-03-09", cancellationOutcome: null },
    ];
    expect(planAccount(8, lessons, "2026-03-02")).toEqual({
      booked: 5,
      used: 2,
      credited: 1,
      today: 1,
      upcoming: 1,
      left: 3,
    });
    expect(planAccount(8, lessons, "2026-03-02", false).left).toBe(0);
  });

  it("leaves out a lesson paid by a credit, whatever happens to it (docs/decisions/032)", () => {
    const plan: CountedLesson[] = [
      { date: "2026-03-01", cancellationOutcome: null },
      { date: "2026-03-05", cancellationOutcome: "credit" },
    ];
    const byCredit: CountedLesson[] = [
      { date: "2026-02-27", cancellationOutcome: null, paidByCreditId: 7 },
      { date: "2026-03-09", cancellationOutcome: null, paidByCreditId: 8 },
      { date: "2026-03-10", cancellationOutcome: "class-used", paidByCreditId: 9 },
      { date: "2026-03-11", cancellationOutcome: "credit", paidByCreditId: 10 },
    ];
    expect(planAccount(4, [...plan, ...byCredit], "2026-03-02")).toEqual(planAccount(4, plan, "2026-03-02"));
    expect(planAccount(4, [...plan, ...byCredit], "2026-03-02")).toMatchObject({
      booked: 2,
      used: 1,
      left: 2,
    });
  });

  it("names the policy's reasons and says the outcome in plain words", () => {
    expect(policyReasonOf("family-weather")).toBe("weather-family");
    expect(policyReasonOf("weather")).toBe("weather-school");
    expect(policyReasonOf("family")).toBe("family");
    expect(
      cancellationWords({
        timing: "free",
        outcome: "credit",
        creditExpiresOn: "2027-01-12",
        noticeHours: 24,
      }),
    ).toBe("You get a credit for this class, valid until January 12, 2027.");
    expect(
      cancellationWords({ timing: "late", outcome: "class-used", creditExpiresOn: null, noticeHours: 24 }),
    ).toBe("It is less than 24 hours before the class: the class counts as used.");
    // For the weather the words name the weather's notice, in time or not.
    expect(
      cancellationWords({
        reason: "family-weather",
        timing: "free",
        outcome: "credit",
        creditExpiresOn: "2027-01-12",
        noticeHours: 3,
      }),
    ).toBe(
      "For the weather, 3 hours' notice is enough: you get a credit for this class, valid until January 12, 2027.",
    );
    expect(
      cancellationWords({
        reason: "family-weather",
        timing: "late",
        outcome: "class-used",
        creditExpiresOn: null,
        noticeHours: 1,
      }),
    ).toBe("Even for the weather, it is less than 1 hour before the class: the class counts as used.");
    // A class booked with a credit takes none of the plan's classes: late, it is that credit that is spent.
    expect(
      cancellationWords({
        timing: "late",
        outcome: "class-used",
        creditExpiresOn: null,
        noticeHours: 24,
        paidByCredit: true,
      }),
    ).toBe("It is less than 24 hours before the class: the credit it was booked with is spent.");
    expect(
      cancellationWords({
        reason: "family-weather",
        timing: "late",
        outcome: "class-used",
        creditExpiresOn: null,
        noticeHours: 3,
        paidByCredit: true,
      }),
    ).toBe(
      "Even for the weather, it is less than 3 hours before the class: the credit it was booked with is spent.",
    );
    // In time it gives a new credit, as any class does.
    expect(
      cancellationWords({
        timing: "free",
        outcome: "credit",
        creditExpiresOn: "2027-01-12",
        noticeHours: 24,
        paidByCredit: true,
      }),
    ).toBe("You get a credit for this class, valid until January 12, 2027.");
    // Once cancelled (the family's mail, the dialog): what was applied.
    expect(cancelledWords({ creditExpiresOn: "2027-01-12" })).toBe(
      "You get a credit for this class, valid until January 12, 2027.",
    );
    expect(cancelledWords({ creditExpiresOn: null })).toBe("The class counts as used.");
    expect(cancelledWords({ creditExpiresOn: null, paidByCredit: true })).toBe(
      "The credit the class was booked with is spent.",
    );
    // A cancellation's credit stores the class's day; the family reads it as a day.
    expect(creditWhy({ kind: "cancellation", reason: "2027-01-12" })).toBe(
      "Cancelled in time: the class of January 12, 2027",
    );
    expect(creditWhy({ kind: "goodwill", reason: "2027-01-12" })).toBe("Goodwill: 2027-01-12");
  });
});
