import { amountToPay, type BookingStatus, bookingTitle } from "../../src/domain/bookings.ts";
import type { Db } from "../../src/server/db/database.ts";

/**
 * Test data for bookings, written straight into the tables (no route, no rule): a plan, a booking and one lesson
 * row per date, shaped as the bookings service writes them. For tests of what reads bookings (reminders, the
 * calendar feed, lists) that must not depend on the booking routes.
 */

const createdAt = "2026-01-01T00:00:00.000Z";
let planCounter = 0;

export interface TestPlan {
  clientId: string;
  totalClasses?: number;
  /** Default true. A client has at most one active plan (a unique index). */
  isActive?: boolean;
}

export async function insertPlan(db: Db, plan: TestPlan): Promise<number> {
  const isActive = plan.isActive ?? true;
  const row = await db
    .insertInto("subscriptionPlan")
    .values({
      clientId: plan.clientId,
      isActive: isActive ? 1 : 0,
      totalClasses: plan.totalClasses ?? 8,
      usedClasses: 0,
      packType: "8_60",
      subscriptionId: `test_sub_${++planCounter}_${plan.clientId}`,
      provider: "local",
      periodStartedAt: createdAt,
      endedAt: isActive ? null : createdAt,
      createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestBooking {
  clientId: string;
  /** YYYY-MM-DD; each date once per client (a unique index). */
  dates: readonly string[];
  /** Default "pending". */
  status?: BookingStatus;
  /**
   * The plan it books. Unset: a pending booking takes the client's active plan (made when there is none), a
   * cancelled one a new ended plan (a booking is cancelled when its plan ends).
   */
  planId?: number;
  /** The instructor's feedback by date. */
  feedback?: Readonly<Record<string, string>>;
  paid?: boolean;
}

export interface InsertedBooking {
  bookingId: number;
  planId: number;
  /** Lesson id by date. */
  lessonIds: Record<string, number>;
}

export async function insertBooking(db: Db, booking: TestBooking): Promise<InsertedBooking> {
  const status = booking.status ?? "pending";
  const planId = booking.planId ?? (await planFor(db, booking.clientId, status));
  const dates = [...booking.dates].sort();
  return db.transaction().execute(async (trx) => {
    const plan = await trx
      .selectFrom("subscriptionPlan")
      .select("subscriptionId")
      .where("id", "=", planId)
      .executeTakeFirstOrThrow();
    const { id: bookingId } = await trx
      .insertInto("booking")
      .values({
        clientId: booking.clientId,
        planId,
        subscriptionId: plan.subscriptionId,
        title: bookingTitle(dates.length),
        status,
        paid: booking.paid ? 1 : 0,
        classCount: dates.length,
        amountToPay: amountToPay(dates.length),
        firstDate: dates[0] ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lessonIds: Record<string, number> = {};
    for (const date of dates) {
      const feedback = booking.feedback?.[date] ?? null;
      const lesson = await trx
        .insertInto("lesson")
        .values({
          bookingId,
          clientId: booking.clientId,
          planId,
          date,
          feedback,
          feedbackUpdatedAt: feedback === null ? null : createdAt,
          reminderQueuedAt: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      lessonIds[date] = lesson.id;
    }
    return { bookingId, planId, lessonIds };
  });
}

async function planFor(db: Db, clientId: string, status: BookingStatus): Promise<number> {
  if (status === "cancelled") return insertPlan(db, { clientId, isActive: false });
  const active = await db
    .selectFrom("subscriptionPlan")
    .select("id")
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return active?.id ?? insertPlan(db, { clientId });
}
