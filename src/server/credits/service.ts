import {
  byUseOrder,
  type CreditKind,
  type CreditView,
  creditFits,
  creditMessages,
  creditStateAt,
  endCredit,
} from "../../domain/credits.ts";
import { messages } from "../../domain/messages.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { swimmerMessages } from "../../domain/swimmers.ts";
import { todayMessages } from "../../domain/today.ts";
import { recordAudit } from "../audit/service.ts";
import type { Db } from "../db/database.ts";
import { householdExists } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import {
  type CreditRow,
  creditById,
  creditsOfHousehold,
  insertCredit,
  insertEnding,
  lessonHousehold,
  swimmerInHousehold,
  unendedCredits,
} from "./repository.ts";

/**
 * The class credits' use cases (issue 29, docs/decisions/030). Each write runs in the transaction it is given, so a
 * later step (a cancellation that gives a credit, a booking that uses one) issues or redeems it with its own rows,
 * all or nothing. `timeZone` is the school's (TZ_SCHOOL): a credit lasts to the end of its last day there.
 */

export interface IssueCredit {
  householdId: string;
  swimmerId: string | null;
  kind: CreditKind;
  reason: string;
  /** YYYY-MM-DD, the school's day; today or later. */
  expiresOn: string;
  /** Who issued it; null: the school's own rule (a cancellation in time, a weather day). */
  issuedByUserId: string | null;
  now: Date;
  timeZone: string;
}

/** Issues a credit to the household (and swimmer, who must be of it). */
export async function issueCredit(trx: Db, input: IssueCredit): Promise<CreditRow> {
  if (!(await householdExists(trx, input.householdId))) {
    throw appError("client-not-found", 404, messages.clientNotFound);
  }
  if (input.swimmerId !== null && !(await swimmerInHousehold(trx, input.householdId, input.swimmerId))) {
    throw appError("swimmer-not-found", 404, swimmerMessages.notFound, { field: "swimmerId" });
  }
  if (input.expiresOn < dayInZone(input.now, input.timeZone)) {
    throw appError("validation", 400, creditMessages.expiresOnPast, { field: "expiresOn" });
  }
  const id = await insertCredit(trx, {
    clientId: input.householdId,
    swimmerId: input.swimmerId,
    kind: input.kind,
    reason: input.reason,
    issuedAt: input.now.toISOString(),
    expiresOn: input.expiresOn,
    issuedByUserId: input.issuedByUserId,
  });
  const credit = (await creditById(trx, id)) as CreditRow;
  await recordAudit(trx, {
    kind: "credit",
    id,
    action: "issued",
    householdId: credit.clientId,
    after: credit,
  });
  return credit;
}

/** Which credit a redemption uses: a chosen one, or the household's (swimmer's) that expires first. */
export type CreditChoice =
  | { creditId: number }
  | { firstAvailableOf: { householdId: string; swimmerId?: string | null } };

export interface RedeemCredit {
  credit: CreditChoice;
  /** The lesson it pays for: one of the credit's household. */
  lessonId: number;
  byUserId: string | null;
  now: Date;
  timeZone: string;
}

/**
 * Redeems a credit for a lesson. A credit is redeemed at most once, never once expired or voided: of two
 * redemptions at once, on either engine, exactly one gets a given credit (the ledger's unique ending); with
 * `firstAvailableOf` the other goes on to the next available credit, or is refused when none is left.
 */
export async function redeemCredit(trx: Db, input: RedeemCredit): Promise<CreditRow> {
  const household = await lessonHousehold(trx, input.lessonId);
  if (household === undefined) throw appError("lesson-not-found", 404, todayMessages.lessonNotFound);
  const ending = {
    kind: "redeemed" as const,
    at: input.now.toISOString(),
    byUserId: input.byUserId,
    lessonId: input.lessonId,
    reason: "",
  };

  if ("creditId" in input.credit) {
    const credit = await creditById(trx, input.credit.creditId);
    if (!credit) throw appError("credit-not-found", 404, creditMessages.creditNotFound);
    if (credit.clientId !== household) {
      throw appError("credit-lesson-mismatch", 409, creditMessages.lessonOfAnotherFamily);
    }
    if (
      !endCredit(credit, ending, input.timeZone).ok ||
      !(await insertEnding(trx, { creditId: credit.id, ...ending }))
    ) {
      throw appError("credit-not-available", 409, creditMessages.notAvailable);
    }
    return { ...credit, ending };
  }

  const { householdId, swimmerId = null } = input.credit.firstAvailableOf;
  if (householdId !== household)
    throw appError("credit-lesson-mismatch", 409, creditMessages.lessonOfAnotherFamily);
  const candidates = await availableCredits(trx, householdId, input.now, input.timeZone);
  for (const credit of candidates.filter((each) => creditFits(each, swimmerId))) {
    if (await insertEnding(trx, { creditId: credit.id, ...ending })) return { ...credit, ending };
  }
  throw appError("no-credit-available", 409, creditMessages.noneAvailable);
}

/** Voids an available credit of the household, with the owner's reason; the credit stays in the ledger. */
export async function voidCredit(
  trx: Db,
  input: {
    householdId: string;
    creditId: number;
    reason: string;
    byUserId: string;
    now: Date;
    timeZone: string;
  },
): Promise<CreditRow> {
  const credit = await creditById(trx, input.creditId);
  if (!credit || credit.clientId !== input.householdId) {
    throw appError("credit-not-found", 404, creditMessages.creditNotFound);
  }
  const ending = {
    kind: "voided" as const,
    at: input.now.toISOString(),
    byUserId: input.byUserId,
    lessonId: null,
    reason: input.reason,
  };
  if (
    !endCredit(credit, ending, input.timeZone).ok ||
    !(await insertEnding(trx, { creditId: credit.id, ...ending }))
  ) {
    throw appError("credit-not-available", 409, creditMessages.notAvailable);
  }
  await recordAudit(trx, {
    kind: "credit",
    id: credit.id,
    action: "voided",
    householdId: credit.clientId,
    before: credit,
    after: { reason: input.reason },
  });
  return { ...credit, ending };
}

/** The household's credits available at `at`, in the order they are used (the one expiring first first). */
export async function availableCredits(
  db: Db,
  householdId: string,
  at: Date,
  timeZone: string,
): Promise<CreditRow[]> {
  const credits = await unendedCredits(db, householdId, dayInZone(at, timeZone));
  return credits
    .filter(
      (credit) =>
        Date.parse(credit.issuedAt) <= at.getTime() && creditStateAt(credit, at, timeZone) === "available",
    )
    .sort(byUseOrder);
}

/** Every credit of the household, newest first (404 for a household that does not exist). */
export async function householdCredits(db: Db, householdId: string): Promise<CreditRow[]> {
  if (!(await householdExists(db, householdId)))
    throw appError("client-not-found", 404, messages.clientNotFound);
  return creditsOfHousehold(db, householdId);
}

/** A credit as the pages show it, at `at`. */
export function creditView(credit: CreditRow, at: Date, timeZone: string): CreditView {
  return {
    id: credit.id,
    swimmerId: credit.swimmerId,
    swimmerName: credit.swimmerName,
    kind: credit.kind,
    reason: credit.reason,
    issuedAt: credit.issuedAt,
    issuedOn: dayInZone(new Date(credit.issuedAt), timeZone),
    expiresOn: credit.expiresOn,
    issuedByName: credit.issuedByName,
    state: creditStateAt(credit, at, timeZone),
    endedAt: credit.ending?.at ?? null,
    voidReason: credit.ending?.kind === "voided" ? credit.ending.reason : null,
    redeemedForLessonId: credit.ending?.kind === "redeemed" ? credit.ending.lessonId : null,
  };
}
