import { classMinutes, formatStartTime, minutesOf, startTimeStepMinutes } from "./lesson-schedule.ts";
import { formatDay } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * An instructor's weekly hours and time off (issue 27, docs/decisions/024), in one place for the server (which
 * refuses a lesson outside them, under the instructor's lock) and the pages (which edit them).
 *
 * Weekly hours are spans of a weekday ("Tuesday 9:00 AM – 1:00 PM"), several a day allowed. An instructor with no
 * weekly hours at all is available any time: schools and owners who never set hours keep booking as before. A
 * lesson is inside availability when its 30-minute class fits inside one span of its weekday and its date is not in
 * a time off; a lesson with no time yet ("time to be set") is checked against time off only.
 */

/** ISO weekdays: 1 is Monday, 7 is Sunday (the order the pages list them in). */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof weekdays)[number];

/** One span of a weekday's hours: `from` and `to` are "HH:MM" (`to` may be "24:00", midnight). */
export interface WeeklySpan {
  weekday: Weekday;
  from: string;
  to: string;
}

/** A time off: every day from `firstDay` to `lastDay` (YYYY-MM-DD, both included). */
export interface TimeOff {
  id: number;
  firstDay: string;
  lastDay: string;
  reason: string;
}

export interface Availability {
  weeklyHours: readonly WeeklySpan[];
  timeOff: readonly TimeOff[];
}

/** GET /api/instructors/:instructorId/availability */
export interface AvailabilityResponse {
  instructor: { id: string; name: string };
  weeklyHours: WeeklySpan[];
  /** The time off not over yet, earliest first. */
  timeOff: TimeOff[];
}

/** The weekday of a YYYY-MM-DD day. */
export function weekdayOf(day: string): Weekday {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as Weekday;
}

/** "HH:MM" on the 5-minute grid, or "24:00" (the end of a day). */
export function isSpanTime(value: string): boolean {
  if (value === "24:00") return true;
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value) && minutesOf(value) % startTimeStepMinutes === 0;
}

/** Why a lesson is outside the instructor's availability, or null when it is inside. */
export type AvailabilityRefusal =
  | { kind: "time-off"; timeOff: TimeOff }
  | { kind: "hours"; weekday: Weekday; startTime: string; spans: WeeklySpan[] };

export function availabilityRefusal(
  availability: Availability,
  lesson: { date: string; startTime: string | null },
): AvailabilityRefusal | null {
  const off = availability.timeOff.find(
    (each) => each.firstDay <= lesson.date && lesson.date <= each.lastDay,
  );
  if (off) return { kind: "time-off", timeOff: off };
  if (lesson.startTime === null || availability.weeklyHours.length === 0) return null;
  const weekday = weekdayOf(lesson.date);
  const spans = spansOf(availability.weeklyHours, weekday);
  const start = minutesOf(lesson.startTime);
  const fits = spans.some(
    (span) => minutesOf(span.from) <= start && start + classMinutes <= minutesOf(span.to),
  );
  return fits ? null : { kind: "hours", weekday, startTime: lesson.startTime, spans };
}

/** A weekday's spans, earliest first. */
export const spansOf = (hours: readonly WeeklySpan[], weekday: Weekday): WeeklySpan[] =>
  hours.filter((span) => span.weekday === weekday).sort((a, b) => minutesOf(a.from) - minutesOf(b.from));

/** "9:00 AM – 1:00 PM", in the reader's language ("24:00" reads as midnight). */
export const formatSpan = (span: { from: string; to: string }) =>
  `${formatStartTime(span.from)} – ${formatStartTime(span.to === "24:00" ? "00:00" : span.to)}`;

export const availabilityMessages = {
  /** "Monday", in the reader's language. */
  weekday: (weekday: Weekday) =>
    translate(
      /*i18n*/ {
        id: "availability.weekday",
        message:
          "{weekday, select, 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} 6 {Saturday} other {Sunday}}",
        values: { weekday: String(weekday) },
      },
    ),
  /** The refusal of a lesson outside availability, naming the instructor and why. */
  refusal: (instructor: string, refusal: AvailabilityRefusal) => {
    if (refusal.kind === "time-off") {
      const { firstDay, lastDay, reason } = refusal.timeOff;
      const values = {
        instructor,
        first: formatDay(firstDay),
        last: formatDay(lastDay),
        reason,
      };
      if (firstDay === lastDay) {
        return reason
          ? translate(
              /*i18n*/ {
                id: "availability.offOneDayBecause",
                message: "{instructor} is off on {first} ({reason}).",
                values,
              },
            )
          : translate(
              /*i18n*/ { id: "availability.offOneDay", message: "{instructor} is off on {first}.", values },
            );
      }
      return reason
        ? translate(
            /*i18n*/ {
              id: "availability.offBecause",
              message: "{instructor} is off from {first} to {last} ({reason}).",
              values,
            },
          )
        : translate(
            /*i18n*/ {
              id: "availability.off",
              message: "{instructor} is off from {first} to {last}.",
              values,
            },
          );
    }
    const values = {
      instructor,
      weekday: String(refusal.weekday),
      time: formatStartTime(refusal.startTime),
      hours: refusal.spans.map(formatSpan).join(", "),
    };
    if (refusal.spans.length === 0) {
      return translate(
        /*i18n*/ {
          id: "availability.noHoursThatDay",
          message:
            "{instructor} does not teach on {weekday, select, 1 {Mondays} 2 {Tuesdays} 3 {Wednesdays} 4 {Thursdays} 5 {Fridays} 6 {Saturdays} other {Sundays}}.",
          values,
        },
      );
    }
    return translate(
      /*i18n*/ {
        id: "availability.outsideHours",
        message:
          "{instructor} does not teach on {weekday, select, 1 {Mondays} 2 {Tuesdays} 3 {Wednesdays} 4 {Thursdays} 5 {Fridays} 6 {Saturdays} other {Sundays}} at {time} ({weekday, select, 1 {Monday} 2 {Tuesday} 3 {Wednesday} 4 {Thursday} 5 {Friday} 6 {Saturday} other {Sunday}} hours: {hours}).",
        values,
      },
    );
  },
  get spanTimeFormat() {
    return translate(
      /*i18n*/ {
        id: "availability.spanTimeFormat",
        message: "Hours must be HH:MM on a 5-minute step, each span ending after it starts.",
      },
    );
  },
  get spansOverlap() {
    return translate(
      /*i18n*/ {
        id: "availability.spansOverlap",
        message: "The spans of one weekday must not overlap.",
      },
    );
  },
  get timeOffDays() {
    return translate(
      /*i18n*/ {
        id: "availability.timeOffDays",
        message: "A time off needs a first and a last day (YYYY-MM-DD), the last not before the first.",
      },
    );
  },
  get reasonTooLong() {
    return translate(
      /*i18n*/ { id: "availability.reasonTooLong", message: "The reason must be at most 200 characters." },
    );
  },
  get notYourAvailability() {
    return translate(
      /*i18n*/ {
        id: "availability.notYours",
        message: "An instructor may see and change only their own hours and time off.",
      },
    );
  },
  get timeOffNotFound() {
    return translate(
      /*i18n*/ { id: "availability.timeOffNotFound", message: "That time off was not found." },
    );
  },
  get hoursSaved() {
    return translate(/*i18n*/ { id: "availability.hoursSaved", message: "Weekly hours saved." });
  },
  get timeOffAdded() {
    return translate(/*i18n*/ { id: "availability.timeOffAdded", message: "Time off added." });
  },
  get timeOffRemoved() {
    return translate(/*i18n*/ { id: "availability.timeOffRemoved", message: "Time off removed." });
  },
  get staffRenamed() {
    return translate(/*i18n*/ { id: "availability.staffRenamed", message: "Name saved." });
  },
  get nameRequired() {
    return translate(
      /*i18n*/ { id: "availability.nameRequired", message: "A name of 1 to 100 characters is needed." },
    );
  },
};
