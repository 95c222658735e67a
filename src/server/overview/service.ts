import { schoolCurrency } from "../../domain/pack-catalogue.ts";
import {
  actionListLength,
  creditExpiryHorizonDays,
  feedbackLookbackDays,
  idleHorizonDays,
  lessonsShownPerInstructor,
  mondayOf,
  monthBoundaries,
  type OverviewInstructorDay,
  type OverviewResponse,
  runningOutAtMost,
} from "../../domain/reports.ts";
import { addDays, dayInZone } from "../../domain/school-day.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { type Counter, countTask } from "../db/counting.ts";
import type { Db } from "../db/database.ts";
import { keptCounts } from "../db/kept-counts.ts";
import type { Log } from "../http/log.ts";
import { salesByPeriod } from "../payments/service.ts";
import { idleHouseholds, plansRunningOut } from "../plans/service.ts";
import * as repository from "./repository.ts";

export interface OverviewDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "TZ_SCHOOL">;
  /** Where the counting runs: off the thread that serves requests on a SQLite file (docs/decisions/042). */
  counter: Counter;
  log: Log;
}

/** Who asks: the owner sees the school, an instructor their own lessons (server-enforced, never a parameter). */
export type OverviewViewer = { role: "admin" } | { role: "instructor"; userId: string };

/**
 * How long one counting of the overview is served as it is. Its lists scan every active plan and past lesson (a
 * second or so at 100,000 households): counted at most once a minute per viewer and instance, while the pages where
 * each item is fixed read live (docs/decisions/035). After the minute the last counting is still served, its
 * `countedAt` saying when, while the next one runs (db/kept-counts.ts, docs/decisions/042). `fresh` waits for a new
 * counting (the page's Refresh).
 */
export const overviewTtlMs = 60_000;

export function createOverview(deps: OverviewDeps) {
  const kept = keptCounts<OverviewResponse>({
    what: "overview",
    freshForMs: overviewTtlMs,
    maxKeys: 1000,
    log: deps.log,
  });
  return function overviewFor(
    viewer: OverviewViewer,
    options: { fresh: boolean },
  ): Promise<OverviewResponse> {
    const now = deps.clock.now();
    const timeZone = deps.config.TZ_SCHOOL;
    // A new day is a new overview: yesterday's lessons are never served as today's.
    const key = `${viewer.role === "admin" ? "school" : `instructor ${viewer.userId}`} ${dayInZone(now, timeZone)}`;
    const count = () => deps.counter.count(overviewCount, { viewer, now: now.toISOString(), timeZone });
    return kept(key, now, count, options);
  };
}

export type OverviewFor = ReturnType<typeof createOverview>;

/** One counting of the overview, as `viewer` sees it at `now` (run by db/counting.ts, in a worker or here). */
export const overviewCount = countTask(
  import.meta.url,
  "overviewCount",
  (db: Db, input: { viewer: OverviewViewer; now: string; timeZone: string }) => countOverview(db, input),
);

async function countOverview(
  db: Db,
  input: { viewer: OverviewViewer; now: string; timeZone: string },
): Promise<OverviewResponse> {
  const { viewer, timeZone } = input;
  const now = new Date(input.now);
  const today = dayInZone(now, timeZone);
  const instructorId = viewer.role === "instructor" ? viewer.userId : null;
  const weekFrom = mondayOf(today);
  const monthFrom = `${today.slice(0, 7)}-01`;

  const lessons = await repository.lessonsOn(db, today, instructorId);
  const byInstructor: OverviewInstructorDay[] = [];
  for (const { instructorId: id, instructorName, ...lesson } of lessons) {
    let day = byInstructor[byInstructor.length - 1];
    if (!day || day.instructorId !== id) {
      day = { instructorId: id, instructorName, total: 0, unrecorded: 0, lessons: [] };
      byInstructor.push(day);
    }
    day.total += 1;
    if (lesson.unrecorded > 0) day.unrecorded += 1;
    if (day.lessons.length < lessonsShownPerInstructor) day.lessons.push(lesson);
  }
  const taught = {
    week: await repository.classesTaught(db, { from: weekFrom, today }, instructorId),
    month: await repository.classesTaught(db, { from: monthFrom, today }, instructorId),
    weekFrom,
    monthFrom,
  };
  const feedbackMissing = await repository.lessonsMissingFeedback(db, {
    from: addDays(today, -feedbackLookbackDays),
    today,
    instructorId,
    limit: actionListLength,
  });
  const base = {
    today,
    lessonsToday: byInstructor,
    taught,
    feedbackMissing,
    countedAt: now.toISOString(),
  };
  if (viewer.role === "instructor") {
    return {
      ...base,
      scope: "instructor",
      sales: null,
      runningOut: null,
      idleHouseholds: null,
      creditsExpiring: null,
      failedMail: null,
    };
  }
  const month = today.slice(0, 7);
  const [sold] = await salesByPeriod(db, monthBoundaries([month], timeZone));
  return {
    ...base,
    scope: "school",
    sales: { month, packages: sold?.packages ?? 0, revenue: sold?.revenue ?? 0, currency: schoolCurrency },
    runningOut: await plansRunningOut(db, { atMost: runningOutAtMost, timeZone, limit: actionListLength }),
    idleHouseholds: await idleHouseholds(db, {
      from: today,
      until: addDays(today, idleHorizonDays - 1),
      timeZone,
      limit: actionListLength,
    }),
    creditsExpiring: await repository.creditsExpiring(db, {
      from: today,
      until: addDays(today, creditExpiryHorizonDays),
      limit: actionListLength,
    }),
    failedMail: await repository.failedMail(db, actionListLength),
  };
}
