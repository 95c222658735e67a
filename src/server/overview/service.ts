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
import type { Db } from "../db/database.ts";
import { salesByPeriod } from "../payments/service.ts";
import { idleHouseholds, plansRunningOut } from "../plans/service.ts";
import * as repository from "./repository.ts";

export interface OverviewDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "TZ_SCHOOL">;
}

/** Who asks: the owner sees the school, an instructor their own lessons (server-enforced, never a parameter). */
export type OverviewViewer = { role: "admin" } | { role: "instructor"; userId: string };

/**
 * How long one counting of the overview is served again. Its lists scan every active plan and past lesson (a
 * second or so at 100,000 households): counted at most once a minute per viewer and instance, while the pages where
 * each item is fixed read live (docs/decisions/035). `fresh` counts again at once (the page's Refresh).
 */
export const overviewTtlMs = 60_000;

export function createOverview(deps: OverviewDeps) {
  const counted = new Map<
    string,
    { at: number; today: string; answer: Promise<OverviewResponse>; counting: boolean }
  >();

  return async function overviewFor(viewer: OverviewViewer, options: { fresh: boolean }) {
    const now = deps.clock.now();
    const today = dayInZone(now, deps.config.TZ_SCHOOL);
    const key = viewer.role === "admin" ? "school" : `instructor ${viewer.userId}`;
    const kept = counted.get(key);
    if (kept && kept.today === today && now.getTime() - kept.at < overviewTtlMs) {
      // A Refresh while a count is running waits for that one, begun moments ago, instead of starting another
      // beside it: fifty presses make one count. A Refresh after it has finished counts again.
      if (!options.fresh || kept.counting) return kept.answer;
    }
    const answer = countOverview(deps, viewer, now);
    const entry = { at: now.getTime(), today, answer, counting: true };
    counted.set(key, entry);
    answer.then(
      () => {
        entry.counting = false;
      },
      // A failed count is not kept: the next request tries again.
      () => {
        if (counted.get(key) === entry) counted.delete(key);
      },
    );
    if (counted.size > 1000) counted.delete(counted.keys().next().value as string);
    return answer;
  };
}

export type OverviewFor = ReturnType<typeof createOverview>;

async function countOverview(
  deps: OverviewDeps,
  viewer: OverviewViewer,
  now: Date,
): Promise<OverviewResponse> {
  const { db } = deps;
  const timeZone = deps.config.TZ_SCHOOL;
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
