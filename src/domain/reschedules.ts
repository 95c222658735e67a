import { type Availability, availabilityRefusal } from "./instructor-availability.ts";
import {
  classMinutes,
  formatLessonTime,
  isStartTime,
  lessonStartsAt,
  startsOverlap,
  timeOf,
} from "./lesson-schedule.ts";
import { type CancellationPolicy, cancellationOutcome } from "./policy.ts";
import type { RescheduleSettings } from "./reschedules-schemas.ts";
import { addDays, dayInZone, formatDay, formatter } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * Moving a lesson to another time (issue 29, docs/decisions/033), in one place: the free times of the lesson's
 * instructor a family may choose from, whether the lesson may still be moved and why not (in the words the family
 * reads), and the cap of the lesson's own policy version, counted per plan (the package its class was bought in).
 *
 * Times count on the school's clock (TZ_SCHOOL) in real elapsed time, as the policy does: a free time starts at
 * least the policy's notice after now (a class moved into the notice window could no longer be cancelled free), and
 * a wall time the clocks skip on the day they spring forward is no time at all.
 */

/** How far ahead the free times go: four weeks from the school's today. */
export const rescheduleHorizonDays = 28;

/** With no weekly hours set (available any time, docs/decisions/024), the times offered are 06:00 to 20:30. */
const anyTimeFirst = 6 * 60;
const anyTimeLast = 20 * 60 + 30;

/** A date and start time on the school's clock. */
export interface LessonTime {
  /** YYYY-MM-DD */
  date: string;
  /** "HH:MM" */
  startTime: string;
}

export interface FreeTimesInput {
  /** The instructor's weekly hours and time off. */
  availability: Availability;
  /** The instructor's other standing lessons with a time (the lesson being moved left out). */
  busy: readonly LessonTime[];
  /** The household's other lessons' days: a household has at most one lesson a day. */
  householdDays: readonly string[];
  /** The lesson being moved. */
  lesson: { date: string; startTime: string | null };
  now: Date;
  timeZone: string;
  /** The notice of the lesson's policy version: a free time starts at least this many hours after `now`. */
  noticeHours: number;
  horizonDays?: number;
}

/** Whether the wall time `startTime` on `date` exists in `timeZone` (not skipped by the clocks springing forward). */
export function wallTimeExists(date: string, startTime: string, timeZone: string): boolean {
  const instant = lessonStartsAt(date, startTime, timeZone);
  const parts = formatter("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  return (
    `${part("year")}-${part("month")}-${part("day")}` === date &&
    `${part("hour")}:${part("minute")}` === startTime
  );
}

/** The starts a day offers: each span of its weekday stepped by a class (or 06:00–20:30 with no weekly hours). */
function startsOfDay(availability: Availability, date: string): string[] {
  if (availability.weeklyHours.length === 0) {
    const starts: string[] = [];
    for (let minutes = anyTimeFirst; minutes <= anyTimeLast; minutes += classMinutes)
      starts.push(timeOf(minutes));
    return starts;
  }
  const starts = new Set<string>();
  for (const span of availability.weeklyHours) {
    const [fromH, fromM] = span.from.split(":").map(Number);
    const [toH, toM] = span.to.split(":").map(Number);
    const from = (fromH ?? 0) * 60 + (fromM ?? 0);
    const to = (toH ?? 0) * 60 + (toM ?? 0);
    for (let minutes = from; minutes + classMinutes <= to; minutes += classMinutes) {
      const start = timeOf(minutes);
      // The domain's own availability rule decides: one rule for bookings and for this list.
      if (isStartTime(start) && availabilityRefusal(availability, { date, startTime: start }) === null) {
        starts.add(start);
      }
    }
  }
  return [...starts].sort();
}

/**
 * The instructor's free times for the lesson, earliest first: inside their weekly hours and outside their time off,
 * not overlapping another of their standing lessons, on a day the household has no other lesson, starting at least
 * the notice after `now` and within the horizon (the school's today plus `horizonDays`), never the lesson's own
 * time, and only wall times that exist on the school's clock.
 */
export function freeTimes(input: FreeTimesInput): LessonTime[] {
  const { availability, now, timeZone } = input;
  const horizon = input.horizonDays ?? rescheduleHorizonDays;
  const earliest = now.getTime() + input.noticeHours * 60 * 60 * 1000;
  const today = dayInZone(now, timeZone);
  const householdDays = new Set(input.householdDays.filter((day) => day !== input.lesson.date));
  const found: LessonTime[] = [];
  for (let offset = 0; offset <= horizon; offset += 1) {
    const date = addDays(today, offset);
    if (householdDays.has(date)) continue;
    if (availabilityRefusal(availability, { date, startTime: null }) !== null) continue;
    const busy = input.busy.filter((lesson) => lesson.date === date);
    for (const startTime of startsOfDay(availability, date)) {
      if (date === input.lesson.date && startTime === input.lesson.startTime) continue;
      if (!wallTimeExists(date, startTime, timeZone)) continue;
      if (lessonStartsAt(date, startTime, timeZone).getTime() < earliest) continue;
      if (busy.some((lesson) => startsOverlap(lesson.startTime, startTime))) continue;
      found.push({ date, startTime });
    }
  }
  return found;
}

/** Why a lesson cannot be moved now; null: it can. */
export type RescheduleRefusal =
  | { kind: "cancelled" }
  | { kind: "past" }
  | { kind: "no-instructor" }
  | { kind: "deadline-passed"; noticeHours: number }
  | { kind: "not-allowed" }
  | { kind: "cap-reached"; cap: number }
  | { kind: "pending" };

export interface RescheduleCheck {
  /** The policy of the lesson's own version. */
  policy: CancellationPolicy;
  lesson: { date: string; startTime: string | null; cancelled: boolean; hasInstructor: boolean };
  now: Date;
  timeZone: string;
  /** The plan's lessons moved already (accepted requests). */
  moved: number;
  /** The plan's requests waiting for the school (this lesson's included). */
  waiting: number;
  /** This lesson has a request waiting. */
  lessonWaiting: boolean;
}

/** The last moment a lesson may be asked to move: the free-cancellation deadline of its policy version. */
export function rescheduleDeadline(
  policy: CancellationPolicy,
  lesson: { date: string; startTime: string | null },
  timeZone: string,
  now: Date,
): Date {
  const outcome = cancellationOutcome(policy, {
    lessonDate: lesson.date,
    lessonStartTime: lesson.startTime,
    now,
    timeZone,
    reason: "family",
  });
  return outcome.deadline as Date;
}

/**
 * Whether a family may ask to move the lesson now. A lesson is moved only up to its free-cancellation deadline (the
 * policy's notice before its start, that moment included): after it, the class is as good as used or credited by
 * the policy, and a move would sidestep that rule. A package (the plan's current paid period: the purchase, then
 * each renewal) may move at most `reschedulesPerPackage` classes; a request waiting counts while it waits, so a
 * family cannot ask for more moves than the school could accept.
 */
export function rescheduleRefusal(check: RescheduleCheck): RescheduleRefusal | null {
  const { policy, lesson, now, timeZone } = check;
  if (lesson.cancelled) return { kind: "cancelled" };
  const starts = lessonStartsAt(lesson.date, lesson.startTime ?? "00:00", timeZone);
  if (now.getTime() >= starts.getTime()) return { kind: "past" };
  if (check.lessonWaiting) return { kind: "pending" };
  if (!lesson.hasInstructor) return { kind: "no-instructor" };
  if (policy.reschedulesPerPackage === 0) return { kind: "not-allowed" };
  if (now.getTime() > rescheduleDeadline(policy, lesson, timeZone, now).getTime()) {
    return { kind: "deadline-passed", noticeHours: policy.noticeHours };
  }
  if (check.moved + check.waiting >= policy.reschedulesPerPackage) {
    return { kind: "cap-reached", cap: policy.reschedulesPerPackage };
  }
  return null;
}

/** Whether the school may accept one more move of the plan: the cap counts accepted moves only. */
export const capAllowsAccepting = (policy: CancellationPolicy, moved: number) =>
  moved < policy.reschedulesPerPackage;

/** "Thursday, March 5, 2026, 10:00 AM – 10:30 AM" in the reader's language. */
export const formatLessonMoment = (time: { date: string; startTime: string | null }) =>
  `${formatDay(time.date, { dateStyle: "full" })}, ${formatLessonTime(time.startTime)}`;

export const rescheduleMessages = {
  refusal: (refusal: RescheduleRefusal): string => {
    switch (refusal.kind) {
      case "cancelled":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.cancelled",
            message: "This class was cancelled: it cannot be moved.",
          },
        );
      case "past":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.past",
            message: "This class has already started or taken place: it can no longer be moved.",
          },
        );
      case "no-instructor":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.noInstructor",
            message: "This class has no instructor yet: ask the school to move it.",
          },
        );
      case "deadline-passed":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.deadline",
            message:
              "A class can be moved up to {hours, plural, one {# hour} other {# hours}} before it starts, and that time has passed. You can still cancel it.",
            values: { hours: refusal.noticeHours },
          },
        );
      case "not-allowed":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.notAllowed",
            message: "The school's policy does not allow moving classes to another time.",
          },
        );
      case "cap-reached":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.cap",
            message:
              "{cap, plural, one {# class of this package can be moved, and it has been.} other {# classes of this package can be moved, and they have been (or are waiting for the school).}}",
            values: { cap: refusal.cap },
          },
        );
      case "pending":
        return translate(
          /*i18n*/ {
            id: "reschedule.refusal.pending",
            message: "A request to move this class is already waiting for the school.",
          },
        );
    }
  },
  /** What happens before the family confirms: moved at once, or sent to the school. */
  whatHappens: (automatic: boolean, number: number, cap: number) =>
    automatic
      ? translate(
          /*i18n*/ {
            id: "reschedule.whatHappens.automatic",
            message:
              "The class moves at once to the time you choose. This is reschedule {number} of {cap} for this package.",
            values: { number, cap },
          },
        )
      : translate(
          /*i18n*/ {
            id: "reschedule.whatHappens.request",
            message:
              "Your request goes to the school, and the class moves once they accept it. If accepted, this is reschedule {number} of {cap} for this package.",
            values: { number, cap },
          },
        ),
  get timeTaken() {
    return translate(
      /*i18n*/ {
        id: "reschedule.timeTaken",
        message: "That time is no longer free. Choose another one.",
      },
    );
  },
  get notFree() {
    return translate(
      /*i18n*/ {
        id: "reschedule.notFree",
        message: "That is not one of the instructor's free times for this class. Choose one from the list.",
      },
    );
  },
  get timeChoice() {
    return translate(
      /*i18n*/ {
        id: "reschedule.timeChoice",
        message: "Choose a day (YYYY-MM-DD) and a start time (HH:MM).",
      },
    );
  },
  get timePassed() {
    return translate(
      /*i18n*/ {
        id: "reschedule.timePassed",
        message: "The time asked for has passed: decline the request.",
      },
    );
  },
  get requestNotFound() {
    return translate(
      /*i18n*/ { id: "reschedule.requestNotFound", message: "This request to move a class does not exist." },
    );
  },
  get alreadyDecided() {
    return translate(
      /*i18n*/ {
        id: "reschedule.alreadyDecided",
        message: "This request has already been answered or withdrawn.",
      },
    );
  },
  get noneWaiting() {
    return translate(
      /*i18n*/ { id: "reschedule.noneWaiting", message: "No request to move this class is waiting." },
    );
  },
  get capReachedOnAccept() {
    return translate(
      /*i18n*/ {
        id: "reschedule.capReachedOnAccept",
        message: "This package has no moves left under its policy: decline the request.",
      },
    );
  },
  get requested() {
    return translate(
      /*i18n*/ {
        id: "reschedule.requested",
        message: "Your request was sent to the school. The class moves once they accept it.",
      },
    );
  },
  moved: (to: LessonTime) =>
    translate(
      /*i18n*/ {
        id: "reschedule.moved",
        message: "The class was moved to {when}.",
        values: { when: formatLessonMoment(to) },
      },
    ),
  get withdrawn() {
    return translate(/*i18n*/ { id: "reschedule.withdrawn", message: "Your request was withdrawn." });
  },
  get declined() {
    return translate(/*i18n*/ { id: "reschedule.declined", message: "The request was declined." });
  },
  get settingSaved() {
    return translate(/*i18n*/ { id: "reschedule.settingSaved", message: "Reschedule setting saved." });
  },
  get settingChoice() {
    return translate(
      /*i18n*/ {
        id: "reschedule.settingChoice",
        message: "Say whether a chosen free time moves the class at once: on or off.",
      },
    );
  },
};

export const rescheduleStatuses = ["pending", "accepted", "declined", "withdrawn"] as const;
export type RescheduleStatus = (typeof rescheduleStatuses)[number];

/** A request to move a lesson, as the family and the school read it. */
export interface RescheduleRequest {
  id: number;
  lessonId: number;
  from: { date: string; startTime: string | null };
  to: LessonTime;
  status: RescheduleStatus;
  requestedBy: string | null;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** A lesson's latest move: from when, by whom (who applied it) and when. */
export interface LessonMove {
  at: string;
  by: string | null;
  fromDate: string;
  fromStartTime: string | null;
}

/**
 * A lesson's latest move as every reader sees it (the family's Booking Details, /today, Manage Bookings): "Moved
 * from Monday, March 2, 10:00 – 10:30 by Ivy Teach on Feb 27, 2026".
 */
export function lessonMoveWords(moved: LessonMove): string {
  const from = `${formatDay(moved.fromDate, { weekday: "long", month: "long", day: "numeric" })}, ${formatLessonTime(moved.fromStartTime)}`;
  const on = formatDay(moved.at.slice(0, 10), { dateStyle: "medium" });
  return moved.by
    ? translate(
        /*i18n*/ {
          id: "reschedule.movedFrom.by",
          message: "Moved from {from} by {by} on {on}",
          values: { from, by: moved.by, on },
        },
      )
    : translate(
        /*i18n*/ { id: "reschedule.movedFrom", message: "Moved from {from} on {on}", values: { from, on } },
      );
}

/** GET /api/clients/:clientId/lessons/:lessonId/reschedule */
export interface RescheduleOptionsResponse {
  lessonId: number;
  /** Null when the lesson can be moved now; else the sentence the family reads. */
  refusal: string | null;
  /** The school moves a class at once when a free time is chosen. */
  automatic: boolean;
  /** The plan's classes moved, and the cap of the lesson's policy version. */
  moved: number;
  cap: number;
  freeTimes: LessonTime[];
  /** The request waiting for this lesson, if any. */
  pending: RescheduleRequest | null;
  /** What confirming does, said before (empty when refused). */
  words: string;
}

/** POST …/reschedule: the request, and whether it was applied at once. */
export interface AskRescheduleResponse {
  request: RescheduleRequest;
  applied: boolean;
  message: string;
}

/** GET /api/clients/:clientId/reschedules: the household's requests waiting. */
export interface HouseholdReschedulesResponse {
  requests: RescheduleRequest[];
}

/** GET /api/reschedules: the requests waiting (an instructor's: their own lessons'). */
export interface PendingReschedule extends RescheduleRequest {
  householdName: string;
  swimmers: string[];
  instructor: string | null;
  /** This plan's moves so far and its cap. */
  moved: number;
  cap: number;
}
export interface PendingReschedulesResponse {
  requests: PendingReschedule[];
}

/** POST /api/reschedules/:id/accept | decline */
export interface DecideRescheduleResponse {
  request: RescheduleRequest;
  message: string;
}

export interface RescheduleSettingsResponse {
  settings: RescheduleSettings;
  message?: string;
}
