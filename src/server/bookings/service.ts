import type { Role } from "../../domain/auth.ts";
import {
  adminFeedbackPageSize,
  type Booking,
  type BookingDraftResponse,
  type BookingPageResponse,
  type BookingRefusal,
  type BookWithCreditResponse,
  bookingMessages,
  type ClientBookingsResponse,
  type ClientPlanProgress,
  checkCreditDate,
  checkEdit,
  checkNewSelection,
  manageBookingsPageSize,
  type SaveBookingResponse,
  selectableDates,
  upcomingFeedbackChange,
} from "../../domain/bookings.ts";
import type {
  BookWithCreditInput,
  EditBookingInput,
  LessonScheduleInput,
  LessonSwimmersInput,
  SaveBookingInput,
  SaveFeedbackInput,
} from "../../domain/bookings-schemas.ts";
import { creditMessages } from "../../domain/credits.ts";
import { lessonMessages, startsOverlap } from "../../domain/lesson-schedule.ts";
import { messages } from "../../domain/messages.ts";
import { paths } from "../../domain/paths.ts";
import type { SkillChange } from "../../domain/progress.ts";
import { dayInZone, formatDay } from "../../domain/school-day.ts";
import { packTitle } from "../../domain/subscriptions.ts";
import { translate } from "../../domain/translate.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import { type Config, publicUrl } from "../config.ts";
import { availableCredits, creditView, redeemCredit } from "../credits/service.ts";
import type { Db } from "../db/database.ts";
import { type MailRecipient, mailRecipients, swimmerNamesOf, swimmersOf } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import type { Log } from "../http/log.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { findInstructor, lockInstructorSchedule, refuseOutsideAvailability } from "../instructors/service.ts";
import {
  activePlanOf,
  activePlanWithCountOf,
  type ClassCount,
  classCountOf,
  classesLeft,
  lockActivePlanOf,
  lockPlan,
  lockPlanForCreditLesson,
  type Plan,
  periodStartOf,
  planForCreditLessonOf,
  schoolTimeOf,
} from "../plans/service.ts";
import { currentPolicyVersion } from "../policy/service.ts";
import type { Outbox, QueuedMail } from "../ports/mail/outbox.ts";
import { lessonSkillsOfMail, progressLinkLine, skillsParagraphOf } from "../progress/service.ts";
import {
  type BookingRow,
  bookingsOfClient,
  cancelBookingsOfPlan as cancelBookingsOfPlanRows,
  datesBookedElsewhere,
  deleteBookingRow,
  deleteLessons,
  findBooking,
  findBookingOfPlan,
  findClientContact,
  insertBooking,
  insertLessons,
  type LessonRow,
  type LessonSchedule,
  lessonsOf,
  listBookings,
  listBookingsOfInstructor,
  moveLessonRow,
  planLessonsFrom,
  refreshBookingTotals,
  refreshFirstDate,
  setLessonFeedback,
  setLessonPaidByCredit,
  setLessonSchedule,
  setLessonSwimmers,
  timedLessonsOf,
} from "./repository.ts";

export interface BookingDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "TZ_SCHOOL" | "PUBLIC_URL" | "PORT">;
  outbox: Outbox;
  log: Log;
}

/** Today in the school's time zone: what "past" means for class dates. */
export const schoolToday = (deps: Pick<BookingDeps, "clock" | "config">) =>
  dayInZone(deps.clock.now(), deps.config.TZ_SCHOOL);

const periodStart = (deps: Pick<BookingDeps, "config">, plan: Plan) =>
  periodStartOf(plan, deps.config.TZ_SCHOOL);

/**
 * Who reads a booking: the owner and the household's guardians see it whole; an instructor only the lessons they
 * teach, and no payment (docs/decisions/021).
 */
export interface Viewer {
  userId: string;
  role: Role;
}

const instructorOf = (viewer: Viewer | undefined) => (viewer?.role === "instructor" ? viewer.userId : null);

function toBooking(
  row: BookingRow,
  lessons: readonly LessonRow[],
  familySwimmers: Booking["familySwimmers"],
  viewer?: Viewer,
): Booking {
  const instructor = instructorOf(viewer);
  const shown = instructor ? lessons.filter((lesson) => lesson.instructor?.id === instructor) : lessons;
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ""}`.trim(),
    subscriptionId: row.subscriptionId,
    title: row.title,
    status: row.status,
    paid: instructor ? null : row.paid === 1,
    classCount: row.classCount,
    amountToPay: instructor ? null : row.amountToPay,
    dates: shown.map((lesson) => ({
      date: lesson.date,
      feedback: lesson.swimmers[0]?.feedback ?? null,
      swimmers: lesson.swimmers,
      startTime: lesson.startTime,
      lessonId: lesson.id,
      cancellation: lesson.cancellation,
      paidByCredit: lesson.paidByCreditId !== null,
      moved: lesson.moved,
      instructor: lesson.instructor,
    })),
    familySwimmers,
    address: row.address ?? "",
    accessNotes: row.accessNotes ?? "",
  };
}

/**
 * Bookings with their dates and their households' swimmers, one query each for all of them (`swimmers`: already
 * read by the caller, for one household's bookings).
 */
async function withLessons(
  db: Db,
  rows: readonly BookingRow[],
  swimmers?: readonly { id: string; clientId: string; firstName: string }[],
  viewer?: Viewer,
): Promise<Booking[]> {
  const [lessons, familySwimmers] = await Promise.all([
    lessonsOf(
      db,
      rows.map((row) => row.id),
    ),
    swimmers ??
      swimmerNamesOf(
        db,
        rows.map((row) => row.clientId),
      ),
  ]);
  return rows.map((row) =>
    toBooking(
      row,
      lessons.filter((lesson) => lesson.bookingId === row.id),
      familySwimmers
        .filter((swimmer) => swimmer.clientId === row.clientId)
        .map(({ id, firstName }) => ({ id, firstName })),
      viewer,
    ),
  );
}

async function bookingById(db: Db, bookingId: number, viewer?: Viewer): Promise<Booking> {
  const row = await findBooking(db, bookingId);
  if (!row) throw notFound();
  const [booking] = await withLessons(db, [row], undefined, viewer);
  return booking as Booking;
}

/**
 * An instructor reaches a booking only through a lesson they teach: any other is "not found" to them, as if it did
 * not exist (its household is not theirs to know of).
 */
function assertTeaches(lessons: readonly LessonRow[], viewer: Viewer | undefined): void {
  const instructor = instructorOf(viewer);
  if (instructor && !lessons.some((lesson) => lesson.instructor?.id === instructor)) throw notFound();
}

/** An instructor changes only a lesson they teach; the owner any. */
function assertOwnLesson(lesson: LessonRow, viewer: Viewer | undefined): void {
  const instructor = instructorOf(viewer);
  if (instructor && lesson.instructor?.id !== instructor) {
    throw appError("permission-denied", 403, lessonMessages.notYourLesson, { field: "date" });
  }
}

const notFound = () => appError("booking-not-found", 404, bookingMessages.bookingNotFound);
const noActivePlan = () => appError("no-active-subscription", 409, messages.noActiveSubscription);

function refuse(refusal: BookingRefusal): never {
  const status = refusal.code === "too-many-dates" ? 409 : 400;
  throw appError(refusal.code, status, refusal.message, { field: "dates" });
}

/** How the plan's current period stands for one booking (or for a booking not made yet). */
interface PlanCount {
  today: string;
  /** Booked dates of the period in total. */
  booked: number;
  /** Of those, the ones in other bookings than `bookingId`. */
  bookedElsewhere: number;
  /** The booking's own past (or cancelled) dates of the plan in the period, and before it: kept as they are. */
  keptPast: number;
  keptPastBeforePeriod: number;
  /** The booking's own dates paid by a class credit: kept, in its class count, not the plan's (decision 032). */
  keptPaidByCredit: number;
  /** The booking's own dates of the plan from today on, not cancelled: what a save may move. */
  ownFuture: string[];
  /**
   * The booking's own cancelled dates (kept with their cancellation, docs/decisions/031) and dates paid by a credit
   * (docs/decisions/032): never moved or booked again by a save of the plan's dates.
   */
  ownKept: string[];
  /** Of those, the ones paid by a credit from today on, not cancelled: taken, shown apart from the plan's. */
  creditFuture: string[];
}

async function countForBooking(
  deps: BookingDeps,
  db: Db,
  plan: Plan,
  booking: { id: number } | undefined,
): Promise<PlanCount> {
  const today = schoolToday(deps);
  const fromDay = periodStart(deps, plan);
  const periodLessons = await planLessonsFrom(db, plan.id, fromDay);
  const allOwn = booking ? await lessonsOf(db, [booking.id]) : [];
  const paidByCredit = allOwn.filter((lesson) => lesson.paidByCreditId !== null);
  const own = allOwn.filter((lesson) => lesson.paidByCreditId === null);
  return {
    today,
    booked: periodLessons.length,
    bookedElsewhere: periodLessons.filter((lesson) => lesson.bookingId !== booking?.id).length,
    keptPast: own.filter(
      (lesson) => lesson.date >= fromDay && (lesson.date < today || lesson.cancellation !== null),
    ).length,
    keptPastBeforePeriod: own.filter((lesson) => lesson.date < fromDay).length,
    keptPaidByCredit: paidByCredit.length,
    ownFuture: own
      .filter((lesson) => lesson.date >= today && lesson.cancellation === null)
      .map((lesson) => lesson.date),
    ownKept: allOwn
      .filter((lesson) => lesson.cancellation !== null || lesson.paidByCreditId !== null)
      .map((lesson) => lesson.date),
    creditFuture: paidByCredit
      .filter((lesson) => lesson.date >= today && lesson.cancellation === null)
      .map((lesson) => lesson.date),
  };
}

async function refuseDatesTakenElsewhere(
  db: Db,
  clientId: string,
  bookingId: number | null,
  dates: readonly string[],
) {
  const [taken] = await datesBookedElsewhere(db, clientId, bookingId, dates);
  if (taken) throw appError("date-taken", 409, bookingMessages.dateTaken(taken), { field: "dates" });
}

/**
 * The booking's dates from today on become `chosen`; past dates stay. Only the difference is written, so a date
 * kept keeps its lesson row (its feedback, and the reminder already sent for it).
 */
async function replaceFutureDates(
  trx: Db,
  booking: { id: number; clientId: string; planId: number },
  ownFuture: readonly string[],
  chosen: readonly string[],
  swimmerIds: readonly string[],
  schedule: LessonSchedule,
  now: string,
) {
  await deleteLessons(
    trx,
    booking.id,
    ownFuture.filter((day) => !chosen.includes(day)),
  );
  await insertLessons(
    trx,
    booking,
    chosen.filter((day) => !ownFuture.includes(day)),
    swimmerIds,
    schedule,
    // A lesson keeps the cancellation policy in force when it is booked (docs/decisions/029).
    await currentPolicyVersion(trx),
  );
  await refreshBookingTotals(trx, booking.id, now);
}

/** Who saves: whose lessons a save's new dates are when it names no instructor; the owner may override. */
export interface Actor {
  userId: string;
  role?: Role;
}

/**
 * The time and instructor a save gives the lessons it writes: the instructor named (one of the school's), or the
 * person saving. Refused when the instructor cannot teach.
 */
async function scheduleOf(
  db: Db,
  input: { startTime?: string | null; instructorId?: string },
  actor: Actor,
): Promise<LessonSchedule> {
  const instructorId = input.instructorId ?? actor.userId;
  if (!(await findInstructor(db, instructorId))) {
    throw appError("instructor-not-found", 400, lessonMessages.instructorNotFound, { field: "instructorId" });
  }
  return { startTime: input.startTime ?? null, instructorId };
}

/**
 * One instructor teaches one class at a time, within their weekly hours and outside their time off
 * (docs/decisions/021, 024): refused when a lesson at `schedule` on one of `dates` would overlap another of the
 * instructor's (other than `except`), naming who that lesson is for and when; then, unless the owner overrides,
 * when it is outside the instructor's availability. The instructor's schedule is locked first
 * (lockInstructorSchedule), inside the caller's transaction, so of saves for one instructor arriving at once each
 * checks what the one before wrote, and a change of their hours waits for the save in progress.
 */
async function refuseScheduleConflicts(
  trx: Db,
  schedule: LessonSchedule,
  dates: readonly string[],
  options: { except?: readonly number[]; overrideAvailability: boolean },
): Promise<void> {
  const { startTime } = schedule;
  if (dates.length === 0) return;
  await lockInstructorSchedule(trx, schedule.instructorId);
  const instructor = await findInstructor(trx, schedule.instructorId);
  const except = options.except ?? [];
  const clash =
    startTime === null
      ? undefined
      : (await timedLessonsOf(trx, schedule.instructorId, dates)).find(
          (lesson) => !except.includes(lesson.id) && startsOverlap(lesson.startTime, startTime),
        );
  if (clash) {
    throw appError(
      "lesson-overlap",
      409,
      lessonMessages.overlap({
        instructor: instructor?.name ?? "",
        who: lessonMessages.whoOf(clash.swimmers, clash.household),
        startTime: clash.startTime,
        date: clash.date,
      }),
      { field: "startTime" },
    );
  }
  if (options.overrideAvailability) return;
  await refuseOutsideAvailability(
    trx,
    { id: schedule.instructorId, name: instructor?.name ?? "" },
    startTime,
    dates,
  );
}

/** The owner's "Book anyway" (docs/decisions/024): the flag counts from the owner only. */
const overridesAvailability = (input: { overrideAvailability?: boolean }, who: { role?: Role }) =>
  input.overrideAvailability === true && who.role === "admin";

/**
 * Who swims in the classes a save adds: the swimmers chosen, each one of the household's, or every swimmer of the
 * household when none were named (a household of one: its one swimmer; docs/decisions/019).
 */
async function swimmersToBook(
  db: Db,
  clientId: string,
  chosen: readonly string[] | undefined,
): Promise<string[]> {
  const household = (await swimmersOf(db, clientId)).map((swimmer) => swimmer.id);
  if (!chosen) return household;
  if (chosen.some((id) => !household.includes(id))) {
    throw appError("validation", 400, bookingMessages.swimmerNotInHousehold, { field: "swimmerIds" });
  }
  return [...chosen];
}

/** Classes left to book in the plan's current period, after a write (read inside the same transaction). */
async function classesLeftOf(deps: BookingDeps, db: Db, plan: Plan): Promise<number> {
  return (await classCountOf(db, plan, schoolTimeOf(deps))).left;
}

// Admin lists.

async function bookingPage(
  deps: BookingDeps,
  query: { search: string; page: number },
  pageSize: number,
  matchTitle: boolean,
  viewer?: Viewer,
): Promise<BookingPageResponse> {
  const instructor = instructorOf(viewer);
  if (instructor) {
    const { rows, total } = await listBookingsOfInstructor(
      deps.db,
      { ...query, pageSize, matchTitle },
      instructor,
    );
    return {
      items: await withLessons(deps.db, rows, undefined, viewer),
      page: query.page,
      pageSize,
      total,
      today: schoolToday(deps),
    };
  }
  const { rows, total, totalAtLeast } = await listBookings(deps.db, { ...query, pageSize, matchTitle });
  // The page brings its households' swimmers with it (a household booked twice on the page, once).
  const swimmers = [
    ...new Map(rows.flatMap((row) => row.swimmers).map((swimmer) => [swimmer.id, swimmer])).values(),
  ];
  return {
    items: await withLessons(deps.db, rows, swimmers, viewer),
    page: query.page,
    pageSize,
    total,
    ...(totalAtLeast && { totalAtLeast }),
    today: schoolToday(deps),
  };
}

/**
 * Manage Bookings (spec §2): search by client name, 10 per page, newest first by first date; an instructor's, the
 * bookings of their lessons.
 */
export const manageBookingsPage = (
  deps: BookingDeps,
  query: { search: string; page: number },
  viewer?: Viewer,
) => bookingPage(deps, query, manageBookingsPageSize, false, viewer);

/** Add Feedback (spec §2): search by title or client name, 6 per page, newest first by first date. */
export const feedbackPage = (deps: BookingDeps, query: { search: string; page: number }, viewer?: Viewer) =>
  bookingPage(deps, query, adminFeedbackPageSize, true, viewer);

// Create Booking, Manage Bookings, Add Feedback.

/**
 * What Create Booking loads once a client is picked (spec §4), with the household's class credits available now.
 * A family without an active plan but with credits (and a plan before) books with its credits only
 * (docs/decisions/032); without either, the spec's "no active subscription".
 */
export async function bookingDraft(deps: BookingDeps, clientId: string): Promise<BookingDraftResponse> {
  const { db } = deps;
  if (!(await findClientContact(db, clientId))) {
    throw appError("client-not-found", 404, messages.clientNotFound);
  }
  const at = deps.clock.now();
  const credits = (await availableCredits(db, clientId, at, deps.config.TZ_SCHOOL)).map((credit) =>
    creditView(credit, at, deps.config.TZ_SCHOOL),
  );
  const active = await activePlanOf(db, clientId);
  const plan = active ?? (credits.length > 0 ? await planForCreditLessonOf(db, clientId) : undefined);
  if (!plan) throw noActivePlan();
  const booking = await findBookingOfPlan(db, clientId, plan.id);
  const count = await countForBooking(deps, db, plan, booking);
  const swimmers = (await swimmersOf(db, clientId)).map(({ id, firstName, lastName }) => ({
    id,
    firstName,
    lastName,
  }));
  const creditDates = count.creditFuture;
  if (!active) {
    return {
      clientId,
      hasActivePlan: false,
      subscriptionId: null,
      totalClasses: 0,
      classesLeft: 0,
      selectable: 0,
      booking: null,
      swimmers,
      today: count.today,
      credits,
      creditDates,
    };
  }
  return {
    clientId,
    hasActivePlan: true,
    subscriptionId: plan.subscriptionId,
    totalClasses: plan.totalClasses,
    classesLeft: classesLeft(plan, count.booked),
    selectable: selectableDates({
      totalClasses: plan.totalClasses,
      bookedElsewhere: count.bookedElsewhere,
      keptPast: count.keptPast,
    }),
    booking: booking ? { id: booking.id, dates: count.ownFuture } : null,
    swimmers,
    today: count.today,
    credits,
    creditDates,
  };
}

/**
 * The owner books one date with a class credit (docs/decisions/032), in one transaction: the lesson is written in
 * the booking of the household's plan (its active one, or else its latest: a family whose plan ended books with
 * its credits), the credit redeemed for it (`redeemCredit`: the one chosen, or the one that expires first) and the
 * lesson marked as paid by it, so it takes none of the plan's classes. The date, the instructor's overlap and
 * availability are checked as for any save. Under the plan's lock, so a save of the plan's dates and another
 * credit booking for the household run one after the other; and the ledger's unique ending refuses a credit
 * redeemed twice whatever the order (409).
 */
export async function bookWithCredit(
  deps: BookingDeps,
  input: BookWithCreditInput,
  actor: Actor,
): Promise<BookWithCreditResponse> {
  const { db } = deps;
  if (!(await findClientContact(db, input.clientId))) {
    throw appError("client-not-found", 404, messages.clientNotFound, { field: "clientId" });
  }
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlanForCreditLesson(trx, input.clientId);
    if (!plan) throw appError("no-plan", 409, bookingMessages.creditNeedsPlan);
    const today = schoolToday(deps);
    const refusal = checkCreditDate({ date: input.date, today });
    if (refusal) throw appError(refusal.code, 400, refusal.message, { field: "date" });
    await refuseDatesTakenElsewhere(trx, input.clientId, null, [input.date]);
    const schedule = await scheduleOf(trx, input, actor);
    await refuseScheduleConflicts(trx, schedule, [input.date], {
      overrideAvailability: overridesAvailability(input, actor),
    });
    const swimmerIds = await swimmersToBook(trx, input.clientId, input.swimmerIds);

    const now = deps.clock.now();
    const existing = await findBookingOfPlan(trx, input.clientId, plan.id);
    const booking = {
      id:
        existing?.id ??
        (await insertBooking(trx, {
          clientId: input.clientId,
          planId: plan.id,
          subscriptionId: plan.subscriptionId,
          now: now.toISOString(),
        })),
      clientId: input.clientId,
      planId: plan.id,
    };
    const [lessonId] = await insertLessons(
      trx,
      booking,
      [input.date],
      swimmerIds,
      schedule,
      await currentPolicyVersion(trx),
    );
    const credit = await redeemFor(deps, trx, input, swimmerIds, lessonId as number, actor, now);
    await setLessonPaidByCredit(trx, lessonId as number, credit.id);
    await refreshBookingTotals(trx, booking.id, now.toISOString());
    await recordAudit(trx, {
      kind: "booking",
      id: booking.id,
      action: existing ? "updated" : "created",
      householdId: input.clientId,
      after: { date: input.date, swimmerIds, creditId: credit.id, ...schedule },
    });
    return {
      booking: await bookingById(trx, booking.id),
      classesLeft: plan.isActive ? await classesLeftOf(deps, trx, plan) : null,
      creditId: credit.id,
      message: bookingMessages.bookedWithCredit,
    };
  });
}

/**
 * Redeems the credit chosen, or the first of the household's that fits the class (a household credit, or a
 * swimmer's whose swimmer is in it), for `lessonId`. A swimmer's credit pays only for a class they swim in.
 */
async function redeemFor(
  deps: BookingDeps,
  trx: Db,
  input: BookWithCreditInput,
  swimmerIds: readonly string[],
  lessonId: number,
  actor: Actor,
  now: Date,
) {
  const redeem = (creditId: number) =>
    redeemCredit(trx, {
      credit: { creditId },
      lessonId,
      byUserId: actor.userId,
      now,
      timeZone: deps.config.TZ_SCHOOL,
    });
  const fits = (credit: { swimmerId: string | null }) =>
    credit.swimmerId === null || swimmerIds.includes(credit.swimmerId);
  if (input.creditId !== undefined) {
    const credit = await redeem(input.creditId);
    if (!fits(credit)) {
      throw appError("credit-swimmer-mismatch", 409, bookingMessages.creditForAnotherSwimmer, {
        field: "swimmerIds",
      });
    }
    return credit;
  }
  const candidates = await availableCredits(trx, input.clientId, now, deps.config.TZ_SCHOOL);
  const first = candidates.find(fits);
  if (!first) throw appError("no-credit-available", 409, creditMessages.noneAvailable);
  return redeem(first.id);
}

/** Create Booking's save: the client's booking for its active plan, made or updated (spec §4, §5). */
export async function saveBooking(
  deps: BookingDeps,
  input: SaveBookingInput,
  actor: Actor,
): Promise<SaveBookingResponse> {
  const { db } = deps;
  if (!(await findClientContact(db, input.clientId))) {
    throw appError("client-not-found", 404, messages.clientNotFound, { field: "clientId" });
  }
  return db.transaction().execute(async (trx) => {
    const plan = await lockActivePlanOf(trx, input.clientId);
    if (!plan) throw noActivePlan();
    const existing = await findBookingOfPlan(trx, input.clientId, plan.id);
    const count = await countForBooking(deps, trx, plan, existing);
    // A cancelled class, or one paid by a credit, stays as it is, like a past one: its date is kept, not booked again.
    const chosen = input.dates.filter((day) => !count.ownKept.includes(day));
    const refusal = checkNewSelection({
      totalClasses: plan.totalClasses,
      bookedElsewhere: count.bookedElsewhere,
      keptPast: count.keptPast,
      chosen,
      today: count.today,
    });
    if (refusal) refuse(refusal);
    await refuseDatesTakenElsewhere(trx, input.clientId, existing?.id ?? null, chosen);
    const schedule = await scheduleOf(trx, input, actor);
    await refuseScheduleConflicts(
      trx,
      schedule,
      chosen.filter((day) => !count.ownFuture.includes(day)),
      { overrideAvailability: overridesAvailability(input, actor) },
    );

    const now = deps.clock.now().toISOString();
    const bookingId =
      existing?.id ??
      (await insertBooking(trx, {
        clientId: input.clientId,
        planId: plan.id,
        subscriptionId: plan.subscriptionId,
        now,
      }));
    await replaceFutureDates(
      trx,
      { id: bookingId, clientId: input.clientId, planId: plan.id },
      count.ownFuture,
      chosen,
      await swimmersToBook(trx, input.clientId, input.swimmerIds),
      schedule,
      now,
    );
    await recordAudit(trx, {
      kind: "booking",
      id: bookingId,
      action: existing ? "updated" : "created",
      householdId: input.clientId,
      before: existing ? { dates: count.ownFuture } : null,
      after: { dates: chosen, swimmerIds: input.swimmerIds, ...schedule },
    });
    return {
      booking: await bookingById(trx, bookingId),
      classesLeft: await classesLeftOf(deps, trx, plan),
      message: bookingMessages.saved,
    };
  });
}

/**
 * Runs `write` in one transaction under the booking's plan's lock, with the booking read again under it (deleted
 * or changed meanwhile: not found), so a write never overlaps another save counting the same plan's dates.
 */
async function underPlanLock<T>(
  deps: BookingDeps,
  bookingId: number,
  write: (trx: Db, booking: BookingRow, plan: Plan) => Promise<T>,
): Promise<T> {
  const found = await findBooking(deps.db, bookingId);
  if (!found) throw notFound();
  return deps.db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, found.planId);
    const booking = await findBooking(trx, bookingId);
    if (!booking || !plan) throw notFound();
    return write(trx, booking, plan);
  });
}

/** Edit Booking Dates (Manage Bookings): its future dates replaced, past ones kept (spec §4, §5). */
export async function editBooking(
  deps: BookingDeps,
  bookingId: number,
  input: EditBookingInput,
  actor: Actor,
): Promise<SaveBookingResponse> {
  return underPlanLock(deps, bookingId, async (trx, booking, plan) => {
    if (!plan.isActive) throw noActivePlan();
    const count = await countForBooking(deps, trx, plan, booking);
    // A cancelled class, or one paid by a credit, stays as it is, like a past one: its date is kept, not booked again.
    const chosen = input.dates.filter((day) => !count.ownKept.includes(day));
    const refusal = checkEdit({
      totalClasses: plan.totalClasses,
      bookedElsewhere: count.bookedElsewhere,
      keptPast: count.keptPast,
      // Kept and part of the booking's class count, but not the plan's: like the past dates of an earlier period.
      keptPastBeforePeriod: count.keptPastBeforePeriod + count.keptPaidByCredit,
      classCount: booking.classCount,
      chosen,
      today: count.today,
    });
    if (refusal) refuse(refusal);
    await refuseDatesTakenElsewhere(trx, booking.clientId, booking.id, chosen);
    const schedule = await scheduleOf(trx, input, actor);
    await refuseScheduleConflicts(
      trx,
      schedule,
      chosen.filter((day) => !count.ownFuture.includes(day)),
      { overrideAvailability: overridesAvailability(input, actor) },
    );

    const now = deps.clock.now().toISOString();
    const swimmerIds = await swimmersToBook(trx, booking.clientId, input.swimmerIds);
    await replaceFutureDates(trx, booking, count.ownFuture, chosen, swimmerIds, schedule, now);
    await recordAudit(trx, {
      kind: "booking",
      id: booking.id,
      action: "updated",
      householdId: booking.clientId,
      before: { dates: count.ownFuture },
      after: { dates: chosen, swimmerIds, ...schedule },
    });
    return {
      booking: await bookingById(trx, booking.id),
      classesLeft: await classesLeftOf(deps, trx, plan),
      message: bookingMessages.updated,
    };
  });
}

/**
 * Who swims in one of the booking's classes (Manage Bookings): swimmers of the household only, and a swimmer who
 * already has feedback for that class stays in it (the school's history is never lost). Still one class of the
 * plan, whoever swims (docs/decisions/019).
 */
export async function setClassSwimmers(
  deps: BookingDeps,
  bookingId: number,
  input: LessonSwimmersInput,
): Promise<SaveBookingResponse> {
  return underPlanLock(deps, bookingId, async (trx, booking, plan) => {
    const lesson = (await lessonsOf(trx, [booking.id])).find((each) => each.date === input.date);
    if (!lesson) {
      throw appError("validation", 400, bookingMessages.feedbackDateNotBooked(input.date), { field: "date" });
    }
    const swimmerIds = await swimmersToBook(trx, booking.clientId, input.swimmerIds);
    const keeping = lesson.swimmers.find((swimmer) => swimmer.feedback && !swimmerIds.includes(swimmer.id));
    if (keeping) {
      throw appError("validation", 400, bookingMessages.swimmerHasFeedback(keeping.firstName, lesson.date), {
        field: "swimmerIds",
      });
    }
    await setLessonSwimmers(trx, lesson.id, swimmerIds);
    await recordAudit(trx, {
      kind: "booking",
      id: booking.id,
      action: "updated",
      householdId: booking.clientId,
      before: { date: lesson.date, swimmerIds: lesson.swimmers.map((swimmer) => swimmer.id) },
      after: { date: lesson.date, swimmerIds },
    });
    return {
      booking: await bookingById(trx, booking.id),
      classesLeft: await classesLeftOf(deps, trx, plan),
      message: bookingMessages.swimmersSaved,
    };
  });
}

/**
 * One class's start time and instructor (Manage Bookings' Times and instructors): refused when it would overlap
 * another lesson of that instructor.
 */
export async function setClassSchedule(
  deps: BookingDeps,
  bookingId: number,
  input: LessonScheduleInput,
  viewer?: Viewer,
): Promise<SaveBookingResponse> {
  return underPlanLock(deps, bookingId, async (trx, booking, plan) => {
    const lessons = await lessonsOf(trx, [booking.id]);
    assertTeaches(lessons, viewer);
    const lesson = lessons.find((each) => each.date === input.date);
    if (!lesson) {
      throw appError("validation", 400, bookingMessages.feedbackDateNotBooked(input.date), { field: "date" });
    }
    // An instructor moves their own lesson's time; giving it to someone else is the owner's.
    assertOwnLesson(lesson, viewer);
    if (instructorOf(viewer) && input.instructorId !== viewer?.userId) {
      throw appError("permission-denied", 403, lessonMessages.notYourLesson, { field: "instructorId" });
    }
    const schedule = await scheduleOf(trx, input, { userId: input.instructorId });
    await refuseScheduleConflicts(trx, schedule, [lesson.date], {
      except: [lesson.id],
      overrideAvailability: overridesAvailability(input, viewer ?? {}),
    });
    await setLessonSchedule(trx, lesson.id, schedule);
    await recordAudit(trx, {
      kind: "booking",
      id: booking.id,
      action: "updated",
      householdId: booking.clientId,
      before: { date: lesson.date, instructorId: lesson.instructor?.id, startTime: lesson.startTime },
      after: { date: lesson.date, ...schedule },
    });
    return {
      booking: await bookingById(trx, booking.id, viewer),
      classesLeft: await classesLeftOf(deps, trx, plan),
      message: lessonMessages.scheduleSaved,
    };
  });
}

/** Deletes a booking; its lessons go with it (cascade), so its classes are free again. */
export async function deleteBooking(deps: BookingDeps, bookingId: number): Promise<void> {
  const { db } = deps;
  const found = await findBooking(db, bookingId);
  if (!found) throw notFound();
  await db.transaction().execute(async (trx) => {
    // Under the plan's lock, so that a save counting this booking's dates does not overlap the deletion.
    await lockPlan(trx, found.planId);
    if (!(await deleteBookingRow(trx, bookingId))) throw notFound();
    await recordAudit(trx, {
      kind: "booking",
      id: bookingId,
      action: "deleted",
      householdId: found.clientId,
    });
  });
}

/** A feedback text a save writes: for whom (named when the household has several swimmers), which class. */
interface FeedbackNews {
  date: string;
  text: string;
  swimmer: string | null;
  /** The skills assessed in that class for that swimmer (the progress recap). */
  skills: SkillChange[];
}

/** New or changed feedback a save wrote: which class, for whom (a swimmer's first name), the text. */
export interface WrittenFeedback {
  lessonId: number;
  swimmerId: string;
  date: string;
  /** The swimmer's first name, as the mail names them. */
  swimmer: string;
  text: string;
}

/**
 * Queues, in the caller's transaction, the mail that tells household `clientId` about feedback a save wrote: to
 * every guardian who gets the household's mail, each in their language, whoever wrote it (decision 018); each
 * text under its swimmer's name when the household has several. Answers the mails' ids, for
 * deliverFeedbackMail once the transaction committed. Add Feedback's save and /today's use it.
 */
export async function queueFeedbackMail(
  deps: Pick<BookingDeps, "outbox" | "config">,
  trx: Db,
  clientId: string,
  written: readonly WrittenFeedback[],
): Promise<number[]> {
  if (written.length === 0) return [];
  const severalSwimmers = (await swimmersOf(trx, clientId)).length > 1;
  const skills = await lessonSkillsOfMail(trx, written);
  const news: FeedbackNews[] = written.map((item) => ({
    date: item.date,
    text: item.text,
    swimmer: severalSwimmers ? item.swimmer : null,
    skills: skills.of(item),
  }));
  const mailIds: number[] = [];
  for (const to of await mailRecipients(trx, [clientId], { reminders: false })) {
    mailIds.push(
      await deps.outbox.enqueue(
        inLocale(to.locale, () => feedbackMail(to, news, publicUrl(deps.config))),
        trx,
      ),
    );
  }
  return mailIds;
}

/** Sends the feedback mails queued by a committed save; one that fails now is the outbox's to retry. */
export async function deliverFeedbackMail(
  deps: Pick<BookingDeps, "outbox" | "log">,
  mailIds: readonly number[],
) {
  for (const mailId of mailIds) {
    await deps.outbox.deliver(mailId).catch((error: unknown) =>
      deps.log("warn", "feedback mail not sent yet; the outbox retries it", {
        mailId,
        error: String(error),
      }),
    );
  }
}

/**
 * The feedback a save's value for one class writes: a text for its one swimmer, or a text per swimmer of the class
 * (refused when a text names no one in a class of several, or someone not in the class).
 */
function feedbackChanges(lesson: LessonRow, value: string | Readonly<Record<string, string>>) {
  const texts: [LessonRow["swimmers"][number] | undefined, string][] =
    typeof value === "string"
      ? [[lesson.swimmers.length === 1 ? lesson.swimmers[0] : undefined, value]]
      : Object.entries(value).map(([id, text]) => [
          lesson.swimmers.find((swimmer) => swimmer.id === id),
          text,
        ]);
  return texts.map(([swimmer, raw]) => {
    if (!swimmer) {
      const message =
        typeof value === "string"
          ? bookingMessages.feedbackWhoseNeeded(lesson.date)
          : bookingMessages.feedbackSwimmerNotInClass(lesson.date);
      throw appError("validation", 400, message, { field: "feedbacks" });
    }
    return { lesson, swimmer, text: raw.trim() || null, stored: swimmer.feedback };
  });
}

/**
 * The mail that tells a client about new feedback, in the language the caller writes it in: with a link to the
 * View Feedback page and the school's foot (issue 24).
 */
function feedbackMail(
  contact: Pick<MailRecipient, "firstName" | "email" | "locale" | "seesProgress">,
  news: FeedbackNews[],
  siteUrl: string,
): QueuedMail {
  // Skills are progress: only a guardian allowed to see it reads them, and the way to Class Progress.
  const skillsOf = (item: FeedbackNews) =>
    contact.seesProgress ? skillsParagraphOf(item.skills, contact.locale) : null;
  const anySkills = news.some((item) => skillsOf(item) !== null);
  return {
    to: contact.email,
    subject: translate(/*i18n*/ { id: "mails.feedback.subject", message: "New feedback on your swim class" }),
    text: [
      mailWords.greeting(contact.firstName),
      translate(
        /*i18n*/ {
          id: "mails.feedback.intro",
          message: "Your instructor wrote feedback on your swim class:",
        },
      ),
      ...news.map((item) =>
        [`${formatDay(item.date)}${item.swimmer ? ` · ${item.swimmer}` : ""}\n${item.text}`, skillsOf(item)]
          .filter(Boolean)
          .join("\n\n"),
      ),
      ...(anySkills ? [progressLinkLine(siteUrl)] : []),
      translate(
        /*i18n*/ {
          id: "mails.feedback.readAllAt",
          message: "You can read all your feedback on the View Feedback page: {link}",
          values: { link: `${siteUrl}${paths.feedback}` },
        },
      ),
      mailWords.foot(siteUrl, "account"),
    ].join("\n\n"),
  };
}

/**
 * Add Feedback's save: a text per booked date; an empty text clears it. The client is mailed once per save,
 * listing each date whose feedback is new or changed (queued in the same transaction, sent after it).
 */
export async function saveFeedback(
  deps: BookingDeps,
  bookingId: number,
  input: SaveFeedbackInput,
  viewer?: Viewer,
): Promise<SaveBookingResponse> {
  const { mailIds, response } = await underPlanLock(deps, bookingId, async (trx, booking, plan) => {
    const lessons = await lessonsOf(trx, [booking.id]);
    assertTeaches(lessons, viewer);
    const byDate = new Map(lessons.map((lesson) => [lesson.date, lesson]));
    const entries = Object.entries(input.feedbacks).sort(([a], [b]) => a.localeCompare(b));
    const notBooked = entries.find(([day]) => !byDate.has(day));
    if (notBooked) {
      throw appError("validation", 400, bookingMessages.feedbackDateNotBooked(notBooked[0]), {
        field: "feedbacks",
      });
    }
    // An instructor writes feedback on the classes they teach only.
    for (const [day] of entries) assertOwnLesson(byDate.get(day) as LessonRow, viewer);
    const changes = entries.flatMap(([day, value]) => feedbackChanges(byDate.get(day) as LessonRow, value));
    const today = schoolToday(deps);
    const upcoming = changes.find(
      (change) =>
        upcomingFeedbackChange(
          { [change.lesson.date]: change.text ?? "" },
          new Map([[change.lesson.date, change.stored]]),
          today,
        ) !== null,
    );
    if (upcoming) {
      throw appError("upcoming-date", 400, bookingMessages.feedbackNotYet(upcoming.lesson.date), {
        field: "feedbacks",
      });
    }

    const now = deps.clock.now().toISOString();
    const written: WrittenFeedback[] = [];
    for (const change of changes) {
      if (change.text === change.stored) continue;
      await setLessonFeedback(
        trx,
        { lessonId: change.lesson.id, swimmerId: change.swimmer.id },
        change.text,
        now,
      );
      await recordAudit(trx, {
        kind: "feedback",
        id: change.lesson.id,
        action: change.stored ? (change.text ? "updated" : "deleted") : "created",
        householdId: booking.clientId,
        before: change.stored
          ? { date: change.lesson.date, swimmer: change.swimmer.firstName, feedback: change.stored }
          : null,
        after: change.text
          ? { date: change.lesson.date, swimmer: change.swimmer.firstName, feedback: change.text }
          : null,
      });
      if (change.text) {
        written.push({
          lessonId: change.lesson.id,
          swimmerId: change.swimmer.id,
          date: change.lesson.date,
          text: change.text,
          swimmer: change.swimmer.firstName,
        });
      }
    }
    return {
      mailIds: await queueFeedbackMail(deps, trx, booking.clientId, written),
      response: {
        booking: await bookingById(trx, booking.id, viewer),
        classesLeft: await classesLeftOf(deps, trx, plan),
        message: bookingMessages.feedbackSaved,
      },
    };
  });
  await deliverFeedbackMail(deps, mailIds);
  return response;
}

// The client's own pages.

/** A plan's progress as the client's pages show it: booked, used (past) and left to book. */
const progressOfPlan = (plan: Plan, count: ClassCount): ClientPlanProgress => ({
  title: packTitle(plan.packType),
  subscriptionId: plan.subscriptionId,
  totalClasses: plan.totalClasses,
  bookedClasses: count.booked,
  usedClasses: count.used,
  creditedClasses: count.credited,
  classesLeft: count.left,
});

/** Every booking of the client with its dates and feedback, and the active plan's progress. */
export async function clientBookings(deps: BookingDeps, clientId: string): Promise<ClientBookingsResponse> {
  const { db } = deps;
  const [rows, active, swimmers] = await Promise.all([
    bookingsOfClient(db, clientId),
    activePlanWithCountOf(db, clientId, schoolTimeOf(deps)),
    swimmersOf(db, clientId),
  ]);
  return {
    today: schoolToday(deps),
    plan: active ? progressOfPlan(active.plan, active.count) : null,
    bookings: await withLessons(
      db,
      rows,
      swimmers.map((swimmer) => ({ ...swimmer, clientId })),
    ),
    swimmers: swimmers.map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  };
}

/**
 * A plan ended (subscriptions): in the caller's transaction, its dates after `today` are freed (the client may book
 * them again on a new plan); the rest stay for the history, in bookings marked cancelled (no more reminders).
 */
export const cancelBookingsOfPlan = (trx: Db, planId: number, now: string, today: string) =>
  cancelBookingsOfPlanRows(trx, planId, now, today);

/** The instructor's standing lessons with a time on these dates (a reschedule's free times leave them out). */
export const standingLessonsOf = (db: Db, instructorId: string, dates: readonly string[]) =>
  timedLessonsOf(db, instructorId, dates);

/**
 * Moves one lesson to another day and time in the caller's transaction (a reschedule, docs/decisions/033), under
 * the same rules as every booking save: the plan's lock first, then refused when the household has another lesson
 * that day (409 date-taken), when it would overlap another of the instructor's lessons (409 lesson-overlap, under
 * the instructor's lock: of two moves into one time, the second sees the first) or fall outside their weekly hours
 * or in their time off (409 outside-availability). The lesson keeps its swimmers, booking, plan, instructor and
 * policy version; its day-before reminder is sent again for the new day.
 */
export async function moveLesson(
  trx: Db,
  lesson: {
    id: number;
    bookingId: number;
    clientId: string;
    planId: number;
    date: string;
    instructorId: string;
  },
  to: { date: string; startTime: string },
): Promise<void> {
  await lockPlan(trx, lesson.planId);
  if (to.date !== lesson.date) {
    const [taken] = await datesBookedElsewhere(trx, lesson.clientId, null, [to.date]);
    if (taken) throw appError("date-taken", 409, bookingMessages.dateTaken(taken), { field: "date" });
  }
  await refuseScheduleConflicts(
    trx,
    { startTime: to.startTime, instructorId: lesson.instructorId },
    [to.date],
    {
      except: [lesson.id],
      overrideAvailability: false,
    },
  );
  await moveLessonRow(trx, lesson.id, to);
  await refreshFirstDate(trx, lesson.bookingId);
  await recordAudit(trx, {
    kind: "lesson",
    id: lesson.id,
    action: "moved",
    householdId: lesson.clientId,
    after: to,
  });
}
