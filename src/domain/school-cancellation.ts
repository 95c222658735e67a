import type { AppliedCancellation, LessonCancellationReason } from "./cancellation.ts";
import { formatLessonTime } from "./lesson-schedule.ts";
import { localeTags } from "./locale.ts";
import { formatDay, formatter } from "./school-day.ts";
import { readerLocale, translate } from "./translate.ts";

/**
 * The school cancels lessons (issue 29, docs/decisions/034): one lesson (the owner any, an instructor their own),
 * or every standing lesson of a date or of a time range on it, a weather day. Each cancellation gives a credit under
 * the lesson's own policy version (domain/policy.ts `cancellationOutcome`: the school's cancellations always do).
 */

/** Why the school cancels one lesson: its own reason, or the weather. */
export const schoolCancellationReasons = ["school", "weather"] as const;
export type SchoolCancellationReason = (typeof schoolCancellationReasons)[number];

/** The most characters of the message families read. */
export const schoolNoteMax = 500;

/** "HH:MM", 00:00–23:59: a weather day's range, lessons starting from `from` up to before `to`. */
export const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Whether a lesson belongs to a weather day's range: with no range, every lesson of the date (a lesson whose time is
 * not set too); with one, the lessons starting at `from` or later and before `to` (one without a time is in none).
 */
export function inWeatherRange(
  startTime: string | null,
  range: { from: string | null; to: string | null },
): boolean {
  if (range.from === null || range.to === null) return true;
  if (startTime === null) return false;
  return startTime >= range.from && startTime < range.to;
}

/** What a weather day does with a lesson of its date and range. */
export type WeatherDayStatus = "to-cancel" | "cancelled" | "past";

/** Who cancelled a lesson and when, as /today and Manage Bookings show it. */
export interface CancellationShown {
  /** When it was cancelled (ISO). */
  at: string;
  reason: LessonCancellationReason;
  outcome: AppliedCancellation;
  /** The name of who cancelled it; null when their account is gone. */
  byName: string | null;
}

export const schoolCancellationMessages = {
  get reasonChoice() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.reasonChoice",
        message: "Choose why the school cancels: its own reason or the weather.",
      },
    );
  },
  get noteRequired() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.noteRequired",
        message: "Write the message the families will read.",
      },
    );
  },
  noteTooLong: (max: number) =>
    translate(
      /*i18n*/ {
        id: "schoolCancellation.noteTooLong",
        message: "The message can be at most {max} characters.",
        values: { max },
      },
    ),
  get timeFormat() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.timeFormat",
        message: "Give the times as HH:MM, for example 14:00.",
      },
    );
  },
  get rangeOrder() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.rangeOrder",
        message: "Give both times, the first before the second, or neither for the whole day.",
      },
    );
  },
  get lessonIds() {
    return translate(
      /*i18n*/ { id: "schoolCancellation.lessonIds", message: "Say which classes were shown to you." },
    );
  },
  get onlyOwnLessons() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.onlyOwnLessons",
        message: "An instructor cancels only their own classes.",
      },
    );
  },
  get changed() {
    return translate(
      /*i18n*/ {
        id: "schoolCancellation.changed",
        message:
          "Classes were booked on this day while you were deciding. Read the list again, then confirm.",
      },
    );
  },
  creditWords: (expiresOn: string, policyVersion: number) =>
    translate(
      /*i18n*/ {
        id: "schoolCancellation.creditWords",
        message:
          "The family gets a credit for this class, valid until {day}, under the policy it was booked under (version {version}).",
        values: { day: formatDay(expiresOn), version: policyVersion },
      },
    ),
  weatherDayWords: (lessons: number, households: number) =>
    translate(
      /*i18n*/ {
        id: "schoolCancellation.weatherDayWords",
        message:
          "{lessons, plural, =0 {No class to cancel.} one {# class} other {# classes}}{lessons, plural, =0 {} other { of {households, plural, one {# family} other {# families}} will be cancelled, each family mailed at once with its credit.}}",
        values: { lessons, households },
      },
    ),
  weatherDayDone: (cancelled: number, skipped: number) =>
    translate(
      /*i18n*/ {
        id: "schoolCancellation.weatherDayDone",
        message:
          "{cancelled, plural, =0 {No class was cancelled.} one {# class cancelled and credited.} other {# classes cancelled and credited.}}{skipped, plural, =0 {} one { # class skipped: already cancelled or started.} other { # classes skipped: already cancelled or started.}}",
        values: { cancelled, skipped },
      },
    ),
  get cancelled() {
    return translate(
      /*i18n*/ { id: "schoolCancellation.cancelled", message: "The class is cancelled and the family told." },
    );
  },
};

/** "Cancelled by the family", "…by the school", "…for the weather": the who of a cancelled lesson. */
export function cancelledByWords(reason: LessonCancellationReason): string {
  switch (reason) {
    case "family":
    case "family-weather":
      return translate(/*i18n*/ { id: "schoolCancellation.byFamily", message: "Cancelled by the family" });
    case "school":
      return translate(/*i18n*/ { id: "schoolCancellation.bySchool", message: "Cancelled by the school" });
    case "weather":
      return translate(/*i18n*/ { id: "schoolCancellation.byWeather", message: "Cancelled for the weather" });
  }
}

/**
 * "Cancelled for the weather · Ana Owner, Mar 2, 2026, 11:05": why, by whom, when. The moment reads in the device's
 * time zone: the staff who read it are the school's.
 */
export function cancellationShownWords(cancellation: CancellationShown): string {
  return translate(
    /*i18n*/ {
      id: "schoolCancellation.shown",
      message: "{who} · {name}, {day}",
      values: {
        who: cancelledByWords(cancellation.reason),
        name:
          cancellation.byName ??
          translate(/*i18n*/ { id: "schoolCancellation.someone", message: "a former account" }),
        day: formatter(localeTags[readerLocale()], { dateStyle: "medium", timeStyle: "short" }).format(
          new Date(cancellation.at),
        ),
      },
    },
  );
}

/** A lesson's line in a weather day's list: "10:00 – 10:30 · García (Lia, Tom) · Ivy Teach". */
export function weatherLessonLine(lesson: WeatherDayLesson): string {
  const swimmers = lesson.swimmers.length > 0 ? ` (${lesson.swimmers.join(", ")})` : "";
  const instructor = lesson.instructorName ? ` · ${lesson.instructorName}` : "";
  return `${formatLessonTime(lesson.startTime)} · ${lesson.householdName}${swimmers}${instructor}`;
}

/** GET …/school-cancellation: what cancelling the lesson now does. */
export interface SchoolCancellationPreview {
  lessonId: number;
  reason: SchoolCancellationReason;
  creditExpiresOn: string;
  policyVersion: number;
  words: string;
}

/** One lesson of a weather day's preview. */
export interface WeatherDayLesson {
  lessonId: number;
  clientId: string;
  startTime: string | null;
  householdName: string;
  swimmers: string[];
  instructorName: string | null;
  status: WeatherDayStatus;
  /** The credit's last day under the lesson's own policy version, for a lesson to cancel. */
  creditExpiresOn: string | null;
  policyVersion: number;
}

/** GET /api/weather-day: what declaring it now does, every lesson of the date and range listed. */
export interface WeatherDayPreview {
  date: string;
  from: string | null;
  to: string | null;
  lessons: WeatherDayLesson[];
  /** Lessons that would be cancelled, and the households they belong to. */
  toCancel: number;
  households: number;
  words: string;
}

/** POST /api/weather-day's answer. */
export interface WeatherDayResult {
  date: string;
  cancelled: { lessonId: number; creditId: number; creditExpiresOn: string }[];
  /** Lessons shown that were not cancelled by this run: already cancelled (by anyone, meanwhile) or started. */
  skipped: { lessonId: number; why: "cancelled" | "past" }[];
  households: number;
  mails: number;
  message: string;
}
