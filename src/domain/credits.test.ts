import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  byUseOrder,
  type Credit,
  type CreditEnding,
  creditBalanceAt,
  creditStateAt,
  endCredit,
  expiryNoticeFrom,
} from "./credits.ts";
import { addDays, dayInZone } from "./school-day.ts";

const madrid = "Europe/Madrid";

const credit = (overrides: Partial<Credit> = {}): Credit => ({
  id: 1,
  clientId: "household",
  swimmerId: null,
  kind: "goodwill",
  reason: "Pool closed",
  issuedAt: "2026-03-01T09:00:00.000Z",
  expiresOn: "2026-03-29",
  issuedByUserId: "owner",
  ending: null,
  ...overrides,
});

describe("creditStateAt", () => {
  it("counts the last day in the school's time zone, across the change to summer time", () => {
    // Europe/Madrid moves to UTC+2 at 02:00 on Sunday March 29th 2026: that day ends at 22:00 UTC.
    const lastDay = credit({ expiresOn: "2026-03-29" });
    expect(creditStateAt(lastDay, new Date("2026-03-29T21:59:59.000Z"), madrid)).toBe("available");
    expect(creditStateAt(lastDay, new Date("2026-03-29T22:00:00.000Z"), madrid)).toBe("expired");
    // In UTC the same moment is still the 29th: the zone decides, not the server's.
    expect(creditStateAt(lastDay, new Date("2026-03-29T22:00:00.000Z"), "UTC")).toBe("available");
  });

  it("is the ending's from its moment on, and available before it", () => {
    const voided = credit({
      ending: {
        kind: "voided",
        at: "2026-03-10T12:00:00.000Z",
        byUserId: "owner",
        lessonId: null,
        reason: "Typo",
      },
    });
    expect(creditStateAt(voided, new Date("2026-03-10T11:59:59.000Z"), madrid)).toBe("available");
    expect(creditStateAt(voided, new Date("2026-03-10T12:00:00.000Z"), madrid)).toBe("voided");
    // A voided credit stays voided after its last day: it did not expire.
    expect(creditStateAt(voided, new Date("2026-05-01T00:00:00.000Z"), madrid)).toBe("voided");
  });

  it("dates the expiry mail a week before the last day", () => {
    expect(expiryNoticeFrom("2026-03-29")).toBe("2026-03-22");
  });
});

/**
 * Random histories of one household's ledger: issues, redemptions and voids of any credit (an earlier one, or one
 * that does not exist), and the clock moving forward by minutes to weeks. Whatever the order, the rules hold.
 */
type Step =
  | { op: "issue"; lastDayIn: number }
  | { op: "redeem"; pick: number }
  | { op: "void"; pick: number }
  | { op: "wait"; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("issue" as const), lastDayIn: fc.integer({ min: 0, max: 40 }) }),
  fc.record({ op: fc.constant("redeem" as const), pick: fc.nat(30) }),
  fc.record({ op: fc.constant("void" as const), pick: fc.nat(30) }),
  fc.record({ op: fc.constant("wait" as const), minutes: fc.integer({ min: 1, max: 60 * 24 * 20 }) }),
);

describe("the ledger over random histories", () => {
  it("redeems or voids a credit at most once, never once expired or voided, and its balance adds up", () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 80 }),
        fc.constantFrom("Europe/Madrid", "Pacific/Auckland", "America/New_York", "UTC"),
        (steps, timeZone) => {
          let now = new Date("2026-03-20T10:00:00.000Z");
          const ledger: Credit[] = [];
          const endings = new Map<number, number>();
          const attempts: { id: number; at: Date; before: string; ok: boolean }[] = [];
          for (const next of steps) {
            if (next.op === "wait") {
              now = new Date(now.getTime() + next.minutes * 60_000);
              continue;
            }
            if (next.op === "issue") {
              ledger.push(
                credit({
                  id: ledger.length + 1,
                  issuedAt: now.toISOString(),
                  expiresOn: addDays(dayInZone(now, timeZone), next.lastDayIn),
                }),
              );
              continue;
            }
            const index = next.pick % Math.max(ledger.length, 1);
            const target = ledger[index];
            if (!target) continue;
            const ending: CreditEnding = {
              kind: next.op === "redeem" ? "redeemed" : "voided",
              at: now.toISOString(),
              byUserId: "someone",
              lessonId: next.op === "redeem" ? 100 + attempts.length : null,
              reason: next.op === "void" ? "Because" : "",
            };
            const before = creditStateAt(target, now, timeZone);
            const result = endCredit(target, ending, timeZone);
            attempts.push({ id: target.id, at: now, before, ok: result.ok });
            if (result.ok) {
              ledger[index] = result.credit;
              endings.set(target.id, (endings.get(target.id) ?? 0) + 1);
            }
          }

          for (const attempt of attempts) {
            // Ended only from available: never after it expired, was voided or was redeemed.
            expect(attempt.ok).toBe(attempt.before === "available");
          }
          for (const count of endings.values()) expect(count).toBe(1);
          for (const each of ledger) {
            if (!each.ending) continue;
            // Ended on or before its last day, in the school's zone.
            expect(dayInZone(new Date(each.ending.at), timeZone) <= each.expiresOn).toBe(true);
            expect(creditStateAt(each, now, timeZone)).toBe(each.ending.kind);
          }

          for (const moment of [now, new Date(now.getTime() + 60 * 86_400_000)]) {
            const balance = creditBalanceAt(ledger, moment, timeZone);
            expect(balance.issued).toBe(ledger.length);
            expect(balance.available).toBe(
              balance.issued - balance.redeemed - balance.voided - balance.expired,
            );
            expect(balance.available).toBeGreaterThanOrEqual(0);
            expect(balance.redeemed).toBe(ledger.filter((each) => each.ending?.kind === "redeemed").length);
            expect(balance.voided).toBe(ledger.filter((each) => each.ending?.kind === "voided").length);
          }
          // Sixty days on, nothing is available any more: every credit ended or expired.
          expect(creditBalanceAt(ledger, new Date(now.getTime() + 60 * 86_400_000), timeZone).available).toBe(
            0,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("uses the credit that expires first, then the oldest", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ lastDayIn: fc.nat(30) }), { minLength: 1, maxLength: 20 }),
        (issued) => {
          const credits = issued.map(({ lastDayIn }, index) =>
            credit({ id: index + 1, expiresOn: addDays("2026-04-01", lastDayIn) }),
          );
          const first = [...credits].sort(byUseOrder)[0] as Credit;
          for (const each of credits) {
            expect(first.expiresOn <= each.expiresOn).toBe(true);
            if (each.expiresOn === first.expiresOn) expect(first.id <= each.id).toBe(true);
          }
        },
      ),
    );
  });
});
