import { lessonStartsAt } from "./lesson-schedule.ts";
import { addDays } from "./school-day.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/**
 * The owner's overview and reports (issue 30, docs/decisions/035): the contract between server/overview,
 * server/reports and the admin's /overview and /reports pages.
 */

/** A list that needs action: how many there are, and the first few (the most urgent first). */
export interface ActionList<T> {
  total: number;
  items: T[];
}

/** How many items each of the overview's lists shows; the total says how many more there are. */
export const actionListLength = 8;

/** A household's plan with one class or none left to book: a nudge to renew. */
export interface RunningOutItem {
  clientId: string;
  householdName: string;
  packType: string;
  left: number;
}

/** A household with classes left and nothing booked in the next two weeks. */
export interface IdleHouseholdItem {
  clientId: string;
  householdName: string;
  left: number;
}

export interface ExpiringCreditItem {
  creditId: number;
  clientId: string;
  householdName: string;
  expiresOn: string;
}

/** A past lesson (not cancelled, in the last `feedbackLookbackDays`) with a swimmer whose feedback is not written. */
export interface MissingFeedbackItem {
  lessonId: number;
  date: string;
  startTime: string | null;
  clientId: string;
  householdName: string;
  instructorId: string | null;
  instructorName: string | null;
}

export interface FailedMailItem {
  id: number;
  toAddress: string;
  subject: string;
  createdAt: string;
}

export interface OverviewLesson {
  id: number;
  startTime: string | null;
  clientId: string;
  householdName: string;
  swimmers: number;
  /** Swimmers whose attendance is not recorded yet. */
  unrecorded: number;
  cancelled: boolean;
}

export interface OverviewInstructorDay {
  /** null: lessons with no instructor (their account is gone). */
  instructorId: string | null;
  instructorName: string | null;
  /** The day's lessons, and of those the ones with a swimmer not recorded yet (cancelled ones left out). */
  total: number;
  unrecorded: number;
  /** The first `lessonsShownPerInstructor` in time order; /today has the whole day. */
  lessons: OverviewLesson[];
}

/** How many of an instructor's lessons the overview lists (the counts cover them all). */
export const lessonsShownPerInstructor = 12;

/** GET /api/overview: the owner's whole school; an instructor's own lessons only, and no money. */
export interface OverviewResponse {
  scope: "school" | "instructor";
  today: string;
  lessonsToday: OverviewInstructorDay[];
  /** Classes taught (lessons not cancelled, days before today) since Monday and since the 1st. */
  taught: { week: number; month: number; weekFrom: string; monthFrom: string };
  /** Packages sold (purchases and renewals) this month and what they came to; the owner's only. */
  sales: { month: string; packages: number; revenue: number; currency: string } | null;
  feedbackMissing: ActionList<MissingFeedbackItem>;
  /** The owner's lists only (null for an instructor). */
  runningOut: ActionList<RunningOutItem> | null;
  idleHouseholds: ActionList<IdleHouseholdItem> | null;
  creditsExpiring: ActionList<ExpiringCreditItem> | null;
  failedMail: ActionList<FailedMailItem> | null;
  /** When the lists were counted (they are kept for a minute). */
  countedAt: string;
}

/** Days ahead a household with classes left should have something booked. */
export const idleHorizonDays = 14;
/** Days ahead a credit's expiry is worth a call. */
export const creditExpiryHorizonDays = 7;
/** How far back "feedback not written" looks: older lessons' feedback is past writing (and the list stays cheap). */
export const feedbackLookbackDays = 30;
/** A plan with this many classes left or fewer is running out. */
export const runningOutAtMost = 1;

// Reports.

export const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The HTML input type that picks a YYYY-MM month (named here: "month" is also a page's query parameter). */
export const monthInputType = "month";
/** The longest range one report reads: three years of months. */
export const maxReportMonths = 36;

export const reportMessages = {
  get month() {
    return translate(/*i18n*/ { id: "reports.month", message: "Give the month as YYYY-MM." });
  },
  get range() {
    return translate(
      /*i18n*/ {
        id: "reports.range",
        message: "The range starts on or before its end, and spans at most {max} months.",
        values: { max: maxReportMonths },
      },
    );
  },
  get unknownReport() {
    return translate(/*i18n*/ { id: "reports.unknown", message: "There is no such report." });
  },
};

export const monthsBetween = (from: string, to: string): string[] => {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  for (;;) {
    const current = `${year}-${String(month).padStart(2, "0")}`;
    if (current > to || months.length > maxReportMonths) return months;
    months.push(current);
    month += 1;
    if (month === 13) {
      month = 1;
      year += 1;
    }
  }
};

const monthParam = z.string(said(() => reportMessages.month)).regex(
  monthPattern,
  said(() => reportMessages.month),
);

/** ?from=YYYY-MM&to=YYYY-MM, both included; none: the twelve months up to this one (the server fills them in). */
export const reportRangeSchema = z.object({ from: monthParam.optional(), to: monthParam.optional() }).refine(
  ({ from, to }) => !from || !to || (from <= to && monthsBetween(from, to).length <= maxReportMonths),
  said(() => reportMessages.range),
);
export type ReportRangeQuery = z.infer<typeof reportRangeSchema>;

export interface SalesMonth {
  month: string;
  packages: number;
  revenue: number;
}

export interface InstructorClassesMonth {
  month: string;
  instructorId: string | null;
  instructorName: string | null;
  classes: number;
}

export interface AttendanceMonth {
  month: string;
  /** Lessons on the calendar that month, cancelled ones included. */
  lessons: number;
  cancelled: number;
  /** Swimmers' attendance recorded in the month's lessons (not cancelled), and how many of them came (present or late). */
  recorded: number;
  attended: number;
}

export interface ProgressMonth {
  month: string;
  /** Skills a swimmer was first rated mastered on that month. */
  skillsMastered: number;
  levelsPassed: number;
}

/** GET /api/reports: every report over the same months, each month listed even when it counts nothing. */
export interface ReportsResponse {
  from: string;
  to: string;
  months: string[];
  currency: string;
  sales: SalesMonth[];
  classesByInstructor: InstructorClassesMonth[];
  attendance: AttendanceMonth[];
  progress: ProgressMonth[];
  /** When they were counted: a counting is kept a while, and served while the next one runs (decision 042). */
  countedAt: string;
}

/** The reports one can download as CSV (/api/reports/<name>.csv). */
export const reportNames = ["sales", "classes", "attendance", "progress"] as const;
export type ReportName = (typeof reportNames)[number];

/** The lists one can download as CSV (/api/exports/<name>.csv). */
export const exportNames = ["clients", "bookings", "payments"] as const;
export type ExportName = (typeof exportNames)[number];

/** A rate as a share of 1, or null when there is nothing to divide by. */
export const rateOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** The Monday of the week `day` (YYYY-MM-DD) falls in: weeks start on Monday. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const nextMonth = (month: string): string => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
};

/**
 * The moments (ISO, UTC) the given consecutive months start in the school's time zone, and the moment the month
 * after the last starts: month i is [boundaries[i], boundaries[i+1]).
 */
export function monthBoundaries(months: readonly string[], timeZone: string): string[] {
  if (months.length === 0) return [];
  const starts = [...months, nextMonth(months[months.length - 1] as string)];
  return starts.map((month) => lessonStartsAt(`${month}-01`, "00:00", timeZone).toISOString());
}
