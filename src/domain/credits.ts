import { addDays, dayInZone, formatDay, isIsoDay } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * Class credits (issue 29, docs/decisions/030): a household's ledger of classes the school owes it, in one place for
 * the server (which issues, redeems and voids them in the caller's transaction) and the pages (which show them).
 *
 * A credit is issued once, with why, when, by whom and its last day (`expiresOn`, the school's day, included). It
 * ends at most once: redeemed for a lesson, or voided by the owner with a reason. Expiry is not an event: a credit
 * not ended by the end of its last day in the school's time zone is expired from then on. Nothing is rewritten: a
 * voided credit keeps its reason, a redeemed one its lesson.
 */

export const creditKinds = ["cancellation", "school", "weather", "goodwill"] as const;
export type CreditKind = (typeof creditKinds)[number];

export type CreditState = "available" | "redeemed" | "voided" | "expired";

/** How a credit ended; absent while it has not. */
export interface CreditEnding {
  kind: "redeemed" | "voided";
  /** ISO instant. */
  at: string;
  byUserId: string | null;
  /** The lesson a redeemed credit paid for. */
  lessonId: number | null;
  /** Why it was voided ("" for a redemption). */
  reason: string;
}

export interface Credit {
  id: number;
  /** The household. */
  clientId: string;
  /** The one swimmer it is for; null: any swimmer of the household. */
  swimmerId: string | null;
  kind: CreditKind;
  reason: string;
  /** ISO instant. */
  issuedAt: string;
  /** The last day it can be used, YYYY-MM-DD in the school's time zone. */
  expiresOn: string;
  issuedByUserId: string | null;
  ending: CreditEnding | null;
}

/** How many days before its last day a credit's holders are reminded by mail. */
export const expiryNoticeDays = 7;

/**
 * A credit's state at `moment`: its ending once that has happened; otherwise expired once the school's day
 * (`timeZone`) is after its last day; otherwise available.
 */
export function creditStateAt(credit: Credit, moment: Date, timeZone: string): CreditState {
  if (credit.ending && Date.parse(credit.ending.at) <= moment.getTime()) return credit.ending.kind;
  return dayInZone(moment, timeZone) > credit.expiresOn ? "expired" : "available";
}

export interface CreditBalance {
  issued: number;
  redeemed: number;
  voided: number;
  expired: number;
  /** issued − redeemed − voided − expired: what the household can still use. */
  available: number;
}

/** The household's balance at `moment`: credits issued by then, each counted once under its state then. */
export function creditBalanceAt(credits: readonly Credit[], moment: Date, timeZone: string): CreditBalance {
  const balance: CreditBalance = { issued: 0, redeemed: 0, voided: 0, expired: 0, available: 0 };
  for (const credit of credits) {
    if (Date.parse(credit.issuedAt) > moment.getTime()) continue;
    balance.issued += 1;
    balance[creditStateAt(credit, moment, timeZone)] += 1;
  }
  return balance;
}

/**
 * The credit ended by `ending`, or why it cannot be: only an available credit ends, so a credit is redeemed or
 * voided at most once, and never once expired (the service also has the database's unique ending per credit).
 */
export function endCredit(
  credit: Credit,
  ending: CreditEnding,
  timeZone: string,
): { ok: true; credit: Credit } | { ok: false; state: CreditState } {
  const state = creditStateAt(credit, new Date(ending.at), timeZone);
  if (state !== "available" || credit.ending !== null) return { ok: false, state };
  return { ok: true, credit: { ...credit, ending } };
}

/** The school's day from which the week-before expiry mail of a credit lasting until `expiresOn` is due. */
export const expiryNoticeFrom = (expiresOn: string): string => addDays(expiresOn, -expiryNoticeDays);

/** Which credits of a swimmer's lesson can pay for it: that swimmer's own, or the household's (no swimmer). */
export const creditFits = (credit: Pick<Credit, "swimmerId">, swimmerId: string | null): boolean =>
  credit.swimmerId === null || swimmerId === null || credit.swimmerId === swimmerId;

/**
 * The order credits are used in when no one chooses: the one that expires first, then the oldest, so the school
 * never lets a credit lapse while a later one is spent.
 */
export function byUseOrder(a: Credit, b: Credit): number {
  if (a.expiresOn !== b.expiresOn) return a.expiresOn < b.expiresOn ? -1 : 1;
  return a.id - b.id;
}

export const creditMessages = {
  get reasonRequired() {
    return translate(/*i18n*/ { id: "credits.reasonRequired", message: "Please give a reason." });
  },
  reasonTooLong: (max: number) =>
    translate(
      /*i18n*/ {
        id: "credits.reasonTooLong",
        message: "The reason can be at most {max} characters.",
        values: { max },
      },
    ),
  get expiresOnInvalid() {
    return translate(
      /*i18n*/ { id: "credits.expiresOnInvalid", message: "Please choose the credit's last day." },
    );
  },
  get expiresOnPast() {
    return translate(
      /*i18n*/ { id: "credits.expiresOnPast", message: "The credit's last day cannot be before today." },
    );
  },
  get kindInvalid() {
    return translate(
      /*i18n*/ { id: "credits.kindInvalid", message: "Please choose why the credit is given." },
    );
  },
  get creditNotFound() {
    return translate(/*i18n*/ { id: "credits.creditNotFound", message: "This credit does not exist." });
  },
  get notAvailable() {
    return translate(
      /*i18n*/ {
        id: "credits.notAvailable",
        message: "This credit can no longer be used: it was redeemed, voided or has expired.",
      },
    );
  },
  get noneAvailable() {
    return translate(
      /*i18n*/ {
        id: "credits.noneAvailable",
        message: "This family has no credit available for this lesson.",
      },
    );
  },
  get lessonOfAnotherFamily() {
    return translate(
      /*i18n*/ {
        id: "credits.lessonOfAnotherFamily",
        message: "A credit pays only for its own family's lessons.",
      },
    );
  },
  get issued() {
    return translate(/*i18n*/ { id: "credits.issued", message: "Credit issued." });
  },
  get voided() {
    return translate(/*i18n*/ { id: "credits.voided", message: "Credit voided." });
  },
};

/** What a credit was given for, as a page or mail says it. */
export function creditKindLabel(kind: CreditKind): string {
  switch (kind) {
    case "cancellation":
      return translate(/*i18n*/ { id: "credits.kind.cancellation", message: "Cancelled in time" });
    case "school":
      return translate(/*i18n*/ { id: "credits.kind.school", message: "Cancelled by the school" });
    case "weather":
      return translate(/*i18n*/ { id: "credits.kind.weather", message: "Weather" });
    case "goodwill":
      return translate(/*i18n*/ { id: "credits.kind.goodwill", message: "Goodwill" });
  }
}

/**
 * What a credit was given for, in one line: its kind and reason. A family's cancellation stores the class's day as
 * its reason (data, not words: docs/decisions/031), said here as "the class of <day>" in the reader's language.
 */
export function creditWhy(credit: { kind: CreditKind; reason: string }): string {
  const reason =
    credit.kind !== "goodwill" && isIsoDay(credit.reason)
      ? translate(
          /*i18n*/ {
            id: "credits.classOf",
            message: "the class of {day}",
            values: { day: formatDay(credit.reason) },
          },
        )
      : credit.reason;
  return `${creditKindLabel(credit.kind)}: ${reason}`;
}

/** "Use by June 30, 2026": the last day, in the reader's language. */
export const creditUseBy = (expiresOn: string): string =>
  translate(
    /*i18n*/ {
      id: "credits.useBy",
      message: "Use by {day}",
      values: { day: formatDay(expiresOn, { dateStyle: "long" }) },
    },
  );

export const creditReasonMax = 500;

/** A credit as the pages show it. */
export interface CreditView {
  id: number;
  swimmerId: string | null;
  /** The swimmer's first name, when it is for one. */
  swimmerName: string | null;
  kind: CreditKind;
  reason: string;
  issuedAt: string;
  /** The school's day it was issued on. */
  issuedOn: string;
  expiresOn: string;
  issuedByName: string | null;
  state: CreditState;
  /** How it ended: when, and why for a voided one. */
  endedAt: string | null;
  voidReason: string | null;
  /** The lesson a redeemed credit paid for (docs/decisions/032); null otherwise. */
  redeemedForLessonId: number | null;
}

/** GET /api/clients/:clientId/credits: every credit of the household, newest first, and its balance now. */
export interface CreditsResponse {
  /** The school's day now. */
  today: string;
  credits: CreditView[];
  balance: CreditBalance;
}

export interface CreditChangeResponse {
  credit: CreditView;
  message: string;
}
