import type { CancellationReason } from "./policy.ts";
import { formatDay } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * A cancelled lesson (issue 29, docs/decisions/031): how it counts, what the family asks and is answered. A
 * cancelled lesson is kept; what was applied decides how it counts against its plan, here and nowhere else:
 *
 *   classes bought = used + left + given back as credit
 *
 * A lesson cancelled late with "class-used" is used (whatever its date); one cancelled with a credit is given back:
 * its class does not return to "left" (the credit is what the family holds now, to book with). A lesson that stands
 * is used once its day is past. A lesson booked with a class credit (docs/decisions/032) is not one of its plan's
 * classes at all: the plan's account leaves it out, whatever happens to it.
 */

/** Why a lesson was cancelled, as stored: by the family (for the weather or not), by the school, for the weather. */
export const lessonCancellationReasons = ["family", "family-weather", "school", "weather"] as const;
export type LessonCancellationReason = (typeof lessonCancellationReasons)[number];

/** What a family may say when it cancels. */
export const familyCancellationReasons = ["family", "family-weather"] as const;

/** What was applied: the class counts as used, or a credit was given for it. */
export type AppliedCancellation = "class-used" | "credit";

/** The policy's name for a stored reason (domain/policy.ts `cancellationOutcome`). */
export function policyReasonOf(reason: LessonCancellationReason): CancellationReason {
  if (reason === "family-weather") return "weather-family";
  if (reason === "weather") return "weather-school";
  return reason;
}

/** A lesson as the accounting reads it. */
export interface CountedLesson {
  /** YYYY-MM-DD, school time. */
  date: string;
  /** Null while it stands. */
  cancellationOutcome: AppliedCancellation | null;
  /** The class credit that paid for it (docs/decisions/032); null or absent: one of its plan's classes. */
  paidByCreditId?: number | null;
}

/** A lesson paid by a class credit takes none of its plan's classes. */
export const paidByCredit = (lesson: Pick<CountedLesson, "paidByCreditId">): boolean =>
  lesson.paidByCreditId !== null && lesson.paidByCreditId !== undefined;

/** How one lesson counts against its plan on `today`. */
export type LessonCount = "used" | "credited" | "today" | "upcoming";

export function lessonCount(lesson: CountedLesson, today: string): LessonCount {
  if (lesson.cancellationOutcome === "credit") return "credited";
  if (lesson.cancellationOutcome === "class-used") return "used";
  if (lesson.date < today) return "used";
  return lesson.date === today ? "today" : "upcoming";
}

export interface PlanAccount {
  /**
   * Every lesson of the period paid by the plan, cancelled ones included: each took one of the classes bought. A
   * lesson paid by a credit is in none of these counts.
   */
  booked: number;
  /** Taken, or cancelled late with the class counting as used. */
  used: number;
  /** Cancelled with a credit: the class went back to the family as that credit. */
  credited: number;
  /** Standing lessons of today. */
  today: number;
  /** Standing lessons of later days. */
  upcoming: number;
  /** Classes still to book. */
  left: number;
}

/**
 * A plan's classes on `today` from its period's lessons: bought = used + credited + today + upcoming + left, and
 * left = bought − booked (never below 0; an ended plan, `active` false, has none left to book). Lessons paid by a
 * credit are left out: they are not the plan's.
 */
export function planAccount(
  totalClasses: number,
  lessons: readonly CountedLesson[],
  today: string,
  active = true,
): PlanAccount {
  const planLessons = lessons.filter((lesson) => !paidByCredit(lesson));
  const account = { booked: planLessons.length, used: 0, credited: 0, today: 0, upcoming: 0 };
  for (const lesson of planLessons) account[lessonCount(lesson, today)] += 1;
  return { ...account, left: active ? Math.max(0, totalClasses - planLessons.length) : 0 };
}

export const cancellationMessages = {
  get notFound() {
    return translate(/*i18n*/ { id: "cancellation.notFound", message: "This class does not exist." });
  },
  get alreadyCancelled() {
    return translate(
      /*i18n*/ { id: "cancellation.alreadyCancelled", message: "This class has already been cancelled." },
    );
  },
  get past() {
    return translate(
      /*i18n*/ {
        id: "cancellation.past",
        message: "This class has already started or taken place: it can no longer be cancelled.",
      },
    );
  },
  get outcomeChanged() {
    return translate(
      /*i18n*/ {
        id: "cancellation.outcomeChanged",
        message:
          "The deadline passed while you were deciding. Read what cancelling does now, then confirm again.",
      },
    );
  },
  get reasonChoice() {
    return translate(
      /*i18n*/ { id: "cancellation.reasonChoice", message: "Choose why the class is cancelled." },
    );
  },
  get outcomeChoice() {
    return translate(
      /*i18n*/ { id: "cancellation.outcomeChoice", message: "Say what you were told cancelling would do." },
    );
  },
  get classUsed() {
    return translate(/*i18n*/ { id: "cancellation.classUsed", message: "The class counts as used." });
  },
  get creditSpent() {
    return translate(
      /*i18n*/ { id: "cancellation.creditSpent", message: "The credit the class was booked with is spent." },
    );
  },
  get cancelled() {
    return translate(/*i18n*/ { id: "cancellation.cancelled", message: "The class is cancelled." });
  },
  creditUntil: (expiresOn: string) =>
    translate(
      /*i18n*/ {
        id: "cancellation.creditUntil",
        message: "You get a credit for this class, valid until {day}.",
        values: { day: formatDay(expiresOn) },
      },
    ),
  lateClassUsed: (hours: number) =>
    translate(
      /*i18n*/ {
        id: "cancellation.lateClassUsed",
        message:
          "It is less than {hours, plural, one {# hour} other {# hours}} before the class: the class counts as used.",
        values: { hours },
      },
    ),
  weatherCreditUntil: (hours: number, expiresOn: string) =>
    translate(
      /*i18n*/ {
        id: "cancellation.weatherCreditUntil",
        message:
          "For the weather, {hours, plural, one {# hour's} other {# hours'}} notice is enough: you get a credit for this class, valid until {day}.",
        values: { hours, day: formatDay(expiresOn) },
      },
    ),
  weatherLateClassUsed: (hours: number) =>
    translate(
      /*i18n*/ {
        id: "cancellation.weatherLateClassUsed",
        message:
          "Even for the weather, it is less than {hours, plural, one {# hour} other {# hours}} before the class: the class counts as used.",
        values: { hours },
      },
    ),
  lateCreditSpent: (hours: number) =>
    translate(
      /*i18n*/ {
        id: "cancellation.lateCreditSpent",
        message:
          "It is less than {hours, plural, one {# hour} other {# hours}} before the class: the credit it was booked with is spent.",
        values: { hours },
      },
    ),
  weatherLateCreditSpent: (hours: number) =>
    translate(
      /*i18n*/ {
        id: "cancellation.weatherLateCreditSpent",
        message:
          "Even for the weather, it is less than {hours, plural, one {# hour} other {# hours}} before the class: the credit it was booked with is spent.",
        values: { hours },
      },
    ),
  lateCredit: (hours: number, expiresOn: string) =>
    translate(
      /*i18n*/ {
        id: "cancellation.lateCredit",
        message:
          "It is less than {hours, plural, one {# hour} other {# hours}} before the class, but you still get a credit for it, valid until {day}.",
        values: { hours, day: formatDay(expiresOn) },
      },
    ),
};

/**
 * What the family is told, in plain words, before confirming. For the weather (`family-weather`) the words name the
 * weather's own notice, so the family knows which rule applied. A class booked with a credit (`paidByCredit`) and
 * cancelled late takes none of the plan's classes: what it costs is the credit it was booked with.
 */
export function cancellationWords(
  preview: Pick<CancellationPreview, "timing" | "outcome" | "creditExpiresOn" | "noticeHours"> & {
    reason?: LessonCancellationReason;
    paidByCredit?: boolean;
  },
): string {
  const hours = preview.noticeHours ?? 0;
  if (preview.reason === "family-weather") {
    if (preview.outcome === "class-used")
      return preview.paidByCredit
        ? cancellationMessages.weatherLateCreditSpent(hours)
        : cancellationMessages.weatherLateClassUsed(hours);
    if (preview.timing === "free")
      return cancellationMessages.weatherCreditUntil(hours, preview.creditExpiresOn ?? "");
  }
  if (preview.outcome === "class-used")
    return preview.paidByCredit
      ? cancellationMessages.lateCreditSpent(hours)
      : cancellationMessages.lateClassUsed(hours);
  if (preview.timing === "late") return cancellationMessages.lateCredit(hours, preview.creditExpiresOn ?? "");
  return cancellationMessages.creditUntil(preview.creditExpiresOn ?? "");
}

/** What was applied to a cancelled class, in one sentence: the family's mail and the dialog once it is done. */
export function cancelledWords(applied: { creditExpiresOn: string | null; paidByCredit?: boolean }): string {
  if (applied.creditExpiresOn !== null) return cancellationMessages.creditUntil(applied.creditExpiresOn);
  return applied.paidByCredit ? cancellationMessages.creditSpent : cancellationMessages.classUsed;
}

/** GET …/lessons/:lessonId/cancellation: what cancelling now would do, under the lesson's own policy version. */
export interface CancellationPreview {
  lessonId: number;
  reason: LessonCancellationReason;
  timing: "free" | "late";
  outcome: AppliedCancellation;
  /** The credit's last day (YYYY-MM-DD, school time, included) when the outcome is a credit. */
  creditExpiresOn: string | null;
  /** The last moment a free cancellation can be made (ISO). */
  deadline: string | null;
  noticeHours: number | null;
  /** The sentence the family reads before confirming, in their language. */
  words: string;
}

/** POST …/lessons/:lessonId/cancellation's answer; a 409 for a changed outcome carries `preview` (the new one). */
export interface CancellationResponse {
  lessonId: number;
  cancelledAt: string;
  outcome: AppliedCancellation;
  creditId: number | null;
  creditExpiresOn: string | null;
  message: string;
}
