import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientRows } from "../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../test/support/test-app.ts";
import { createTestDatabase } from "../../test/support/test-database.ts";
import { deleteBooking, editBooking, saveBooking } from "../server/bookings/service.ts";
import { registerClient } from "../server/clients/service.ts";
import type { Db } from "../server/db/database.ts";
import { AppError } from "../server/http/errors.ts";
import {
  activeSubscription,
  applyPaymentEvent,
  cancelSubscription,
  payLocalCheckout,
  startCheckout,
} from "../server/subscriptions/service.ts";
import {
  amountToPay,
  bookingMessages,
  bookingTitle,
  checkEdit,
  checkNewSelection,
  lastBookableDay,
  planPeriodStartDay,
  selectableDates,
  upcomingFeedbackChange,
} from "./bookings.ts";
import { editBookingSchema, saveBookingSchema, saveFeedbackSchema } from "./bookings-schemas.ts";
import { addDays, dayInZone, hasDayCome } from "./school-day.ts";

const today = "2026-03-10";

describe("the booking rules", () => {
  it("prices and names a booking by its dates (spec §9)", () => {
    expect(bookingTitle(3)).toBe("3-Class Booking");
    expect(amountToPay(3)).toBe(180);
  });

  it("books up to two years ahead, to the same day (February 29th: the 28th)", () => {
    expect(lastBookableDay("2026-03-10")).toBe("2028-03-10");
    expect(lastBookableDay("2028-02-29")).toBe("2030-02-28");
    const plan = { totalClasses: 4, bookedElsewhere: 0, keptPast: 0, today };
    expect(checkNewSelection({ ...plan, chosen: ["2028-03-10"] })).toBeNull();
    expect(checkNewSelection({ ...plan, chosen: ["2028-03-11"] })).toEqual({
      code: "date-too-far",
      message: "Classes can be booked up to 2 years ahead: the last day open is March 10, 2028.",
    });
    expect(checkEdit({ ...plan, classCount: 4, chosen: ["9999-12-31"] })?.code).toBe("date-too-far");
  });

  it("Create Booking: at least one date, none past, no more than the plan still allows", () => {
    const plan = { totalClasses: 4, bookedElsewhere: 1, keptPast: 1, today };
    expect(selectableDates(plan)).toBe(2);
    expect(checkNewSelection({ ...plan, chosen: [] })).toEqual({
      code: "no-dates",
      message: "Please select at least one date.",
    });
    expect(checkNewSelection({ ...plan, chosen: ["2026-03-09"] })).toEqual({
      code: "past-date",
      message: bookingMessages.pastDate,
    });
    expect(checkNewSelection({ ...plan, chosen: [today, "2026-03-11"] })).toBeNull();
    expect(checkNewSelection({ ...plan, chosen: [today, "2026-03-11", "2026-03-12"] })).toEqual({
      code: "too-many-dates",
      message: "Only 2 classes can be booked.",
    });
    // An overbooked plan (old data) allows nothing, and says 0 rather than a negative number.
    expect(selectableDates({ totalClasses: 4, bookedElsewhere: 5, keptPast: 0 })).toBe(0);
  });

  it("Manage Bookings: past dates kept and locked; at most classCount dates; within the plan's total", () => {
    const booking = { totalClasses: 8, bookedElsewhere: 0, keptPast: 1, classCount: 3, today };
    expect(checkEdit({ ...booking, chosen: ["2026-03-11", "2026-03-12"] })).toBeNull();
    expect(checkEdit({ ...booking, chosen: ["2026-03-01"] })).toEqual({
      code: "past-date",
      message: "Past dates are kept and cannot be changed.",
    });
    expect(checkEdit({ ...booking, chosen: ["2026-03-11", "2026-03-12", "2026-03-13"] })).toEqual({
      code: "too-many-dates",
      message: "You can only select 3 dates.",
    });
    expect(checkEdit({ ...booking, keptPast: 0, chosen: [] })).toEqual({
      code: "no-dates",
      message: "Please select at least one date.",
    });
    // Past dates from before a renewal still take room in the booking, not in the plan.
    expect(
      checkEdit({ ...booking, keptPast: 0, keptPastBeforePeriod: 2, chosen: [today, "2026-03-11"] }),
    ).toEqual({ code: "too-many-dates", message: "You can only select 3 dates." });
    const crowded = { ...booking, totalClasses: 4, bookedElsewhere: 2 };
    expect(checkEdit({ ...crowded, chosen: ["2026-03-11", "2026-03-12"] })).toEqual({
      code: "too-many-dates",
      message: "You can only assign up to 2 classes.",
    });
    expect(checkEdit({ ...crowded, bookedElsewhere: 3, chosen: ["2026-03-11"] })).toEqual({
      code: "too-many-dates",
      message: "You can only assign up to 1 class.",
    });
  });

  it("feedback is written from a class's day on: an upcoming date's text may only be sent unchanged", () => {
    expect([
      hasDayCome("2026-03-09", today),
      hasDayCome(today, today),
      hasDayCome("2026-03-11", today),
    ]).toEqual([true, true, false]);
    const stored = new Map<string, string | null>([
      ["2026-03-09", "Kicked well."],
      [today, null],
      ["2026-03-11", null],
      ["2026-03-12", "Written before the rule."],
    ]);
    expect(
      upcomingFeedbackChange({ "2026-03-09": "Kicked better.", [today]: "Floated." }, stored, today),
    ).toBeNull();
    expect(
      upcomingFeedbackChange({ "2026-03-11": "", "2026-03-12": "Written before the rule." }, stored, today),
    ).toBeNull();
    expect(upcomingFeedbackChange({ [today]: "Floated.", "2026-03-11": "Too early." }, stored, today)).toBe(
      "2026-03-11",
    );
    expect(upcomingFeedbackChange({ "2026-03-12": " " }, stored, today)).toBe("2026-03-12");
    // The school's today, not the server's: 23:30 on March 10th in New York is already March 11th in UTC.
    const newYorkToday = dayInZone(new Date("2026-03-11T03:30:00Z"), "America/New_York");
    expect(upcomingFeedbackChange({ "2026-03-11": "Too early." }, stored, newYorkToday)).toBe("2026-03-11");
  });

  it("a plan's period starts on the day of its last payment in the school's time zone", () => {
    const plan = { periodStartedAt: "2026-03-02T03:00:00.000Z", createdAt: "2026-01-01T00:00:00.000Z" };
    expect(planPeriodStartDay(plan, "UTC")).toBe("2026-03-02");
    expect(planPeriodStartDay(plan, "America/New_York")).toBe("2026-03-01");
    expect(planPeriodStartDay({ ...plan, periodStartedAt: null }, "UTC")).toBe("2026-01-01");
  });

  it("the schemas refuse what a person never sends and sort the dates", () => {
    expect(saveBookingSchema.parse({ clientId: "abc", dates: ["2026-03-12", "2026-03-11"] }).dates).toEqual([
      "2026-03-11",
      "2026-03-12",
    ]);
    const refused = [
      { dates: ["2026-03-11"] },
      { clientId: "abc", dates: ["2026-02-30"] },
      { clientId: "abc", dates: ["2026-03-11", "2026-03-11"] },
      { clientId: "abc", dates: Array.from({ length: 9 }, (_, i) => addDays(today, i)) },
      { clientId: "../x", dates: [] },
      { clientId: "abc", dates: [], extra: 1 },
    ];
    for (const body of refused)
      expect(saveBookingSchema.safeParse(body).success, JSON.stringify(body)).toBe(false);
    expect(saveBookingSchema.safeParse({ dates: [] }).error?.issues[0]?.message).toBe(
      "Please select a client first.",
    );
    expect(editBookingSchema.safeParse({ dates: ["03/11/2026"] }).success).toBe(false);
    expect(saveFeedbackSchema.safeParse({ feedbacks: { "2026-03-11": "x".repeat(2001) } }).success).toBe(
      false,
    );
    expect(saveFeedbackSchema.safeParse({ feedbacks: { "2026-3-11": "Good" } }).success).toBe(false);
  });
});

const isoDayAfter = (offset: number) => addDays(today, offset);
const dayList = (min: number, max: number) =>
  fc
    .uniqueArray(fc.integer({ min, max }), { maxLength: 8 })
    .map((offsets) => offsets.map(isoDayAfter).sort());

describe("the rules, for any input", () => {
  it("a selection they allow never takes the plan past its total nor books a past day", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        dayList(-5, 30),
        (totalClasses, bookedElsewhere, keptPast, chosen) => {
          const selection = { totalClasses, bookedElsewhere, keptPast, chosen, today };
          if (checkNewSelection(selection) !== null) return;
          expect(bookedElsewhere + keptPast + chosen.length).toBeLessThanOrEqual(totalClasses);
          expect(chosen.length).toBeGreaterThan(0);
          expect(chosen.every((day) => day >= today)).toBe(true);
        },
      ),
    );
  });

  it("an edit they allow keeps the booking within its class count and the plan within its total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        dayList(-5, 30),
        (totalClasses, bookedElsewhere, keptPast, keptPastBeforePeriod, classCount, chosen) => {
          const edit = {
            totalClasses,
            bookedElsewhere,
            keptPast,
            keptPastBeforePeriod,
            classCount,
            chosen,
            today,
          };
          if (checkEdit(edit) !== null) return;
          expect(keptPastBeforePeriod + keptPast + chosen.length).toBeLessThanOrEqual(classCount);
          // What this booking holds in the plan fits beside the others (an already overbooked plan: nothing).
          expect(keptPast + chosen.length).toBeLessThanOrEqual(Math.max(0, totalClasses - bookedElsewhere));
          expect(chosen.every((day) => day >= today)).toBe(true);
        },
      ),
    );
  });
});

/**
 * The same promises kept by the real service on a real database, for any sequence of saves, edits, deletions,
 * renewals and days passing: a plan's current period never holds more dates than its total, a past date never
 * changes (unless its whole booking is deleted), and each booking's counts match its dates.
 */
describe("the bookings service, for any sequence of changes", () => {
  const timeZone = "America/New_York";
  const clock = testClock();
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let t: TestApp;
  const admin = {
    userId: "property-admin",
    sessionId: "none",
    email: "admin@example.com",
    name: "Admin",
    role: "admin" as const,
    mustChangePassword: false,
    locale: "en" as const,
    guardianOf: null,
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.db;
    t = buildTestApp(db, { clock, env: { TZ_SCHOOL: timeZone } });
    // The admin saving: the instructor of the lessons the saves add.
    const { user } = clientRows({ id: admin.userId, email: admin.email, passwordHash: "$scrypt$unused" });
    await db
      .insertInto("user")
      .values({ ...user, role: "admin" })
      .execute();
  });
  afterAll(() => testDb.close());

  const schoolToday = () => dayInZone(clock.now(), timeZone);

  /**
   * One client for every run (registering one per run would spend the run on password hashing): its bookings
   * are deleted and its plan ended, then it buys a new plan on the local checkout.
   */
  let clientId = "";
  async function freshPlan(packType: "4_60" | "8_60") {
    clock.set("2026-03-02T15:00:00.000Z");
    if (!clientId) {
      const { client } = await registerClient(t, {
        firstName: "Prop",
        lastName: "Erty",
        email: "property@example.com",
        phoneNumber: "5550100",
        defaultPackType: packType,
      });
      clientId = client.id;
    }
    for (const booking of await db
      .selectFrom("booking")
      .select("id")
      .where("clientId", "=", clientId)
      .execute()) {
      await deleteBooking(t, booking.id);
    }
    const active = await activeSubscription(t, clientId);
    if (active.subscriptionId) {
      await cancelSubscription(t, admin, { userId: clientId, subscriptionId: active.subscriptionId });
    }
    const { url } = await startCheckout(t, admin, {
      email: "property@example.com",
      userId: clientId,
      packType,
    });
    await payLocalCheckout(t, admin, url.split("/").pop() ?? "");
    return db
      .selectFrom("subscriptionPlan")
      .select(["id", "totalClasses", "subscriptionId"])
      .where("clientId", "=", clientId)
      .where("isActive", "=", 1)
      .executeTakeFirstOrThrow();
  }

  const lessonsOf = (clientId: string) =>
    db.selectFrom("lesson").select(["bookingId", "date"]).where("clientId", "=", clientId).execute();

  // Days from today: mostly a few future days (so saves and edits often pass), sometimes anything, past included.
  const offsets = fc.oneof(
    { weight: 3, arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 5 }) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.integer({ min: -3, max: 20 }), { maxLength: 6 }) },
  );
  const command = fc.oneof(
    fc.record({ kind: fc.constant("save" as const), offsets }),
    // `move`: as many dates as the booking has from today on (what Edit Booking Dates usually sends).
    fc.record({ kind: fc.constant("edit" as const), offsets, move: fc.boolean() }),
    fc.record({ kind: fc.constant("delete" as const) }),
    fc.record({ kind: fc.constant("days-pass" as const), days: fc.integer({ min: 1, max: 6 }) }),
    fc.record({ kind: fc.constant("renewal" as const) }),
  );

  it("never overbooks a plan and never changes a past date", async () => {
    const outcomes = { saved: 0, edited: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("4_60" as const, "8_60" as const),
        fc.array(command, { maxLength: 10 }),
        async (packType, commands) => {
          const plan = await freshPlan(packType);
          let renewals = 0;
          for (const step of commands) {
            const before = schoolToday();
            const pastBefore = (await lessonsOf(clientId)).filter((lesson) => lesson.date < before);
            const booking = await db
              .selectFrom("booking")
              .select("id")
              .where("clientId", "=", clientId)
              .executeTakeFirst();
            let dates = "offsets" in step ? step.offsets.map((offset) => addDays(before, offset)).sort() : [];
            if (step.kind === "edit" && step.move) {
              const ownFuture = (await lessonsOf(clientId)).filter(
                (lesson) => lesson.bookingId === booking?.id && lesson.date >= before,
              ).length;
              const days = new Set([...step.offsets.map(Math.abs), 0, 1, 2, 3, 4, 5, 6, 7]);
              dates = [...days]
                .slice(0, ownFuture)
                .map((offset) => addDays(before, offset))
                .sort();
            }
            try {
              if (step.kind === "save" && (await saveBooking(t, { clientId, dates }, admin)))
                outcomes.saved++;
              if (step.kind === "edit" && booking && (await editBooking(t, booking.id, { dates }, admin))) {
                outcomes.edited++;
              }
              if (step.kind === "delete" && booking) await deleteBooking(t, booking.id);
              if (step.kind === "days-pass") clock.advance(step.days * 24 * 3600_000);
              if (step.kind === "renewal") {
                await applyPaymentEvent(t, {
                  id: `evt_renewal_${plan.id}_${renewals++}`,
                  kind: "period-paid",
                  subscriptionId: plan.subscriptionId ?? "",
                  renewal: true,
                  periodStartedAt: clock.now().toISOString(),
                });
              }
            } catch (error) {
              // A refusal (too many dates, a past date…) is an answer; anything else is a bug.
              if (!(error instanceof AppError) || error.status >= 500) throw error;
              outcomes.refused++;
            }

            const after = await lessonsOf(clientId);
            const current = await db
              .selectFrom("subscriptionPlan")
              .select(["totalClasses", "periodStartedAt", "createdAt"])
              .where("id", "=", plan.id)
              .executeTakeFirstOrThrow();
            const fromDay = planPeriodStartDay(current, timeZone);
            expect(after.filter((lesson) => lesson.date >= fromDay).length).toBeLessThanOrEqual(
              current.totalClasses,
            );
            const key = (lesson: { bookingId: number; date: string }) => `${lesson.bookingId} ${lesson.date}`;
            const pastAfter = after
              .filter((lesson) => lesson.date < before)
              .map(key)
              .sort();
            const kept =
              step.kind === "delete" ? pastBefore.filter((l) => l.bookingId !== booking?.id) : pastBefore;
            expect(pastAfter).toEqual(kept.map(key).sort());

            for (const row of await db
              .selectFrom("booking")
              .selectAll()
              .where("clientId", "=", clientId)
              .execute()) {
              const own = after
                .filter((lesson) => lesson.bookingId === row.id)
                .map((lesson) => lesson.date)
                .sort();
              expect(row).toMatchObject({
                classCount: own.length,
                firstDate: own[0] ?? null,
                title: bookingTitle(own.length),
                amountToPay: amountToPay(own.length),
              });
              expect(own.length).toBeGreaterThan(0);
            }
          }
        },
      ),
      {
        numRuns: 30,
        // Run first, so the counts below never hang on chance: a save, an edit moving both dates, a past date.
        examples: [
          [
            "8_60",
            [
              { kind: "save", offsets: [1, 2] },
              { kind: "edit", offsets: [3, 4], move: false },
              { kind: "save", offsets: [-1] },
            ],
          ],
        ],
      },
    );
    // The runs did book and edit, not only meet refusals.
    expect(outcomes.saved).toBeGreaterThan(0);
    expect(outcomes.edited).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    // 30 runs of up to 10 saves, each a transaction with the plan's and the instructor's locks: 2.5 s alone on
    // PostgreSQL, past 20 s when CI runs the browser suite beside it.
  }, 90_000);
});
