import { cancellationMessages } from "../../domain/cancellation.ts";
import { classMinutes, lessonMessages, lessonStartsAt } from "../../domain/lesson-schedule.ts";
import { defaultLocale, isLocale } from "../../domain/locale.ts";
import type { CancellationPolicy } from "../../domain/policy.ts";
import {
  type AskRescheduleResponse,
  capAllowsAccepting,
  type DecideRescheduleResponse,
  formatLessonMoment,
  freeTimes,
  type HouseholdReschedulesResponse,
  type LessonTime,
  type PendingReschedulesResponse,
  type RescheduleOptionsResponse,
  type RescheduleRequest,
  rescheduleHorizonDays,
  rescheduleMessages,
  rescheduleRefusal,
} from "../../domain/reschedules.ts";
import type { AskRescheduleInput } from "../../domain/reschedules-schemas.ts";
import { addDays, dayInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { moveLesson, standingLessonsOf } from "../bookings/service.ts";
import { publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import { mailRecipients } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { availabilityBetween } from "../instructors/service.ts";
import { lockPlan, type Plan, periodStartOf, plansById } from "../plans/service.ts";
import { policyByVersion } from "../policy/service.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import { reschedulesAreAutomatic } from "../settings/service.ts";
import type { Wiring } from "../wiring.ts";
import {
  decideRequest,
  findLesson,
  findRequest,
  householdDaysBetween,
  insertRequest,
  type LessonToMove,
  pendingOfHousehold,
  pendingOfLesson,
  pendingRequests,
  planMoveCounts,
  recordMove,
} from "./repository.ts";

/**
 * Moving a lesson to another time (issue 29, docs/decisions/033). A guardian allowed to book asks for one of the
 * instructor's free times (domain/reschedules.ts); the owner or the lesson's instructor accepts or declines, or,
 * when the school moves chosen times at once (School settings), the request is accepted as it is made. Accepting
 * moves the lesson through bookings' `moveLesson` (the overlap and availability rules of every booking save) in the
 * transaction that decides the request, and mails the family and the instructor.
 */
export type RescheduleDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/** Who decides: the owner any request, an instructor their own lessons' only. */
export interface Decider {
  userId: string;
  role: string;
}

const notFound = () => appError("not-found", 404, cancellationMessages.notFound);

async function policyOf(db: Db, lesson: LessonToMove): Promise<CancellationPolicy> {
  const version = await policyByVersion(db, lesson.policyVersion);
  if (!version)
    throw new Error(`lesson ${lesson.id}: no cancellation policy version ${lesson.policyVersion}`);
  return version.policy;
}

/** The instructor's free times for the lesson now, under its policy version's notice. */
async function freeTimesOf(
  deps: RescheduleDeps,
  db: Db,
  lesson: LessonToMove,
  policy: CancellationPolicy,
  now: Date,
): Promise<LessonTime[]> {
  if (!lesson.instructorId) return [];
  const timeZone = deps.config.TZ_SCHOOL;
  const first = dayInZone(now, timeZone);
  const last = addDays(first, rescheduleHorizonDays);
  const days = Array.from({ length: rescheduleHorizonDays + 1 }, (_, i) => addDays(first, i));
  const [availability, standing, householdDays] = await Promise.all([
    availabilityBetween(db, lesson.instructorId, first, last),
    standingLessonsOf(db, lesson.instructorId, days),
    householdDaysBetween(db, lesson.clientId, first, last),
  ]);
  return freeTimes({
    availability,
    busy: standing.filter((other) => other.id !== lesson.id),
    householdDays,
    lesson,
    now,
    timeZone,
    noticeHours: policy.noticeHours,
  });
}

/**
 * The moves counted against the policy's cap: those of the plan's current paid period, its lessons dated from the
 * period's first day on (as its classes are counted). A renewal buys a new package, and with it new reschedules.
 */
function periodMoveCounts(deps: RescheduleDeps, db: Db, plan: Plan | undefined, planId: number) {
  // A lesson's plan is never deleted while the lesson stands; without it, every move of the plan counts.
  const fromDay = plan ? periodStartOf(plan, deps.config.TZ_SCHOOL) : "";
  return planMoveCounts(db, planId, fromDay);
}

/** Whether the lesson may be moved now, and the plan's counts: refused with the family's sentence when not. */
async function checkOf(deps: RescheduleDeps, db: Db, lesson: LessonToMove, now: Date) {
  const policy = await policyOf(db, lesson);
  const [plan] = await plansById(db, [lesson.planId]);
  const counts = await periodMoveCounts(deps, db, plan, lesson.planId);
  const pending = (await pendingOfLesson(db, lesson.id)) ?? null;
  const refusal = rescheduleRefusal({
    policy,
    lesson: {
      date: lesson.date,
      startTime: lesson.startTime,
      cancelled: lesson.cancelledAt !== null,
      hasInstructor: lesson.instructorId !== null,
    },
    now,
    timeZone: deps.config.TZ_SCHOOL,
    moved: counts.moved,
    waiting: counts.waiting,
    lessonWaiting: pending !== null,
  });
  return { policy, counts, pending, refusal };
}

async function householdLesson(db: Db, clientId: string, lessonId: number): Promise<LessonToMove> {
  const lesson = await findLesson(db, lessonId, clientId);
  if (!lesson) throw notFound();
  return lesson;
}

/** GET …/lessons/:lessonId/reschedule: whether the lesson can be moved, the free times, what confirming does. */
export async function rescheduleOptions(
  deps: RescheduleDeps,
  clientId: string,
  lessonId: number,
): Promise<RescheduleOptionsResponse> {
  const { db } = deps;
  const now = deps.clock.now();
  const lesson = await householdLesson(db, clientId, lessonId);
  const { policy, counts, pending, refusal } = await checkOf(deps, db, lesson, now);
  const automatic = await reschedulesAreAutomatic(db);
  return {
    lessonId: lesson.id,
    refusal: refusal ? rescheduleMessages.refusal(refusal) : null,
    automatic,
    moved: counts.moved,
    cap: policy.reschedulesPerPackage,
    freeTimes: refusal ? [] : await freeTimesOf(deps, db, lesson, policy, now),
    pending,
    words: refusal
      ? ""
      : rescheduleMessages.whatHappens(
          automatic,
          counts.moved + counts.waiting + 1,
          policy.reschedulesPerPackage,
        ),
  };
}

/** The mail saying a class moved, in the reader's language. */
function movedMail(
  from: { date: string; startTime: string | null },
  to: LessonTime,
  lesson: LessonToMove,
  recipient: { email: string; firstName: string },
  siteUrl: string,
): QueuedMail {
  const when = formatLessonMoment(to);
  return {
    to: recipient.email,
    subject: translate(
      /*i18n*/ { id: "mails.reschedule.subject", message: "Swim class moved: {when}", values: { when } },
    ),
    text: [
      mailWords.greeting(recipient.firstName),
      translate(
        /*i18n*/ {
          id: "mails.reschedule.body",
          message: "The swim class of {from} ({minutes} minutes) has been moved to {when}.",
          values: { from: formatLessonMoment(from), when, minutes: classMinutes },
        },
      ),
      lesson.instructorName ? lessonMessages.instructorLine(lesson.instructorName) : "",
      mailWords.foot(siteUrl, "account"),
    ]
      .filter(Boolean)
      .join("\n\n"),
  };
}

/** The mail saying a request was declined: the class stays at its time. */
function declinedMail(
  request: RescheduleRequest,
  recipient: { email: string; firstName: string },
  siteUrl: string,
): QueuedMail {
  return {
    to: recipient.email,
    subject: translate(
      /*i18n*/ {
        id: "mails.rescheduleDeclined.subject",
        message: "Swim class not moved: {when}",
        values: { when: formatLessonMoment(request.from) },
      },
    ),
    text: [
      mailWords.greeting(recipient.firstName),
      translate(
        /*i18n*/ {
          id: "mails.rescheduleDeclined.body",
          message:
            "Your request to move the swim class of {from} to {to} was declined. The class stays at its time.",
          values: { from: formatLessonMoment(request.from), to: formatLessonMoment(request.to) },
        },
      ),
      mailWords.foot(siteUrl, "account"),
    ].join("\n\n"),
  };
}

/** Queues `mail` for each guardian who gets the household's mail (in their language), and the instructor. */
async function queueMails(
  deps: RescheduleDeps,
  trx: Db,
  lesson: LessonToMove,
  mail: (recipient: { email: string; firstName: string }) => QueuedMail,
  options: { instructor: boolean },
): Promise<number[]> {
  const ids: number[] = [];
  for (const to of await mailRecipients(trx, [lesson.clientId], { reminders: false })) {
    ids.push(
      await deps.outbox.enqueue(
        inLocale(to.locale, () => mail(to)),
        trx,
      ),
    );
  }
  if (options.instructor && lesson.instructorEmail) {
    const locale = isLocale(lesson.instructorLocale) ? lesson.instructorLocale : defaultLocale;
    const to = { email: lesson.instructorEmail, firstName: lesson.instructorName ?? "" };
    ids.push(
      await deps.outbox.enqueue(
        inLocale(locale, () => mail(to)),
        trx,
      ),
    );
  }
  return ids;
}

/**
 * Accepts a waiting request in `trx`: claims it (of two decisions at once, one does), checks the plan's cap under
 * the plan's lock (accepted moves only), moves the lesson (bookings' rules: 409 when the time was taken
 * meanwhile, the transaction then undone and the request left waiting), records the move, queues the mails.
 */
async function acceptIn(
  deps: RescheduleDeps,
  trx: Db,
  lesson: LessonToMove,
  request: RescheduleRequest,
  byUserId: string,
  now: Date,
): Promise<number[]> {
  const at = now.toISOString();
  const plan = await lockPlan(trx, lesson.planId);
  if (
    !(await decideRequest(trx, request.id, { status: "accepted", decidedByUserId: byUserId, decidedAt: at }))
  ) {
    throw appError("reschedule-decided", 409, rescheduleMessages.alreadyDecided);
  }
  const current = await findLesson(trx, lesson.id);
  if (!current || current.cancelledAt !== null) {
    throw appError("lesson-cancelled", 409, rescheduleMessages.refusal({ kind: "cancelled" }));
  }
  if (!current.instructorId) {
    throw appError("reschedule-refused", 409, rescheduleMessages.refusal({ kind: "no-instructor" }));
  }
  const policy = await policyOf(trx, current);
  // The cap counts the accepted moves; this request is now one of them.
  const { moved } = await periodMoveCounts(deps, trx, plan, current.planId);
  if (!capAllowsAccepting(policy, moved - 1)) {
    throw appError("reschedule-cap-reached", 409, rescheduleMessages.capReachedOnAccept);
  }
  const to = request.to;
  if (lessonStartsAt(to.date, to.startTime, deps.config.TZ_SCHOOL).getTime() <= now.getTime()) {
    throw appError("reschedule-time-not-free", 409, rescheduleMessages.timePassed);
  }
  const from = { date: current.date, startTime: current.startTime };
  await moveLesson(
    trx,
    {
      id: current.id,
      bookingId: current.bookingId,
      clientId: current.clientId,
      planId: current.planId,
      date: current.date,
      instructorId: current.instructorId,
    },
    to,
  );
  await recordMove(trx, current.id, {
    rescheduledAt: at,
    rescheduledByUserId: byUserId,
    rescheduledFromDate: from.date,
    rescheduledFromStartTime: from.startTime,
  });
  const siteUrl = publicUrl(deps.config);
  return queueMails(deps, trx, current, (recipient) => movedMail(from, to, current, recipient, siteUrl), {
    instructor: true,
  });
}

/**
 * POST …/lessons/:lessonId/reschedule: a request for one of the free times. Refused (409 reschedule-refused, the
 * sentence saying why) when the lesson cannot be moved now, and (409 reschedule-time-not-free) when the time is not
 * free. When the school moves chosen times at once, the request is accepted in the same transaction.
 */
export async function askReschedule(
  deps: RescheduleDeps,
  request: { clientId: string; lessonId: number; input: AskRescheduleInput; byUserId: string },
): Promise<AskRescheduleResponse> {
  const { db } = deps;
  const { clientId, lessonId, input, byUserId } = request;
  const { response, mailIds } = await db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const lesson = await householdLesson(trx, clientId, lessonId);
    const { policy, refusal } = await checkOf(deps, trx, lesson, now);
    if (refusal) throw appError("reschedule-refused", 409, rescheduleMessages.refusal(refusal));
    const free = await freeTimesOf(deps, trx, lesson, policy, now);
    if (!free.some((time) => time.date === input.date && time.startTime === input.startTime)) {
      throw appError("reschedule-time-not-free", 409, rescheduleMessages.notFree, { field: "startTime" });
    }
    let requestId: number;
    try {
      requestId = await insertRequest(trx, {
        lessonId: lesson.id,
        fromDate: lesson.date,
        fromStartTime: lesson.startTime,
        toDate: input.date,
        toStartTime: input.startTime,
        requestedByUserId: byUserId,
        requestedAt: now.toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw appError("reschedule-refused", 409, rescheduleMessages.refusal({ kind: "pending" }));
      }
      throw error;
    }
    const automatic = await reschedulesAreAutomatic(trx);
    let ids: number[] = [];
    if (automatic) {
      const made = (await findRequest(trx, requestId)) as RescheduleRequest;
      ids = await acceptIn(deps, trx, lesson, made, byUserId, now);
    }
    const saved = (await findRequest(trx, requestId)) as RescheduleRequest;
    return {
      mailIds: ids,
      response: {
        request: saved,
        applied: automatic,
        message: automatic ? rescheduleMessages.moved(saved.to) : rescheduleMessages.requested,
      } satisfies AskRescheduleResponse,
    };
  });
  for (const mailId of mailIds) await deps.outbox.deliver(mailId);
  return response;
}

/** DELETE …/lessons/:lessonId/reschedule: the family withdraws the request waiting. */
export async function withdrawReschedule(
  deps: RescheduleDeps,
  request: { clientId: string; lessonId: number; byUserId: string },
): Promise<DecideRescheduleResponse> {
  const { db } = deps;
  return db.transaction().execute(async (trx) => {
    const lesson = await householdLesson(trx, request.clientId, request.lessonId);
    const pending = await pendingOfLesson(trx, lesson.id);
    const decided =
      pending &&
      (await decideRequest(trx, pending.id, {
        status: "withdrawn",
        decidedByUserId: request.byUserId,
        decidedAt: deps.clock.now().toISOString(),
      }));
    if (!pending || !decided) throw appError("reschedule-not-found", 409, rescheduleMessages.noneWaiting);
    return {
      request: (await findRequest(trx, pending.id)) as RescheduleRequest,
      message: rescheduleMessages.withdrawn,
    };
  });
}

/** GET /api/clients/:clientId/reschedules: the household's requests waiting. */
export async function householdReschedules(
  deps: RescheduleDeps,
  clientId: string,
): Promise<HouseholdReschedulesResponse> {
  return { requests: await pendingOfHousehold(deps.db, clientId) };
}

/** GET /api/reschedules: the requests waiting; an instructor's, their own lessons' only. */
export async function waitingReschedules(
  deps: RescheduleDeps,
  viewer: Decider,
): Promise<PendingReschedulesResponse> {
  const rows = await pendingRequests(deps.db, viewer.role === "instructor" ? viewer.userId : null);
  const caps = new Map<number, number>();
  const counts = new Map<number, number>();
  const plans = new Map(
    (await plansById(deps.db, [...new Set(rows.map((row) => row.planId))])).map((plan) => [plan.id, plan]),
  );
  const requests = [];
  for (const row of rows) {
    if (!caps.has(row.policyVersion)) {
      caps.set(
        row.policyVersion,
        (await policyByVersion(deps.db, row.policyVersion))?.policy.reschedulesPerPackage ?? 0,
      );
    }
    if (!counts.has(row.planId)) {
      const { moved } = await periodMoveCounts(deps, deps.db, plans.get(row.planId), row.planId);
      counts.set(row.planId, moved);
    }
    const { planId: _plan, policyVersion, instructorId: _instructor, ...request } = row;
    requests.push({ ...request, moved: counts.get(row.planId) ?? 0, cap: caps.get(policyVersion) ?? 0 });
  }
  return { requests };
}

/**
 * POST /api/reschedules/:requestId/accept | decline. An instructor decides only their own lessons' requests (403
 * otherwise); a request no longer waiting is 409. Declining mails the family; accepting moves the lesson
 * (`acceptIn`).
 */
export async function decideReschedule(
  deps: RescheduleDeps,
  input: { requestId: number; decision: "accept" | "decline"; viewer: Decider },
): Promise<DecideRescheduleResponse> {
  const { db } = deps;
  const { requestId, decision, viewer } = input;
  const { response, mailIds } = await db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const request = await findRequest(trx, requestId);
    if (!request) throw appError("reschedule-not-found", 404, rescheduleMessages.requestNotFound);
    const lesson = await findLesson(trx, request.lessonId);
    if (!lesson) throw appError("reschedule-not-found", 404, rescheduleMessages.requestNotFound);
    if (viewer.role === "instructor" && lesson.instructorId !== viewer.userId) {
      throw appError("permission-denied", 403, lessonMessages.notYourLesson);
    }
    let ids: number[];
    if (decision === "accept") {
      ids = await acceptIn(deps, trx, lesson, request, viewer.userId, now);
    } else {
      const at = now.toISOString();
      if (
        !(await decideRequest(trx, request.id, {
          status: "declined",
          decidedByUserId: viewer.userId,
          decidedAt: at,
        }))
      ) {
        throw appError("reschedule-decided", 409, rescheduleMessages.alreadyDecided);
      }
      const siteUrl = publicUrl(deps.config);
      ids = await queueMails(deps, trx, lesson, (recipient) => declinedMail(request, recipient, siteUrl), {
        instructor: false,
      });
    }
    const decided = (await findRequest(trx, request.id)) as RescheduleRequest;
    return {
      mailIds: ids,
      response: {
        request: decided,
        message: decision === "accept" ? rescheduleMessages.moved(decided.to) : rescheduleMessages.declined,
      } satisfies DecideRescheduleResponse,
    };
  });
  for (const mailId of mailIds) await deps.outbox.deliver(mailId);
  return response;
}
