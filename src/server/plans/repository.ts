import { type RawBuilder, sql } from "kysely";
import type { CountedLesson } from "../../domain/cancellation.ts";
import type { PackType } from "../../domain/packs.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { isPostgres, schoolDayOf } from "../db/portable.ts";

/** A client's plan: the classes bought and the period they count in. */
export interface Plan {
  id: number;
  clientId: string;
  isActive: boolean;
  totalClasses: number;
  packType: PackType;
  subscriptionId: string | null;
  /** The current paid period's start; null for plans from before payments existed (they count from createdAt). */
  periodStartedAt: string | null;
  createdAt: string;
}

const planColumns = [
  "id",
  "clientId",
  "isActive",
  "totalClasses",
  "packType",
  "subscriptionId",
  "periodStartedAt",
  "createdAt",
] as const;

type PlanSelection = Omit<Plan, "isActive" | "packType"> & { isActive: number; packType: string };
const toPlan = (row: PlanSelection): Plan => ({
  ...row,
  isActive: row.isActive === 1,
  packType: row.packType as PackType,
});

const selectPlans = (db: Db) => db.selectFrom("subscriptionPlan").select(planColumns);

/**
 * The plan rows, locked until the transaction ends on PostgreSQL (`SELECT … FOR UPDATE`): every write to a
 * plan's bookings takes this lock before it counts, so two saves for one plan run one after the other and the
 * second counts what the first wrote. Ending the plan (an UPDATE of the same row) waits for it too. SQLite needs
 * no lock: Kysely's SQLite driver has one connection, held by a transaction from BEGIN to COMMIT, so
 * transactions never overlap (docs/decisions/010).
 */
function selectLocked(trx: Db) {
  const query = selectPlans(trx);
  return isPostgres(trx) ? query.forUpdate() : query;
}

/** The client's active plan (at most one: subscriptionPlan_one_active_idx). */
export async function findActivePlan(db: Db, clientId: string): Promise<Plan | undefined> {
  const row = await selectPlans(db)
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return row && toPlan(row);
}

/** Every plan of the household, active and ended, oldest first (its data export). */
export async function findPlansOf(db: Db, clientId: string) {
  return db
    .selectFrom("subscriptionPlan")
    .select([...planColumns, "usedClasses", "provider", "endedAt"])
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** The active plans of these clients (subscriptionPlan_clientId_isActive_idx). */
export async function findActivePlans(db: Db, clientIds: readonly string[]): Promise<Plan[]> {
  if (clientIds.length === 0) return [];
  const rows = await selectPlans(db).where("clientId", "in", clientIds).where("isActive", "=", 1).execute();
  return rows.map(toPlan);
}

export async function findActivePlanBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<Plan | undefined> {
  const row = await selectPlans(db)
    .where("subscriptionId", "=", subscriptionId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return row && toPlan(row);
}

/** The client's active plan, locked (see selectLocked). */
export async function lockActivePlan(trx: Db, clientId: string): Promise<Plan | undefined> {
  const row = await selectLocked(trx)
    .where("clientId", "=", clientId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return row && toPlan(row);
}

/** The client's active plan, or else their latest one (locked, see selectLocked); undefined: never had a plan. */
export async function findLatestPlan(db: Db, clientId: string, lock: boolean): Promise<Plan | undefined> {
  const row = await (lock ? selectLocked(db) : selectPlans(db))
    .where("clientId", "=", clientId)
    .orderBy("isActive", "desc")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && toPlan(row);
}

/** A plan by id, active or not, locked (see selectLocked). */
export async function lockPlan(trx: Db, planId: number): Promise<Plan | undefined> {
  const row = await selectLocked(trx).where("id", "=", planId).executeTakeFirst();
  return row && toPlan(row);
}

export async function findPlans(db: Db, planIds: readonly number[]): Promise<Plan[]> {
  if (planIds.length === 0) return [];
  return (await selectPlans(db).where("id", "in", planIds).execute()).map(toPlan);
}

/** A plan a purchase starts. */
export interface NewActivePlan {
  clientId: string;
  totalClasses: number;
  packType: PackType;
  subscriptionId: string;
  provider: string;
  now: string;
}

/** Answers the new plan's id. */
export async function insertActivePlan(trx: Db, plan: NewActivePlan): Promise<number> {
  const row = await trx
    .insertInto("subscriptionPlan")
    .values({
      clientId: plan.clientId,
      isActive: 1,
      totalClasses: plan.totalClasses,
      // Not read: used classes are derived from booked dates (docs/decisions/005).
      usedClasses: 0,
      packType: plan.packType,
      subscriptionId: plan.subscriptionId,
      provider: plan.provider,
      periodStartedAt: plan.now,
      endedAt: null,
      createdAt: plan.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new paid period: the plan's classes start again from the pack's count. */
export async function startNewPeriod(trx: Db, planId: number, totalClasses: number, startedAt: string) {
  await trx
    .updateTable("subscriptionPlan")
    .set({ totalClasses, periodStartedAt: startedAt })
    .where("id", "=", planId)
    .execute();
}

/**
 * True when this call ended it (false: it was no longer active). The UPDATE locks the plan row on PostgreSQL, so a
 * booking save holding that lock finishes first, and one waiting for it then finds no active plan.
 */
export async function endActivePlan(trx: Db, planId: number, now: string): Promise<boolean> {
  const result = await trx
    .updateTable("subscriptionPlan")
    .set({ isActive: 0, endedAt: now })
    .where("id", "=", planId)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Each plan's current-period lessons, in one query: its lesson rows on or after `fromDay`, cancelled ones
 * included; domain/cancellation.ts `planAccount` counts them. Each plan's condition uses lesson_planId_date_idx.
 */
export async function periodLessons(
  db: Db,
  periods: readonly { planId: number; fromDay: string }[],
): Promise<Map<number, CountedLesson[]>> {
  if (periods.length === 0) return new Map();
  const rows = await db
    .selectFrom("lesson")
    .select(["planId", "date", "cancellationOutcome", "paidByCreditId"])
    .where((eb) =>
      eb.or(periods.map((p) => eb.and([eb("planId", "=", p.planId), eb("date", ">=", p.fromDay)]))),
    )
    .execute();
  const byPlan = new Map<number, CountedLesson[]>();
  for (const row of rows) {
    const lessons = byPlan.get(row.planId) ?? [];
    lessons.push({
      date: row.date,
      cancellationOutcome: row.cancellationOutcome,
      paidByCreditId: row.paidByCreditId,
    });
    byPlan.set(row.planId, lessons);
  }
  return byPlan;
}

/**
 * The active plans of these clients, each with its lesson rows from its current period's first school day on (as
 * periodLessons reads them for one period): one statement for a page of households (the admin's clients list).
 */
export async function activePlansWithPeriodLessons(
  db: Db,
  clientIds: readonly string[],
  timeZone: string,
): Promise<{ plan: Plan; lessons: CountedLesson[] }[]> {
  if (clientIds.length === 0) return [];
  const rows = await activePlansWithPeriodLessonsRead(db, { clientIds, timeZone });
  const plans = new Map<number, { plan: Plan; lessons: CountedLesson[] }>();
  for (const { lessonId, date, cancellationOutcome, paidByCreditId, ...planRow } of rows) {
    let entry = plans.get(planRow.id);
    if (!entry) {
      entry = { plan: toPlan(planRow), lessons: [] };
      plans.set(planRow.id, entry);
    }
    if (lessonId !== null && date !== null) entry.lessons.push({ date, cancellationOutcome, paidByCreditId });
  }
  return [...plans.values()];
}

/** activePlansWithPeriodLessons' statement, compiled once per number of households (db/compiled-once.ts). */
const activePlansWithPeriodLessonsRead = compiledOnce(
  (db, value: CallValue<{ clientIds: readonly string[]; timeZone: string }>) => {
    const periodStart = schoolDayOf(
      db,
      sql`coalesce(${sql.ref("p.periodStartedAt")}, ${sql.ref("p.createdAt")})`,
      value("timeZone"),
    );
    return db
      .selectFrom("subscriptionPlan as p")
      .leftJoin("lesson", (join) =>
        join
          .onRef("lesson.planId", "=", "p.id")
          .on(sql<boolean>`${sql.ref("lesson.date")} >= ${periodStart}`),
      )
      .select([
        "p.id",
        "p.clientId",
        "p.isActive",
        "p.totalClasses",
        "p.packType",
        "p.subscriptionId",
        "p.periodStartedAt",
        "p.createdAt",
        "lesson.id as lessonId",
        "lesson.date",
        "lesson.cancellationOutcome",
        "lesson.paidByCreditId",
      ])
      .where("p.clientId", "in", value("clientIds"))
      .where("p.isActive", "=", 1);
  },
);

// Read by the owner's overview and reports (issue 30, docs/decisions/035): counted here, where plans are owned.

/**
 * Each active plan's classes left to book, in SQL: the classes bought less its lesson rows from its period's first
 * school day on (cancelled ones included), as domain/cancellation.ts planAccount counts them.
 */
function activePlansWithLeft(db: Db, timeZone: string) {
  const periodStart = schoolDayOf(
    db,
    sql`coalesce(${sql.ref("p.periodStartedAt")}, ${sql.ref("p.createdAt")})`,
    timeZone,
  );
  return db
    .selectFrom("subscriptionPlan as p")
    .select((eb) => [
      "p.clientId",
      "p.packType",
      "p.totalClasses",
      eb
        .selectFrom("lesson")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("lesson.planId", "=", "p.id")
        .where(sql<boolean>`${sql.ref("lesson.date")} >= ${periodStart}`)
        .as("booked"),
    ])
    .where("p.isActive", "=", 1);
}

export interface PlanLeftRow {
  clientId: string;
  householdName: string;
  packType: string;
  left: number;
}

/**
 * The plans `where` keeps, out of every active plan with its classes left (`plans.left`): how many, and the first
 * `limit` in `order`, with their households' names. One query: the count is a window over the kept plans, so every
 * active plan's lessons are counted once, not once for the total and again for the page.
 */
async function plansWhere(
  db: Db,
  timeZone: string,
  filter: (left: RawBuilder<number>, clientId: RawBuilder<string>) => RawBuilder<boolean>,
  order: "fewest-left" | "most-left",
  limit: number,
): Promise<{ total: number; items: PlanLeftRow[] }> {
  const left = sql<number>`(${sql.ref("plans.totalClasses")} - ${sql.ref("plans.booked")})`;
  const kept = filter(left, sql<string>`${sql.ref("plans.clientId")}`);
  const rows = await db
    .selectFrom(activePlansWithLeft(db, timeZone).as("plans"))
    .where(kept)
    .innerJoin("client", "client.id", "plans.clientId")
    .select((eb) => [
      "plans.clientId",
      "plans.packType",
      "client.firstName",
      "client.lastName",
      left.as("left"),
      eb.fn.countAll<number>().over().as("total"),
    ])
    .orderBy(left, order === "fewest-left" ? "asc" : "desc")
    .orderBy("client.lastName")
    .orderBy("client.firstName")
    .orderBy("plans.clientId")
    .limit(limit)
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      clientId: row.clientId,
      householdName: `${row.firstName} ${row.lastName}`.trim(),
      packType: row.packType,
      left: Math.max(0, Number(row.left)),
    })),
  };
}

/** Active plans with `atMost` classes left or fewer: the total, and the first `limit` (fewest left, then by name). */
export function plansRunningOut(
  db: Db,
  options: { atMost: number; timeZone: string; limit: number },
): Promise<{ total: number; items: PlanLeftRow[] }> {
  return plansWhere(
    db,
    options.timeZone,
    (left) => sql<boolean>`${left} <= ${options.atMost}`,
    "fewest-left",
    options.limit,
  );
}

/**
 * Households whose active plan has classes left and that have no lesson standing (not cancelled) from `from` to
 * `until`, both included: the total, and the first `limit` (most classes left first, then by name).
 */
export function idleHouseholds(
  db: Db,
  options: { from: string; until: string; timeZone: string; limit: number },
): Promise<{ total: number; items: PlanLeftRow[] }> {
  return plansWhere(
    db,
    options.timeZone,
    (left, clientId) =>
      sql<boolean>`${left} > 0 and not exists (select 1 from ${sql.table("lesson")} as ${sql.ref("upcoming")}
        where ${sql.ref("upcoming.clientId")} = ${clientId} and ${sql.ref("upcoming.date")} >= ${options.from}
        and ${sql.ref("upcoming.date")} <= ${options.until} and ${sql.ref("upcoming.cancelledAt")} is null)`,
    "most-left",
    options.limit,
  );
}
