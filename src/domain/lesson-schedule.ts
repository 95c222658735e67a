import { localeTags } from "./locale.ts";
import { formatDay, formatter } from "./school-day.ts";
import { readerLocale, translate } from "./translate.ts";

/**
 * When a lesson is and who teaches it (issue 27, docs/decisions/021), in one place for the server (which refuses an
 * overlap inside the transaction that writes the lesson) and the browser (which offers the times).
 *
 * A lesson starts at `startTime` ("HH:MM", the school's time zone) on its date and lasts 30 minutes (spec §9); a
 * lesson with no time yet is "time to be set". One instructor teaches one lesson at a time: two of their lessons
 * on one date overlap when their starts are less than 30 minutes apart.
 */

/** Spec §9: every class lasts 30 minutes. */
export const classMinutes = 30;
/** Start times are on a 5-minute grid; the pages offer quarter hours. */
export const startTimeStepMinutes = 5;
/** The times the booking pages offer: every quarter hour from 06:00 to 21:00. */
export const offeredStartTimes: readonly string[] = Array.from({ length: (21 - 6) * 4 + 1 }, (_, i) =>
  timeOf(6 * 60 + i * 15),
);

export function minutesOf(startTime: string): number {
  const [hours, minutes] = startTime.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** "HH:MM", on the grid, and ending by midnight (a lesson belongs to one day). */
export function isStartTime(value: string): boolean {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(value)) return false;
  const minutes = minutesOf(value);
  return minutes % startTimeStepMinutes === 0 && minutes + classMinutes <= 24 * 60;
}

/** Two lessons of one date overlap when their starts are less than a class apart. */
export const startsOverlap = (a: string, b: string) => Math.abs(minutesOf(a) - minutesOf(b)) < classMinutes;

/** "10:30 AM" / "10:30", in the reader's language. */
export function formatStartTime(startTime: string): string {
  return formatter(localeTags[readerLocale()], {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(new Date(`1970-01-01T${startTime}:00Z`));
}

/** "10:30 AM – 11:00 AM", or "time to be set". */
export function formatLessonTime(startTime: string | null): string {
  if (!startTime) return lessonMessages.timeToBeSet;
  return `${formatStartTime(startTime)} – ${formatStartTime(timeOf(minutesOf(startTime) + classMinutes))}`;
}

/** The UTC offset (ms) of `timeZone` at `instant`. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = formatter("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((each) => each.type === type)?.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - instant.getTime();
}

/** The moment a lesson starts: its date and start time on the school's clock (`timeZone`, TZ_SCHOOL). */
export function lessonStartsAt(date: string, startTime: string, timeZone: string): Date {
  const [year, month, day] = date.split("-").map(Number);
  const wall = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, 0, minutesOf(startTime));
  // Twice: the offset at the first guess may differ from the offset at the answer around a clock change.
  const first = wall - offsetMs(new Date(wall), timeZone);
  return new Date(wall - offsetMs(new Date(first), timeZone));
}

export const lessonMessages = {
  get timeToBeSet() {
    return translate(/*i18n*/ { id: "lessons.timeToBeSet", message: "time to be set" });
  },
  get startTimeFormat() {
    return translate(
      /*i18n*/ {
        id: "lessons.startTimeFormat",
        message: "A start time must be HH:MM, on a 5-minute step, and the class must end by midnight.",
      },
    );
  },
  get instructorNotFound() {
    return translate(
      /*i18n*/ {
        id: "lessons.instructorNotFound",
        message: "That person is not one of the school's instructors.",
      },
    );
  },
  /** The lines of a mail or calendar event that say when and with whom. */
  timeLine: (startTime: string | null) =>
    translate(
      /*i18n*/ {
        id: "lessons.timeLine",
        message: "Time: {time}",
        values: { time: formatLessonTime(startTime) },
      },
    ),
  instructorLine: (name: string) =>
    translate(/*i18n*/ { id: "lessons.instructorLine", message: "Instructor: {name}", values: { name } }),
  addressLine: (address: string) =>
    translate(/*i18n*/ { id: "lessons.addressLine", message: "Address: {address}", values: { address } }),
  instructorCreated: (password: string) =>
    translate(
      /*i18n*/ {
        id: "lessons.instructorCreated",
        message: "Instructor account created! Temporary password: {password}",
        values: { password },
      },
    ),
  get notYourLesson() {
    return translate(
      /*i18n*/ { id: "lessons.notYourLesson", message: "An instructor may change only their own lessons." },
    );
  },
  get scheduleSaved() {
    return translate(/*i18n*/ { id: "lessons.scheduleSaved", message: "Times and instructors saved." });
  },
  /** The refusal of an overlap: who the instructor already teaches then, when, and on which day. */
  overlap: (input: { instructor: string; who: string; startTime: string; date: string }) =>
    translate(
      /*i18n*/ {
        id: "lessons.overlap",
        message:
          "{instructor} already teaches {who} at {time} on {day}: an instructor teaches one 30-minute class at a time.",
        values: {
          instructor: input.instructor,
          who: input.who,
          time: formatStartTime(input.startTime),
          day: formatDay(input.date),
        },
      },
    ),
  /** A lesson's people, for the overlap refusal: "Leo, Mia (Ana Ruiz)". */
  whoOf: (swimmers: readonly string[], household: string | null) =>
    [swimmers.join(", "), household ? `(${household})` : ""].filter(Boolean).join(" "),
};

/** An instructor as the booking pages offer them and the client pages name them. */
export interface Instructor {
  id: string;
  name: string;
}

/** A staff account as the owner's Instructors page lists it: the owner teaches too. */
export interface StaffMember extends Instructor {
  email: string;
  /** The school's owner (stored role "admin"), else an instructor. */
  owner: boolean;
}

/** GET /api/instructors: whom a lesson may be given to (the owner's accounts and the instructors). */
export interface InstructorListResponse {
  instructors: StaffMember[];
}

export interface NewInstructorResponse {
  instructor: StaffMember;
  temporaryPassword: string;
  message: string;
}
