import { planPeriodStartDay } from "../../domain/bookings.ts";
import { type CountedLesson, planAccount } from "../../domain/cancellation.ts";
import { dayInZone } from "../../domain/school-day.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Plan } from "./repository.ts";
import * as repository from "./repository.ts";

/**
 * Plans: the classes a client bought and how many of them are booked, used and left. This feature owns the
 * subscriptionPlan table and the rule that counts a plan's classes; subscriptions (buying, renewing, ending),
 * bookings (taking classes) and clients (the admin's list) ask it. The functions take the database or the caller's
 * transaction, so a count or a lock happens inside the caller's unit of work.
 */
export type { Plan };

/** The moment and the school's time zone: what "today" and a plan's period start mean. */
export interface SchoolTime {
  now: Date;
  timeZone: string;
}

export const schoolTimeOf = (deps: { clock: Clock; config: Pick<Config, "TZ_SCHOOL"> }): SchoolTime => ({
  now: deps.clock.now(),
  timeZone: deps.config.TZ_SCHOOL,
});

/** How a plan's current period stands. */
export interface ClassCount {
  /** Dates of the period in a booking. */
  booked: number;
  /** Of those, the ones past (school time) or cancelled late with the class used: classes taken. */
  used: number;
  /** Of those, the ones cancelled with a credit: given back as that credit (domain/cancellation.ts). */
  credited: number;
  /** Classes still to book: what a booking may add. */
  left: number;
  /** Of the booked ones, those of today (school time) not cancelled: ending the plan keeps them, as they take place today. */
  today: number;
  /**
   * Classes bought and not taken yet (booked later dates included), less today's, which still take place: what
   * ending the plan today gives up.
   */
  unused: number;
}

/** Every plan of the household, active and ended, as stored (its data export, docs/decisions/037). */
export const plansOfHousehold = (db: Db, clientId: string) => repository.findPlansOf(db, clientId);

export const activePlanOf = (db: Db, clientId: string) => repository.findActivePlan(db, clientId);

export const activePlanOfSubscription = (db: Db, subscriptionId: string) =>
  repository.findActivePlanBySubscription(db, subscriptionId);

/** Each of these clients' active plan, by client id. */
export async function activePlansOf(db: Db, clientIds: readonly string[]): Promise<Map<string, Plan>> {
  const plans = await repository.findActivePlans(db, clientIds);
  return new Map(plans.map((plan) => [plan.clientId, plan]));
}

/**
 * The client's active plan, locked until the caller's transaction ends: whoever writes a plan's bookings takes this
 * lock before counting, so two writers for one plan run one after the other (docs/decisions/010).
 */
export const lockActivePlanOf = (trx: Db, clientId: string) => repository.lockActivePlan(trx, clientId);

/**
 * The plan a lesson paid by a class credit is kept with (docs/decisions/032): the active one, or else the latest
 * (a family whose plan ended may still book with its credits), locked like lockActivePlanOf.
 */
export const lockPlanForCreditLesson = (trx: Db, clientId: string) =>
  repository.findLatestPlan(trx, clientId, true);

/** The same plan, not locked: what Create Booking shows a family without an active plan. */
export const planForCreditLessonOf = (db: Db, clientId: string) =>
  repository.findLatestPlan(db, clientId, false);

/** A plan by id, active or not, locked like lockActivePlanOf. */
export const lockPlan = (trx: Db, planId: number) => repository.lockPlan(trx, planId);

/** Plans by id, active or not. */
export const plansById = (db: Db, planIds: readonly number[]) => repository.findPlans(db, planIds);

/** The first day (school time) of the plan's current period: its dates from this day on count against it. */
export const periodStartOf = (plan: Plan, timeZone: string) => planPeriodStartDay(plan, timeZone);

/** Classes left to book: the classes bought less the dates booked in the current period, never below 0. */
export const classesLeft = (plan: Pick<Plan, "totalClasses">, booked: number) =>
  Math.max(0, plan.totalClasses - booked);

/**
 * The class count of each plan: its booked dates (lesson rows) within its current period, and of those the ones
 * past in the school's time zone, derived each time rather than kept in a counter that could drift from the
 * bookings (docs/decisions/005). Every reader (the client's pages, the admin's lists, bookings, cancellation) goes
 * through here: one query for all the plans' lessons.
 */
export async function classCountsOf(
  db: Db,
  plans: readonly Plan[],
  at: SchoolTime,
): Promise<Map<number, ClassCount>> {
  const periods = plans.map((plan) => ({ planId: plan.id, fromDay: periodStartOf(plan, at.timeZone) }));
  const lessons = await repository.periodLessons(db, periods);
  const today = dayInZone(at.now, at.timeZone);
  return new Map(plans.map((plan) => [plan.id, classCountFrom(plan, lessons.get(plan.id) ?? [], today)]));
}

/** A plan's count from its period's lessons (periodLessons). */
function classCountFrom(plan: Plan, lessons: readonly CountedLesson[], today: string): ClassCount {
  const account = planAccount(plan.totalClasses, lessons, today, plan.isActive);
  return {
    booked: account.booked,
    used: account.used,
    credited: account.credited,
    left: account.left,
    today: account.today,
    // Bought and neither taken, given back as a credit, nor taking place today: what ending the plan gives up.
    unused: Math.max(0, plan.totalClasses - account.used - account.credited - account.today),
  };
}

/**
 * Each of these clients' active plan with its class count, by client id: activePlansOf and classCountsOf in one
 * statement, for a page of households (the admin's clients list).
 */
export async function activePlanCountsOf(
  db: Db,
  clientIds: readonly string[],
  at: SchoolTime,
): Promise<Map<string, { plan: Plan; count: ClassCount }>> {
  const today = dayInZone(at.now, at.timeZone);
  const plans = await repository.activePlansWithPeriodLessons(db, clientIds, at.timeZone);
  return new Map(
    plans.map(({ plan, lessons }) => {
      // The query's period start is periodStartOf's, in SQL (schoolDayOf); the rule's own day decides.
      const fromDay = periodStartOf(plan, at.timeZone);
      const inPeriod = lessons.filter((lesson) => lesson.date >= fromDay);
      return [plan.clientId, { plan, count: classCountFrom(plan, inPeriod, today) }];
    }),
  );
}

export async function classCountOf(db: Db, plan: Plan, at: SchoolTime): Promise<ClassCount> {
  return (await classCountsOf(db, [plan], at)).get(plan.id) as ClassCount;
}

/** The client's active plan and its class count (classCountOf), read in one query: the client's pages' reads. */
export async function activePlanWithCountOf(
  db: Db,
  clientId: string,
  at: SchoolTime,
): Promise<{ plan: Plan; count: ClassCount } | undefined> {
  return (await activePlanCountsOf(db, [clientId], at)).get(clientId);
}

/** The plan a purchase starts: active from `now`, with the pack's classes. Answers its id. */
export const startPlan = (trx: Db, plan: repository.NewActivePlan) => repository.insertActivePlan(trx, plan);

/** A renewal: a new period from `startedAt` with `totalClasses` to book. */
export const startNewPeriod = (trx: Db, planId: number, totalClasses: number, startedAt: string) =>
  repository.startNewPeriod(trx, planId, totalClasses, startedAt);

/**
 * Ends an active plan; true when this call ended it (false: it had ended already). On PostgreSQL the UPDATE takes
 * the plan's lock, so a booking save holding it finishes first and one waiting for it then finds no active plan.
 */
export const endPlan = (trx: Db, planId: number, now: string) => repository.endActivePlan(trx, planId, now);

// The owner's overview and reports (issue 30, docs/decisions/035) read plans through these.
export type { PlanLeftRow } from "./repository.ts";
export const plansRunningOut = repository.plansRunningOut;
export const idleHouseholds = repository.idleHouseholds;
