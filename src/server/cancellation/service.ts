import type { Role } from "../../domain/auth.ts";
import {
  type AppliedCancellation,
  type CancellationPreview,
  type CancellationResponse,
  cancellationMessages,
  cancellationWords,
  cancelledWords,
  type LessonCancellationReason,
  policyReasonOf,
} from "../../domain/cancellation.ts";
import type { CancelLessonInput } from "../../domain/cancellation-schemas.ts";
import type { CreditKind } from "../../domain/credits.ts";
import { classMinutes, lessonMessages } from "../../domain/lesson-schedule.ts";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { type CancellationOutcome, cancellationOutcome } from "../../domain/policy.ts";
import {
  inWeatherRange,
  type SchoolCancellationPreview,
  type SchoolCancellationReason,
  schoolCancellationMessages,
  type WeatherDayLesson,
  type WeatherDayPreview,
  type WeatherDayResult,
} from "../../domain/school-cancellation.ts";
import type {
  SchoolCancelInput,
  WeatherDayInput,
  WeatherDayQuery,
} from "../../domain/school-cancellation-schemas.ts";
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
  type DayLesson,
  findHouseholdLesson,
  findLesson,
  type LessonToCancel,
  lessonsOfDay,
  setCancellationCredit,
} from "./repository.ts";

/**
 * Cancelling lessons (issue 29, docs/decisions/031, 034): a family's cancellation, the school's of one lesson, and a
 * weather day all go through one per-lesson core, `applyCancellation` (claim the lesson, issue its credit), and one
 * mail writer, `queueCancellationMails`, in the caller's transaction.
 */
export type CancellationDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config" | "log">;

/** Who acts for the school: the owner ("admin", any lesson) or an instructor (their own lessons only). */
export interface Staff {
  userId: string;
  role: Role;
}

/** The household's lesson, or 404: another household's lesson is, to this caller, no lesson at all. */
async function lessonOfHousehold(db: Db, clientId: string, lessonId: number): Promise<LessonToCancel> {
  const lesson = await findHouseholdLesson(db, clientId, lessonId);
  if (!lesson) throw appError("not-found", 404, cancellationMessages.notFound);
  return lesson;
}

/** Any lesson for the owner; an instructor's own only (another's is, to them, none: 404). */
async function lessonOfStaff(db: Db, staff: Staff, lessonId: number): Promise<LessonToCancel> {
  const lesson = await findLesson(db, lessonId);
  if (!lesson || (staff.role !== "admin" && lesson.instructorId !== staff.userId)) {
    throw appError("not-found", 404, cancellationMessages.notFound);
  }
  return lesson;
}

/** The policy versions read once per request: a weather day's lessons share a few. */
type Policies = Map<number, Awaited<ReturnType<typeof policyByVersion>>>;

/** Whether `lesson` can be cancelled at `now`, and if so what it leads to under the policy version it was booked under. */
type Standing =
  | { kind: "standing"; outcome: CancellationOutcome }
  | { kind: "cancelled" }
  | { kind: "past"; outcome: CancellationOutcome };

async function standingOf(
  deps: CancellationDeps,
  db: Db,
  lesson: LessonToCancel,
  reason: LessonCancellationReason,
  now: Date,
  policies: Policies = new Map(),
): Promise<Standing> {
  if (lesson.cancelledAt !== null) return { kind: "cancelled" };
  if (!policies.has(lesson.policyVersion)) {
    policies.set(lesson.policyVersion, await policyByVersion(db, lesson.policyVersion));
  }
  const version = policies.get(lesson.policyVersion);
  if (!version)
    throw new Error(`lesson ${lesson.id}: no cancellation policy version ${lesson.policyVersion}`);
  const outcome = cancellationOutcome(version.policy, {
    lessonDate: lesson.date,
    lessonStartTime: lesson.startTime,
    now,
    timeZone: deps.config.TZ_SCHOOL,
    reason: policyReasonOf(reason),
  });
  // A class that has begun (or, with no time, whose day has come) is past cancelling.
  if (now.getTime() >= outcome.countedFrom.getTime()) return { kind: "past", outcome };
  return { kind: "standing", outcome };
}

/** What cancelling `lesson` at `now` leads to, or 409 when it is cancelled already or past. */
async function outcomeOf(
  deps: CancellationDeps,
  db: Db,
  lesson: LessonToCancel,
  reason: LessonCancellationReason,
  now: Date,
): Promise<CancellationOutcome> {
  const standing = await standingOf(deps, db, lesson, reason, now);
  if (standing.kind === "cancelled") {
    throw appError("lesson-cancelled", 409, cancellationMessages.alreadyCancelled);
  }
  if (standing.kind === "past") throw appError("lesson-past", 409, cancellationMessages.past);
  return standing.outcome;
}

/** A lesson cancelled by `applyCancellation`: what was applied to it. */
export interface AppliedToLesson {
  lesson: LessonToCancel;
  cancelledAt: string;
  outcome: AppliedCancellation;
  credit: { id: number; expiresOn: string } | null;
}

const creditKindOf = (reason: LessonCancellationReason): CreditKind =>
  reason === "school" ? "school" : reason === "weather" ? "weather" : "cancellation";

/**
 * The per-lesson core, in the caller's transaction: marks the lesson cancelled by a conditional UPDATE (of two
 * cancellations at once, the second finds it cancelled: null, nothing applied; on PostgreSQL it waits for the first's
 * row lock, then re-reads) and issues the credit when the outcome says so, household-wide. `creditReason` is what the
 * ledger says the credit is for: the class's day (data, not words), or the school's message.
 */
export async function applyCancellation(
  trx: Db,
  deps: Pick<CancellationDeps, "config">,
  request: {
    lesson: LessonToCancel;
    reason: LessonCancellationReason;
    outcome: CancellationOutcome;
    byUserId: string;
    now: Date;
    creditReason: string;
  },
): Promise<AppliedToLesson | null> {
  const { lesson, reason, outcome, byUserId, now } = request;
  const cancelledAt = now.toISOString();
  const claimed = await claimCancellation(trx, lesson.id, {
    cancelledAt,
    cancelledByUserId: byUserId,
    cancellationReason: reason,
    cancellationOutcome: outcome.result.kind,
  });
  if (!claimed) return null;
  await recordAudit(trx, {
    kind: "lesson",
    id: lesson.id,
    action: "cancelled",
    householdId: lesson.clientId,
    after: { date: lesson.date, reason, outcome: outcome.result.kind },
  });
  let credit: AppliedToLesson["credit"] = null;
  if (outcome.result.kind === "credit") {
    const issued = await issueCredit(trx, {
      householdId: lesson.clientId,
      swimmerId: null,
      kind: creditKindOf(reason),
      reason: request.creditReason,
      expiresOn: outcome.result.expiresOn,
      issuedByUserId: null,
      now,
      timeZone: deps.config.TZ_SCHOOL,
    });
    credit = { id: issued.id, expiresOn: issued.expiresOn };
    await setCancellationCredit(trx, lesson.id, issued.id);
  }
  return { lesson, cancelledAt, outcome: outcome.result.kind, credit };
}

/** Why the school cancelled, said in the mail; nothing for a family's own cancellation (they know why). */
function whyLine(reason: LessonCancellationReason): string {
  if (reason === "weather")
    return translate(
      /*i18n*/ {
        id: "mails.cancellation.byWeather",
        message: "The school has cancelled it because of the weather.",
      },
    );
  if (reason === "school")
    return translate(/*i18n*/ { id: "mails.cancellation.bySchool", message: "The school has cancelled it." });
  return "";
}

/** One lesson's lines in a mail: when, who teaches, and (to the family) what was applied. */
function lessonLines(applied: AppliedToLesson, forFamily: boolean): string {
  const { lesson } = applied;
  const result = forFamily
    ? cancelledWords({
        creditExpiresOn: applied.credit?.expiresOn ?? null,
        paidByCredit: lesson.paidByCreditId !== null,
      })
    : "";
  return [
    lessonMessages.timeLine(lesson.startTime),
    lesson.instructorName ? lessonMessages.instructorLine(lesson.instructorName) : "",
    result,
  ]
    .filter(Boolean)
    .join("\n");
}

/**
 * The mail saying which classes were cancelled and what was applied, in the reader's language. One class reads as
 * it always did; several (a guardian of two households, an instructor's weather day) are listed, each with its own.
 */
function cancellationMail(
  applied: readonly AppliedToLesson[],
  to: { email: string; firstName: string },
  options: { forFamily: boolean; reason: LessonCancellationReason; note: string; siteUrl: string },
): QueuedMail {
  const first = applied[0] as AppliedToLesson;
  const day = formatDay(first.lesson.date, { dateStyle: "full" });
  const one = applied.length === 1;
  const subject = one
    ? translate(
        /*i18n*/ {
          id: "mails.cancellation.subject",
          message: "Swim class cancelled: {day}",
          values: { day },
        },
      )
    : translate(
        /*i18n*/ {
          id: "mails.cancellation.subjectMany",
          message: "Swim classes cancelled: {day}",
          values: { day },
        },
      );
  const intro = one
    ? translate(
        /*i18n*/ {
          id: "mails.cancellation.body",
          message: "The swim class of {day} ({minutes} minutes) has been cancelled.",
          values: { day, minutes: classMinutes },
        },
      )
    : translate(
        /*i18n*/ {
          id: "mails.cancellation.bodyMany",
          message: "These swim classes ({minutes} minutes each) have been cancelled:",
          values: { minutes: classMinutes },
        },
      );
  const lessons = one
    ? [lessonLines(first, options.forFamily)]
    : applied.map(
        (each) =>
          `${formatDay(each.lesson.date, { dateStyle: "full" })}\n${lessonLines(each, options.forFamily)}`,
      );
  const note = options.note
    ? translate(
        /*i18n*/ {
          id: "mails.cancellation.note",
          message: "The school's message: {note}",
          values: { note: options.note },
        },
      )
    : "";
  return {
    to: to.email,
    subject,
    text: [
      mailWords.greeting(to.firstName),
      [intro, whyLine(options.reason)].filter(Boolean).join(" "),
      note,
      ...lessons,
      mailWords.foot(options.siteUrl, "account"),
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}

/**
 * Queues, in the caller's transaction, one mail per guardian who gets a household's mail (in their language, listing
 * their household's cancelled classes and what each was given) and one per instructor of the classes, unless they
 * cancelled them themselves. The mail ids, to deliver after the commit.
 */
export async function queueCancellationMails(
  trx: Db,
  deps: Pick<CancellationDeps, "outbox" | "config">,
  applied: readonly AppliedToLesson[],
  options: { reason: LessonCancellationReason; note: string; byUserId: string },
): Promise<number[]> {
  const siteUrl = publicUrl(deps.config);
  const mail = { reason: options.reason, note: options.note, siteUrl };
  const ids: number[] = [];
  const guardians = new Map<
    string,
    { to: { email: string; firstName: string }; locale: Locale; clientIds: Set<string> }
  >();
  for (const to of await mailRecipients(
    trx,
    applied.map((each) => each.lesson.clientId),
    { reminders: false },
  )) {
    const known = guardians.get(to.userId) ?? { to, locale: to.locale, clientIds: new Set<string>() };
    known.clientIds.add(to.clientId);
    guardians.set(to.userId, known);
  }
  for (const { to, locale, clientIds } of guardians.values()) {
    const theirs = applied.filter((each) => clientIds.has(each.lesson.clientId));
    ids.push(
      await deps.outbox.enqueue(
        inLocale(locale, () => cancellationMail(theirs, to, { ...mail, forFamily: true })),
        trx,
      ),
    );
  }
  const instructors = new Map<string, AppliedToLesson[]>();
  for (const each of applied) {
    const { instructorId, instructorEmail } = each.lesson;
    if (!instructorId || !instructorEmail || instructorId === options.byUserId) continue;
    instructors.set(instructorId, [...(instructors.get(instructorId) ?? []), each]);
  }
  for (const theirs of instructors.values()) {
    const { instructorEmail, instructorName, instructorLocale } = (theirs[0] as AppliedToLesson).lesson;
    const locale = isLocale(instructorLocale) ? instructorLocale : defaultLocale;
    const to = { email: instructorEmail as string, firstName: instructorName ?? "" };
    ids.push(
      await deps.outbox.enqueue(
        inLocale(locale, () => cancellationMail(theirs, to, { ...mail, forFamily: false })),
        trx,
      ),
    );
  }
  return ids;
}

async function deliverAll(deps: Pick<CancellationDeps, "outbox">, mailIds: readonly number[]): Promise<void> {
  for (const mailId of mailIds) await deps.outbox.deliver(mailId);
}

// A family cancels (docs/decisions/031).

function previewOf(lesson: LessonToCancel, reason: LessonCancellationReason, outcome: CancellationOutcome) {
  const preview: Omit<CancellationPreview, "words"> = {
    lessonId: lesson.id,
    reason,
    timing: outcome.timing,
    outcome: outcome.result.kind,
    creditExpiresOn: outcome.result.kind === "credit" ? outcome.result.expiresOn : null,
    deadline: outcome.deadline?.toISOString() ?? null,
    noticeHours: outcome.noticeHours,
  };
  return {
    ...preview,
    words: cancellationWords({ ...preview, paidByCredit: lesson.paidByCreditId !== null }),
  };
}

/** GET …/lessons/:lessonId/cancellation: what cancelling now would do. */
export async function cancellationPreview(
  deps: CancellationDeps,
  clientId: string,
  lessonId: number,
  reason: LessonCancellationReason,
): Promise<CancellationPreview> {
  const lesson = await lessonOfHousehold(deps.db, clientId, lessonId);
  return previewOf(lesson, reason, await outcomeOf(deps, deps.db, lesson, reason, deps.clock.now()));
}

/**
 * POST …/lessons/:lessonId/cancellation: in one transaction, cancels the lesson (the core above: of two at once, the
 * second is refused), and queues the mails to the household's guardians and the instructor. If the outcome is not
 * the one the family was shown (the deadline passed meanwhile), 409 with the new one and nothing applied.
 */
export async function cancelLesson(
  deps: CancellationDeps,
  request: { clientId: string; lessonId: number; input: CancelLessonInput; byUserId: string },
): Promise<CancellationResponse> {
  const { clientId, lessonId, input, byUserId } = request;
  const { response, mailIds } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const lesson = await lessonOfHousehold(trx, clientId, lessonId);
    const outcome = await outcomeOf(deps, trx, lesson, input.reason, now);
    if (outcome.result.kind !== input.expectedOutcome) {
      throw appError("cancellation-outcome-changed", 409, cancellationMessages.outcomeChanged, {
        preview: previewOf(lesson, input.reason, outcome),
      });
    }
    const applied = await applyCancellation(trx, deps, {
      lesson,
      reason: input.reason,
      outcome,
      byUserId,
      now,
      // Data, not words: the class it stands for, by its day.
      creditReason: lesson.date,
    });
    if (!applied) throw appError("lesson-cancelled", 409, cancellationMessages.alreadyCancelled);
    const ids = await queueCancellationMails(trx, deps, [applied], {
      reason: input.reason,
      note: "",
      byUserId,
    });
    return { mailIds: ids, response: responseOf(applied, cancellationMessages.cancelled) };
  });
  await deliverAll(deps, mailIds);
  return response;
}

function responseOf(applied: AppliedToLesson, message: string): CancellationResponse {
  return {
    lessonId: applied.lesson.id,
    cancelledAt: applied.cancelledAt,
    outcome: applied.outcome,
    creditId: applied.credit?.id ?? null,
    creditExpiresOn: applied.credit?.expiresOn ?? null,
    message,
  };
}

// The school cancels one lesson (docs/decisions/034).

function schoolPreviewOf(
  lesson: LessonToCancel,
  reason: SchoolCancellationReason,
  outcome: CancellationOutcome,
): SchoolCancellationPreview {
  // The school's cancellations always give a credit (domain/policy.ts).
  const expiresOn = outcome.result.kind === "credit" ? outcome.result.expiresOn : "";
  return {
    lessonId: lesson.id,
    reason,
    creditExpiresOn: expiresOn,
    policyVersion: lesson.policyVersion,
    words: schoolCancellationMessages.creditWords(expiresOn, lesson.policyVersion),
  };
}

/** GET /api/lessons/:lessonId/school-cancellation: what the school's cancelling it now does. */
export async function schoolCancellationPreview(
  deps: CancellationDeps,
  staff: Staff,
  lessonId: number,
  reason: SchoolCancellationReason,
): Promise<SchoolCancellationPreview> {
  const lesson = await lessonOfStaff(deps.db, staff, lessonId);
  return schoolPreviewOf(lesson, reason, await outcomeOf(deps, deps.db, lesson, reason, deps.clock.now()));
}

/**
 * POST /api/lessons/:lessonId/school-cancellation: the owner (any lesson) or its instructor cancels it, for the
 * school's reason or the weather, in one transaction with its credit and the mails to its family and instructor.
 */
export async function cancelBySchool(
  deps: CancellationDeps,
  request: { staff: Staff; lessonId: number; input: SchoolCancelInput },
): Promise<CancellationResponse> {
  const { staff, lessonId, input } = request;
  const { response, mailIds } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const lesson = await lessonOfStaff(trx, staff, lessonId);
    const outcome = await outcomeOf(deps, trx, lesson, input.reason, now);
    const applied = await applyCancellation(trx, deps, {
      lesson,
      reason: input.reason,
      outcome,
      byUserId: staff.userId,
      now,
      creditReason: input.note || lesson.date,
    });
    if (!applied) throw appError("lesson-cancelled", 409, cancellationMessages.alreadyCancelled);
    const ids = await queueCancellationMails(trx, deps, [applied], {
      reason: input.reason,
      note: input.note,
      byUserId: staff.userId,
    });
    return { mailIds: ids, response: responseOf(applied, schoolCancellationMessages.cancelled) };
  });
  await deliverAll(deps, mailIds);
  return response;
}

// The weather day (docs/decisions/034).

/** Whose lessons a weather day covers: an instructor's own (another's: 403); the owner's choice, or everyone's. */
function instructorScope(staff: Staff, instructorId: string | undefined): string | null {
  if (staff.role === "admin") return instructorId ?? null;
  if (instructorId !== undefined && instructorId !== staff.userId) {
    throw appError("permission-denied", 403, schoolCancellationMessages.onlyOwnLessons, {
      field: "instructorId",
    });
  }
  return staff.userId;
}

interface WeatherLessons {
  lessons: { lesson: DayLesson; standing: Standing }[];
  preview: WeatherDayPreview;
}

async function weatherLessons(
  deps: CancellationDeps,
  db: Db,
  staff: Staff,
  query: WeatherDayQuery,
  now: Date,
): Promise<WeatherLessons> {
  const range = { from: query.from ?? null, to: query.to ?? null };
  const day = await lessonsOfDay(db, {
    date: query.date,
    instructorId: instructorScope(staff, query.instructorId),
  });
  const policies: Policies = new Map();
  const lessons: WeatherLessons["lessons"] = [];
  for (const lesson of day.filter((each) => inWeatherRange(each.startTime, range))) {
    lessons.push({ lesson, standing: await standingOf(deps, db, lesson, "weather", now, policies) });
  }
  const shown: WeatherDayLesson[] = lessons.map(({ lesson, standing }) => ({
    lessonId: lesson.id,
    clientId: lesson.clientId,
    startTime: lesson.startTime,
    householdName: lesson.householdName,
    swimmers: lesson.swimmers,
    instructorName: lesson.instructorName,
    status: standing.kind === "standing" ? "to-cancel" : standing.kind,
    creditExpiresOn:
      standing.kind === "standing" && standing.outcome.result.kind === "credit"
        ? standing.outcome.result.expiresOn
        : null,
    policyVersion: lesson.policyVersion,
  }));
  // Time order for the reader, "time to be set" last.
  shown.sort((a, b) =>
    (a.startTime ?? "99") === (b.startTime ?? "99")
      ? a.lessonId - b.lessonId
      : (a.startTime ?? "99") < (b.startTime ?? "99")
        ? -1
        : 1,
  );
  const toCancel = shown.filter((each) => each.status === "to-cancel");
  const households = new Set(toCancel.map((each) => each.clientId)).size;
  return {
    lessons,
    preview: {
      date: query.date,
      ...range,
      lessons: shown,
      toCancel: toCancel.length,
      households,
      words: schoolCancellationMessages.weatherDayWords(toCancel.length, households),
    },
  };
}

/** GET /api/weather-day: every lesson of the date and range in the caller's reach, and what declaring it does. */
export async function weatherDayPreview(
  deps: CancellationDeps,
  staff: Staff,
  query: WeatherDayQuery,
): Promise<WeatherDayPreview> {
  return (await weatherLessons(deps, deps.db, staff, query, deps.clock.now())).preview;
}

/**
 * POST /api/weather-day: in one transaction, cancels each standing lesson the caller was shown (reason `weather`,
 * its credit under the weather rule of its own policy version) and queues one mail per guardian and instructor;
 * delivery is tried after the commit. A lesson shown but cancelled or started since is skipped and said so; a
 * standing lesson not shown (booked meanwhile) makes it 409 with the new preview, nothing applied. Two runs at once
 * claim each lesson once (the core's conditional UPDATE, in lesson id order): one credit per lesson.
 *
 * The answer comes at the commit, the mails are delivered after it without keeping the owner waiting: a hundred
 * lessons commit in about half a second, their hundred mails take about fifteen (docs/decisions/034). Every mail is
 * in the outbox from the commit on; one not delivered now is sent by the outbox's retry sweep.
 */
export async function declareWeatherDay(
  deps: CancellationDeps,
  staff: Staff,
  input: WeatherDayInput,
): Promise<WeatherDayResult> {
  const { result, mailIds } = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const { lessons, preview } = await weatherLessons(deps, trx, staff, input, now);
    const shown = new Set(input.lessonIds);
    if (lessons.some(({ lesson, standing }) => standing.kind === "standing" && !shown.has(lesson.id))) {
      throw appError("weather-day-changed", 409, schoolCancellationMessages.changed, { preview });
    }
    const applied: AppliedToLesson[] = [];
    const skipped: WeatherDayResult["skipped"] = [];
    for (const { lesson, standing } of lessons) {
      if (!shown.has(lesson.id)) continue;
      if (standing.kind !== "standing") {
        skipped.push({ lessonId: lesson.id, why: standing.kind });
        continue;
      }
      const done = await applyCancellation(trx, deps, {
        lesson,
        reason: "weather",
        outcome: standing.outcome,
        byUserId: staff.userId,
        now,
        creditReason: input.note,
      });
      if (done) applied.push(done);
      else skipped.push({ lessonId: lesson.id, why: "cancelled" });
    }
    const ids =
      applied.length === 0
        ? []
        : await queueCancellationMails(trx, deps, applied, {
            reason: "weather",
            note: input.note,
            byUserId: staff.userId,
          });
    return {
      mailIds: ids,
      result: {
        date: input.date,
        cancelled: applied.map((each) => ({
          lessonId: each.lesson.id,
          creditId: each.credit?.id as number,
          creditExpiresOn: each.credit?.expiresOn as string,
        })),
        skipped,
        households: new Set(applied.map((each) => each.lesson.clientId)).size,
        mails: ids.length,
        message: schoolCancellationMessages.weatherDayDone(applied.length, skipped.length),
      } satisfies WeatherDayResult,
    };
  });
  deliverAll(deps, mailIds).catch((error: unknown) =>
    deps.log("warn", "weather day mails not all sent yet; the outbox retries them", { error: String(error) }),
  );
  return result;
}
