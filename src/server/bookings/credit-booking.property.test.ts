import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInAdmin, type TestAccount } from "../../../test/support/accounts.ts";
import { createClient, createPlan } from "../../../test/support/factories.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, type TestClock, testClock } from "../../../test/support/test-app.ts";
import { addDays, dayInZone } from "../../domain/school-day.ts";
import { cancelLesson, cancellationPreview } from "../cancellation/service.ts";
import { householdCredits, issueCredit } from "../credits/service.ts";
import { AppError } from "../http/errors.ts";
import { bookingDraft, bookWithCredit, clientBookings, saveBooking } from "./service.ts";

/**
 * Issue 29's rules over random sequences, on the real services and database (SQLite here, PostgreSQL under
 * TEST_DATABASE_URL): a family with a plan of a few classes books with the plan, books with a credit, cancels (in
 * time or late, as the clock says), is given a credit that may expire soon, and days pass. After every step:
 * - a lesson is never both used and credited: a lesson cancelled with a credit has exactly its one credit, one
 *   whose class was used has none;
 * - a credit is redeemed at most once, and pays for exactly one lesson, which is marked as paid by it;
 * - the plan's used/left/credited are what a model of the steps says, and bought = used + credited + to come + left
 *   (a lesson paid by a credit is in none of them);
 * - the household's balance adds up: issued = redeemed + voided + expired + available, and available is what the
 *   model says.
 * The school's policy is the default: 24 hours' notice, late = the class is used, credits last 60 days.
 */
const testbed = mailTestbed();
const timeZone = "Europe/Madrid";
const start = "2026-03-02T10:00:00.000Z";
const totalClasses = 4;

let clock: TestClock;
let t: TestApp;
let owner: TestAccount;
beforeAll(async () => {
  clock = testClock(start);
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, clock, env: { TZ_SCHOOL: timeZone } });
  owner = await signedInAdmin(t);
});

type Step =
  | { kind: "book-plan"; daysAhead: number }
  | { kind: "book-credit"; daysAhead: number }
  | { kind: "cancel"; pick: number }
  | { kind: "give-credit"; lastsDays: number }
  | { kind: "day-passes" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("book-plan" as const),
      daysAhead: fc.integer({ min: 0, max: 6 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("book-credit" as const),
      daysAhead: fc.integer({ min: 0, max: 6 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("give-credit" as const),
      lastsDays: fc.integer({ min: 0, max: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("day-passes" as const) }) },
);

/** A refusal the rules give (a date taken, no class or credit left, a past date…): the step changes nothing. */
async function refusedOrDone<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

/** What the steps should have left, counted apart from the server. */
interface Model {
  /** lessonId → how it was paid and what happened to it. */
  lessons: Map<number, { date: string; byCredit: boolean; cancelled: "credit" | "class-used" | null }>;
  /** Credits issued: id → last day, and whether redeemed. */
  credits: Map<number, { expiresOn: string; redeemed: boolean }>;
}

async function runSteps(steps: readonly Step[]) {
  clock.set(start);
  const { id: clientId } = await createClient(t.db, { passwordHash: "x" });
  await createPlan(t.db, { clientId, totalClasses, createdAt: start });
  const model: Model = { lessons: new Map(), credits: new Map() };
  const today = () => dayInZone(clock.now(), timeZone);
  const actor = { userId: owner.id, role: "admin" as const };

  for (const each of steps) {
    if (each.kind === "day-passes") clock.advance(24 * 3600 * 1000);
    else if (each.kind === "book-plan") {
      const draft = await bookingDraft(t, clientId);
      const date = addDays(today(), each.daysAhead);
      const saved = await refusedOrDone(() =>
        saveBooking(t, { clientId, dates: [...(draft.booking?.dates ?? []), date] }, actor),
      );
      const lesson = saved?.booking.dates.find((day) => day.date === date);
      if (lesson && !model.lessons.has(lesson.lessonId)) {
        model.lessons.set(lesson.lessonId, { date, byCredit: false, cancelled: null });
      }
    } else if (each.kind === "book-credit") {
      const date = addDays(today(), each.daysAhead);
      const booked = await refusedOrDone(() => bookWithCredit(t, { clientId, date }, actor));
      if (booked) {
        const lesson = booked.booking.dates.find((day) => day.date === date);
        expect(lesson?.paidByCredit).toBe(true);
        const credit = model.credits.get(booked.creditId);
        expect(credit?.redeemed).toBe(false);
        if (credit) credit.redeemed = true;
        model.lessons.set(lesson?.lessonId as number, { date, byCredit: true, cancelled: null });
      }
    } else if (each.kind === "give-credit") {
      const credit = await t.db.transaction().execute((trx) =>
        issueCredit(trx, {
          householdId: clientId,
          swimmerId: null,
          kind: "goodwill",
          reason: "Property test",
          expiresOn: addDays(today(), each.lastsDays),
          issuedByUserId: owner.id,
          now: clock.now(),
          timeZone,
        }),
      );
      model.credits.set(credit.id, { expiresOn: credit.expiresOn, redeemed: false });
    } else {
      const standing = [...model.lessons.entries()].filter(
        ([, lesson]) => lesson.cancelled === null && lesson.date > today(),
      );
      const picked = standing[each.pick % Math.max(1, standing.length)];
      if (picked) {
        const [lessonId, lesson] = picked;
        const preview = await cancellationPreview(t, clientId, lessonId, "family");
        const done = await cancelLesson(t, {
          clientId,
          lessonId,
          input: { reason: "family", expectedOutcome: preview.outcome },
          byUserId: owner.id,
        });
        lesson.cancelled = done.outcome;
        if (done.creditId !== null) {
          model.credits.set(done.creditId, { expiresOn: done.creditExpiresOn as string, redeemed: false });
        }
      }
    }
    await expectRulesHold(clientId, model, today());
  }
}

async function expectRulesHold(clientId: string, model: Model, today: string) {
  const seen = await clientBookings(t, clientId);
  const lessons = seen.bookings.flatMap((booking) => booking.dates);
  const credits = await householdCredits(t.db, clientId);

  // Every lesson the model has, as the model has it; no other.
  expect(new Set(lessons.map((lesson) => lesson.lessonId))).toEqual(new Set(model.lessons.keys()));
  for (const lesson of lessons) {
    const expected = model.lessons.get(lesson.lessonId);
    expect(lesson.paidByCredit).toBe(expected?.byCredit);
    expect(lesson.cancellation?.outcome ?? null).toBe(expected?.cancelled ?? null);
  }

  // Never both used and credited: a lesson cancelled with a credit has its one credit, a late one none.
  const cancellationCredits = credits.filter((credit) => credit.kind === "cancellation");
  expect(cancellationCredits).toHaveLength(
    lessons.filter((l) => l.cancellation?.outcome === "credit").length,
  );

  // A credit redeemed at most once, for one lesson, which it paid for.
  const redeemed = credits.filter((credit) => credit.ending?.kind === "redeemed");
  const paidLessons = redeemed.map((credit) => credit.ending?.lessonId);
  expect(new Set(paidLessons).size).toBe(redeemed.length);
  expect(paidLessons.sort()).toEqual(
    lessons
      .filter((lesson) => lesson.paidByCredit)
      .map((lesson) => lesson.lessonId)
      .sort(),
  );
  expect(redeemed.map((credit) => credit.id).sort()).toEqual(
    [...model.credits.entries()]
      .filter(([, credit]) => credit.redeemed)
      .map(([id]) => id)
      .sort(),
  );

  // The plan's counts: the model's, and they add up.
  const planLessons = [...model.lessons.values()].filter((lesson) => !lesson.byCredit);
  const used = planLessons.filter(
    (lesson) => lesson.cancelled === "class-used" || (lesson.cancelled === null && lesson.date < today),
  ).length;
  const credited = planLessons.filter((lesson) => lesson.cancelled === "credit").length;
  expect(seen.plan).toMatchObject({
    totalClasses,
    bookedClasses: planLessons.length,
    usedClasses: used,
    creditedClasses: credited,
    classesLeft: totalClasses - planLessons.length,
  });
  const plan = seen.plan as NonNullable<typeof seen.plan>;
  const toCome = plan.bookedClasses - plan.usedClasses - plan.creditedClasses;
  expect(plan.usedClasses + plan.creditedClasses + toCome + plan.classesLeft).toBe(totalClasses);

  // The household's balance adds up, and what is available is what the model says.
  const states = credits.map((credit) =>
    credit.ending ? credit.ending.kind : credit.expiresOn < today ? "expired" : "available",
  );
  const available = [...model.credits.values()].filter(
    (credit) => !credit.redeemed && credit.expiresOn >= today,
  ).length;
  expect(credits).toHaveLength(model.credits.size);
  expect(states.filter((state) => state === "available")).toHaveLength(available);
  const draft = await refusedOrDone(() => bookingDraft(t, clientId));
  expect(draft?.credits.length ?? 0).toBe(available);
}

describe("booking with the plan and with credits, cancelling and days passing, at random", () => {
  it("a lesson is never both used and credited, a credit pays once, the plan and the credits add up", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 24 }), (steps) => runSteps(steps)),
      { numRuns: 25 },
    );
  }, 240_000);
});
