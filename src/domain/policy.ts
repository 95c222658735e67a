import { lessonStartsAt } from "./lesson-schedule.ts";
import { addDays, dayInZone } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * The school's cancellation policy (issue 29, docs/decisions/029), in one place: its shape and checks, what a
 * cancellation leads to under it, and the plain words families read (generated from the same fields, never written
 * twice). The owner edits it on School settings; every edit is a new version, and a lesson keeps the version it was
 * booked under (server/policy).
 *
 * Times count on the school's clock (TZ_SCHOOL) in real elapsed time: "24 hours before" a class on the Sunday the
 * clocks change is 24 hours of the world's time, not the same hour on the day before.
 */

/** What a late cancellation costs the family: the class counts as used, or they still get a credit for it. */
export const lateCancellationCosts = ["class-used", "credit"] as const;
export type LateCancellationCost = (typeof lateCancellationCosts)[number];

/** Who may use a credit: anyone of the household, or only the swimmer whose class was cancelled. */
export const creditHolders = ["household", "swimmer"] as const;
export type CreditHolder = (typeof creditHolders)[number];

export interface CancellationPolicy {
  /** A family that cancels at least this many hours before a class's start gets a credit for it. */
  noticeHours: number;
  /** What a cancellation after that costs. */
  lateCancellation: LateCancellationCost;
  /** How many classes of one package a family may move to another time. */
  reschedulesPerPackage: number;
  /** A credit can be used for this many days after the day it is issued (that last day included). */
  creditExpiryDays: number;
  creditsSharedBy: CreditHolder;
  /**
   * A family cancelling because of the weather needs only this much notice (at most `noticeHours`). When the school
   * cancels for the weather, the family always gets a credit.
   */
  weatherNoticeHours: number;
}

export const policyLimits = {
  noticeHours: { min: 1, max: 168 },
  reschedulesPerPackage: { min: 0, max: 20 },
  creditExpiryDays: { min: 1, max: 365 },
  weatherNoticeHours: { min: 0, max: 168 },
} as const;

/** What a school starts with (migration 0021 writes it as version 1). */
export const defaultPolicy: CancellationPolicy = {
  noticeHours: 24,
  lateCancellation: "class-used",
  reschedulesPerPackage: 2,
  creditExpiryDays: 60,
  creditsSharedBy: "household",
  weatherNoticeHours: 3,
};

/** Why a class is cancelled: by the family (for the weather or not), or by the school (for the weather or not). */
export const cancellationReasons = ["family", "weather-family", "school", "weather-school"] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** What a cancellation leads to: a credit (valid until `expiresOn`, a school day, included) or the class used. */
export type CancellationResult = { kind: "credit"; expiresOn: string } | { kind: "class-used" };

export interface CancellationOutcome {
  /** "free": in time (or the school cancelled), a credit; "late": after the deadline, as the policy says. */
  timing: "free" | "late";
  result: CancellationResult;
  /** The last moment a free cancellation can be made; null when the school cancels (no notice applies). */
  deadline: Date | null;
  /** The notice that set the deadline (the weather's for a family's weather cancellation); null for the school. */
  noticeHours: number | null;
  /** The moment the hours count back from: the class's start, or the start of its day while its time is not set. */
  countedFrom: Date;
  /** False for a class with no time yet: the hours then count from the start of its day (the words say so). */
  startTimeKnown: boolean;
}

export interface CancellationRequest {
  /** YYYY-MM-DD, the school's day. */
  lessonDate: string;
  /** "HH:MM" on the school's clock, or null: time to be set. */
  lessonStartTime: string | null;
  /** When the cancellation is made. */
  now: Date;
  /** The school's time zone (TZ_SCHOOL). */
  timeZone: string;
  reason: CancellationReason;
}

const hourMs = 60 * 60 * 1000;

/** The day a credit issued at `now` can last be used: `creditExpiryDays` days after the school's today. */
export function creditExpiresOn(policy: CancellationPolicy, now: Date, timeZone: string): string {
  return addDays(dayInZone(now, timeZone), policy.creditExpiryDays);
}

/**
 * What cancelling a class leads to under `policy`. The school's own cancellations (for the weather or not) always
 * give a credit. A family's is free up to `noticeHours` (`weatherNoticeHours` for the weather) before the class
 * starts, the deadline itself included; later, it costs what `lateCancellation` says. A class whose time is not set
 * counts from the start of its day. Whether a class that has begun can still be cancelled is the caller's rule.
 */
export function cancellationOutcome(
  policy: CancellationPolicy,
  request: CancellationRequest,
): CancellationOutcome {
  const startTimeKnown = request.lessonStartTime !== null;
  const countedFrom = lessonStartsAt(
    request.lessonDate,
    request.lessonStartTime ?? "00:00",
    request.timeZone,
  );
  const credit = (): CancellationResult => ({
    kind: "credit",
    expiresOn: creditExpiresOn(policy, request.now, request.timeZone),
  });
  if (request.reason === "school" || request.reason === "weather-school") {
    return {
      timing: "free",
      result: credit(),
      deadline: null,
      noticeHours: null,
      countedFrom,
      startTimeKnown,
    };
  }
  const noticeHours = request.reason === "weather-family" ? policy.weatherNoticeHours : policy.noticeHours;
  const deadline = new Date(countedFrom.getTime() - noticeHours * hourMs);
  const inTime = request.now.getTime() <= deadline.getTime();
  return {
    timing: inTime ? "free" : "late",
    result: inTime || policy.lateCancellation === "credit" ? credit() : { kind: "class-used" },
    deadline,
    noticeHours,
    countedFrom,
    startTimeKnown,
  };
}

export const policyMessages = {
  get noticeRange() {
    return translate(
      /*i18n*/ {
        id: "policy.noticeRange",
        message: "The notice must be a whole number of hours from {min} to {max}.",
        values: policyLimits.noticeHours,
      },
    );
  },
  get weatherNoticeRange() {
    return translate(
      /*i18n*/ {
        id: "policy.weatherNoticeRange",
        message: "The weather notice must be a whole number of hours from {min} to {max}.",
        values: policyLimits.weatherNoticeHours,
      },
    );
  },
  get weatherNoticeLonger() {
    return translate(
      /*i18n*/ {
        id: "policy.weatherNoticeLonger",
        message: "The weather notice must not be longer than the usual notice.",
      },
    );
  },
  get reschedulesRange() {
    return translate(
      /*i18n*/ {
        id: "policy.reschedulesRange",
        message: "Reschedules per package must be a whole number from {min} to {max}.",
        values: policyLimits.reschedulesPerPackage,
      },
    );
  },
  get expiryRange() {
    return translate(
      /*i18n*/ {
        id: "policy.expiryRange",
        message: "Credit expiry must be a whole number of days from {min} to {max}.",
        values: policyLimits.creditExpiryDays,
      },
    );
  },
  get lateCancellationChoice() {
    return translate(
      /*i18n*/ {
        id: "policy.lateCancellationChoice",
        message: "Choose what a late cancellation costs: the class, or a credit is still given.",
      },
    );
  },
  get creditHolderChoice() {
    return translate(
      /*i18n*/ {
        id: "policy.creditHolderChoice",
        message: "Choose whether credits are shared in the household or kept per swimmer.",
      },
    );
  },
  get saved() {
    return translate(/*i18n*/ { id: "policy.saved", message: "Cancellation policy saved." });
  },
};

/** A version of the policy as stored: what it says, and since when. */
export interface PolicyVersion {
  version: number;
  policy: CancellationPolicy;
  createdAt: string;
}

/** GET /api/policy and PUT /api/settings/policy: the version in force and its words in the reader's language. */
export interface PolicyResponse extends PolicyVersion {
  words: string[];
  message?: string;
}

/**
 * The policy in plain words, in the reader's language, one sentence per rule: what families read on /payments and
 * in the day-before reminder, and what the owner previews while editing.
 */
export function policyWords(policy: CancellationPolicy): string[] {
  const hours = policy.noticeHours;
  const days = policy.creditExpiryDays;
  return [
    translate(
      /*i18n*/ {
        id: "policy.words.notice",
        message:
          "Cancel at least {hours, plural, one {# hour} other {# hours}} before a class and you get a credit for it, valid for {days, plural, one {# day} other {# days}}.",
        values: { hours, days },
      },
    ),
    policy.lateCancellation === "class-used"
      ? translate(
          /*i18n*/ {
            id: "policy.words.lateClassUsed",
            message: "If you cancel later, the class counts as used.",
          },
        )
      : translate(
          /*i18n*/ {
            id: "policy.words.lateCredit",
            message: "If you cancel later, you still get a credit for it.",
          },
        ),
    translate(
      /*i18n*/ {
        id: "policy.words.noTime",
        message: "For a class whose time is not set yet, the hours count from the start of its day.",
      },
    ),
    translate(
      /*i18n*/ {
        id: "policy.words.reschedules",
        message:
          "{count, plural, =0 {Classes of a package cannot be moved to another time.} one {You can move # class of each package to another time.} other {You can move up to # classes of each package to another time.}}",
        values: { count: policy.reschedulesPerPackage },
      },
    ),
    policy.creditsSharedBy === "household"
      ? translate(
          /*i18n*/ {
            id: "policy.words.sharedHousehold",
            message: "A credit can be used for any swimmer of your household.",
          },
        )
      : translate(
          /*i18n*/ {
            id: "policy.words.sharedSwimmer",
            message: "A credit can be used only for the swimmer whose class was cancelled.",
          },
        ),
    translate(
      /*i18n*/ {
        id: "policy.words.weather",
        message:
          "If the school cancels a class for the weather, you get a credit for it. To cancel yourself for the weather, {hours, plural, =0 {you can tell us up to the start of the class.} one {tell us at least # hour before the class.} other {tell us at least # hours before the class.}}",
        values: { hours: policy.weatherNoticeHours },
      },
    ),
  ];
}
