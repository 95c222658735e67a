import {
  type CancelLessonInput,
  type CancellationPreview,
  type CancellationResponse,
  cancellationMessages,
  cancellationWords,
  type LessonCancellationReason,
  policyReasonOf,
} from "../../domain/cancellation.ts";
import { classMinutes, lessonMessages } from "../../domain/lesson-schedule.ts";
import { defaultLocale, isLocale } from "../../domain/locale.ts";
import { type CancellationOutcome, cancellationOutcome } from "../../domain/policy.ts";
import { formatDay } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { recordAudit } from "../audit/service.ts";
import { publicUrl } from "../config.ts";
import { issueCredit } from "../credits/service.ts";
import type { Db } from "../db/database.ts";
import { mailRecipients } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { policyByVersion } from "../policy/service.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import type { Wiring } from "../wiring.ts";
import {
  claimCancellation,
  findHouseholdLesson,
  type LessonToCancel,
  setCancellationCredit,
} from "./repository.ts";

export type CancellationDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/** The household's lesson, or 404: another household's lesson is, to this caller, no lesson at all. */
async function lessonOfHousehold(db: Db, clientId: string, lessonId: number): Promise<LessonToCancel> {
  const lesson = await findHouseholdLesson(db, clientId, lessonId);
  if (!lesson) throw appError("not-found", 404, cancellationMessages.notFound);
  return lesson;
}

/** What cancelling `lesson` at `now` leads to, under the policy version it was booked under. */
async function outcomeOf(
  deps: CancellationDeps,
  db: Db,
  lesson: LessonToCancel,
  reason: LessonCancellationReason,
  now: Date,
): Promise<CancellationOutcome> {
  const version = await policyByVersion(db, lesson.policyVersion);
  if (!version)
    throw new Error(`lesson ${lesson.id}: no cancellation policy version ${lesson.policyVersion}`);
  const outcome = cancellationOutcome(version.policy, {
    lessonDate: lesson.date,
    lessonStartTime: lesson.startTime,
    now,
    timeZone: deps.config.TZ_SCHOOL,
    reason: policyReasonOf(reason),
  });
  if (lesson.cancelledAt !== null) {
    throw appError("lesson-cancelled", 409, cancellationMessages.alreadyCancelled);
  }
  // A class that has begun (or, with no time, whose day has come) is past cancelling.
  if (now.getTime() >= outcome.countedFrom.getTime()) {
    throw appError("lesson-past", 409, cancellationMessages.past);
  }
  return outcome;
}

function previewOf(lessonId: number, reason: LessonCancellationReason, outcome: CancellationOutcome) {
  const preview: Omit<CancellationPreview, "words"> = {
    lessonId,
    reason,
    timing: outcome.timing,
    outcome: outcome.result.kind,
    creditExpiresOn: outcome.result.kind === "credit" ? outcome.result.expiresOn : null,
    deadline: outcome.deadline?.toISOString() ?? null,
    noticeHours: outcome.noticeHours,
  };
  return { ...preview, words: cancellationWords(preview) };
}

/** GET …/lessons/:lessonId/cancellation: what cancelling now would do. */
export async function cancellationPreview(
  deps: CancellationDeps,
  clientId: string,
  lessonId: number,
  reason: LessonCancellationReason,
): Promise<CancellationPreview> {
  const lesson = await lessonOfHousehold(deps.db, clientId, lessonId);
  return previewOf(lesson.id, reason, await outcomeOf(deps, deps.db, lesson, reason, deps.clock.now()));
}

/** The mail saying a class was cancelled and what was applied, in the reader's language. */
function cancellationMail(
  lesson: LessonToCancel,
  to: { email: string; firstName: string },
  applied: string,
  siteUrl: string,
): QueuedMail {
  const day = formatDay(lesson.date, { dateStyle: "full" });
  return {
    to: to.email,
    subject: translate(
      /*i18n*/ { id: "mails.cancellation.subject", message: "Swim class cancelled: {day}", values: { day } },
    ),
    text: [
      mailWords.greeting(to.firstName),
      translate(
        /*i18n*/ {
          id: "mails.cancellation.body",
          message: "The swim class of {day} ({minutes} minutes) has been cancelled.",
          values: { day, minutes: classMinutes },
        },
      ),
      [
        lessonMessages.timeLine(lesson.startTime),
        lesson.instructorName ? lessonMessages.instructorLine(lesson.instructorName) : "",
      ]
        .filter(Boolean)
        .join("\n"),
      applied,
      mailWords.foot(siteUrl, "account"),
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}

/**
 * POST …/lessons/:lessonId/cancellation: in one transaction, marks the lesson cancelled (a conditional UPDATE: of
 * two cancellations at once, the second finds it cancelled and is refused), issues the credit when the outcome says
 * so, and queues the mails to the household's guardians and the instructor. If the outcome is not the one the
 * family was shown (the deadline passed meanwhile), 409 with the new one and nothing applied.
 */
export async function cancelLesson(
  deps: CancellationDeps,
  request: { clientId: string; lessonId: number; input: CancelLessonInput; byUserId: string },
): Promise<CancellationResponse> {
  const { db, outbox, clock, config } = deps;
  const { clientId, lessonId, input, byUserId } = request;
  const siteUrl = publicUrl(config);
  const { response, mailIds } = await db.transaction().execute(async (trx) => {
    const now = clock.now();
    const lesson = await lessonOfHousehold(trx, clientId, lessonId);
    const outcome = await outcomeOf(deps, trx, lesson, input.reason, now);
    if (outcome.result.kind !== input.expectedOutcome) {
      throw appError("cancellation-outcome-changed", 409, cancellationMessages.outcomeChanged, {
        preview: previewOf(lesson.id, input.reason, outcome),
      });
    }
    const cancelledAt = now.toISOString();
    const claimed = await claimCancellation(trx, lesson.id, {
      cancelledAt,
      cancelledByUserId: byUserId,
      cancellationReason: input.reason,
      cancellationOutcome: outcome.result.kind,
    });
    if (!claimed) {
      throw appError("lesson-cancelled", 409, cancellationMessages.alreadyCancelled);
    }
    await recordAudit(trx, {
      kind: "lesson",
      id: lesson.id,
      action: "cancelled",
      householdId: clientId,
      after: { date: lesson.date, reason: input.reason, outcome: outcome.result.kind },
    });
    let credit: { id: number; expiresOn: string } | null = null;
    if (outcome.result.kind === "credit") {
      credit = await issueCredit(trx, {
        householdId: clientId,
        swimmerId: null,
        kind: "cancellation",
        // Data, not words: the class it stands for, by its day.
        reason: lesson.date,
        expiresOn: outcome.result.expiresOn,
        issuedByUserId: null,
        now,
        timeZone: config.TZ_SCHOOL,
      });
      await setCancellationCredit(trx, lesson.id, credit.id);
    }
    const applied = () =>
      credit ? cancellationMessages.creditUntil(credit.expiresOn) : cancellationMessages.classUsed;
    const ids: number[] = [];
    for (const to of await mailRecipients(trx, [clientId], { reminders: false })) {
      ids.push(
        await outbox.enqueue(
          inLocale(to.locale, () => cancellationMail(lesson, to, applied(), siteUrl)),
          trx,
        ),
      );
    }
    if (lesson.instructorEmail) {
      const locale = isLocale(lesson.instructorLocale) ? lesson.instructorLocale : defaultLocale;
      const to = { email: lesson.instructorEmail, firstName: lesson.instructorName ?? "" };
      ids.push(
        await outbox.enqueue(
          inLocale(locale, () => cancellationMail(lesson, to, "", siteUrl)),
          trx,
        ),
      );
    }
    return {
      mailIds: ids,
      response: {
        lessonId: lesson.id,
        cancelledAt,
        outcome: outcome.result.kind,
        creditId: credit?.id ?? null,
        creditExpiresOn: credit?.expiresOn ?? null,
        message: cancellationMessages.cancelled,
      } satisfies CancellationResponse,
    };
  });
  for (const mailId of mailIds) await outbox.deliver(mailId);
  return response;
}
