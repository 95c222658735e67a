import type { CreditView } from "./credits.ts";
import type { Instructor } from "./lesson-schedule.ts";
import type { LessonMove } from "./reschedules.ts";
import type { CancellationShown } from "./school-cancellation.ts";
import { dayInZone, formatDay, hasDayCome, isIsoDay } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * Bookings (spec §3, §4, §5, §9): the rules that decide how many dates a plan may hold, in one place for the
 * server (which enforces them inside one transaction) and the browser (which only warns early).
 *
 * A class is *booked* once its date is in a booking of the plan and *used* once that date is past in the school's
 * time zone. Classes left to book = totalClasses − booked dates of the plan's current period.
 */

/** Spec §9: 60 per class date. */
export const pricePerBookedClass = 60;
export const manageBookingsPageSize = 10;
export const adminFeedbackPageSize = 6;
/** The most dates one request may carry: the largest pack. */
export const maxDatesPerBooking = 8;
export const maxFeedbackLength = 2000;
/** How far ahead a class date may be booked: a date years away is a typo, not a plan. */
export const bookingHorizonYears = 2;

/** The last day a class may be booked on: the same day `bookingHorizonYears` on (February 29th: the 28th). */
export function lastBookableDay(today: string): string {
  const [year, month, day] = today.split("-");
  const sameDay = `${Number(year) + bookingHorizonYears}-${month}-${day}`;
  return isIsoDay(sameDay) ? sameDay : `${Number(year) + bookingHorizonYears}-${month}-28`;
}

export type BookingStatus = "pending" | "cancelled";

/** Spec §9: 'N-Class Booking', stored as written (data, in English); people read it through shownBookingTitle. */
export const bookingTitle = (classCount: number) => `${classCount}-Class Booking`;
export const amountToPay = (classCount: number) => pricePerBookedClass * classCount;

/**
 * A booking's title as a person reads it: the stored title is data in English ("3-Class Booking", spec §9, kept
 * as written for search and history), shown in the reader's language; a title someone wrote stays as written, and none reads Untitled Booking.
 */
export function shownBookingTitle(title: string): string {
  if (!title) return bookingMessages.untitledBooking;
  const match = /^(\d+)-Class Booking$/.exec(title);
  if (!match) return title;
  const classCount = Number(match[1]);
  return translate(
    /*i18n*/ {
      id: "bookings.title",
      message: "{classCount}-Class Booking",
      values: { classCount },
    },
  );
}

/** Bookings' words (spec §5, §8, then ours), each read in the reader's language (domain/translate.ts). */
export const bookingMessages = {
  get selectClientFirst() {
    return translate(/*i18n*/ { id: "bookings.selectClientFirst", message: "Please select a client first." });
  },
  get selectAtLeastOneDate() {
    return translate(
      /*i18n*/ { id: "bookings.selectAtLeastOneDate", message: "Please select at least one date." },
    );
  },
  canOnlySelect: (n: number) =>
    translate(
      /*i18n*/ {
        id: "bookings.canOnlySelect",
        message: "{n, plural, one {You can only select # date.} other {You can only select # dates.}}",
        values: { n },
      },
    ),
  onlyNCanBeBooked: (n: number) =>
    translate(
      /*i18n*/ {
        id: "bookings.onlyNCanBeBooked",
        message: "{n, plural, one {Only # class can be booked.} other {Only # classes can be booked.}}",
        values: { n },
      },
    ),
  canOnlyAssign: (n: number) =>
    translate(
      /*i18n*/ {
        id: "bookings.canOnlyAssign",
        message: "You can only assign up to {n} {n, plural, one {class} other {classes}}.",
        values: { n },
      },
    ),
  get saveFailed() {
    return translate(/*i18n*/ { id: "bookings.saveFailed", message: "Error saving booking." });
  },
  get saved() {
    return translate(/*i18n*/ { id: "bookings.saved", message: "Booking saved successfully!" });
  },
  get bookedWithCredit() {
    return translate(
      /*i18n*/ {
        id: "bookings.bookedWithCredit",
        message: "Class booked with a credit. The plan's classes are unchanged.",
      },
    );
  },
  get creditNeedsPlan() {
    return translate(
      /*i18n*/ {
        id: "bookings.creditNeedsPlan",
        message: "This family has never had a plan: a class with a credit can be booked once they have one.",
      },
    );
  },
  get creditForAnotherSwimmer() {
    return translate(
      /*i18n*/ {
        id: "bookings.creditForAnotherSwimmer",
        message: "This credit is for a swimmer who is not in this class.",
      },
    );
  },
  get creditChoice() {
    return translate(/*i18n*/ { id: "bookings.creditChoice", message: "Choose a credit to book with." });
  },
  get updateFailed() {
    return translate(/*i18n*/ { id: "bookings.updateFailed", message: "Error updating booking." });
  },
  get fetchSubscriptionFailed() {
    return translate(
      /*i18n*/ { id: "bookings.fetchSubscriptionFailed", message: "Error fetching subscription." },
    );
  },
  get unknownClient() {
    return translate(/*i18n*/ { id: "bookings.unknownClient", message: "Unknown Client" });
  },
  get untitledBooking() {
    return translate(/*i18n*/ { id: "bookings.untitledBooking", message: "Untitled Booking" });
  },
  get noFeedbackForDate() {
    return translate(/*i18n*/ { id: "bookings.noFeedbackForDate", message: "No feedback for this date" });
  },
  get loadingBookings() {
    return translate(/*i18n*/ { id: "bookings.loadingBookings", message: "Loading bookings..." });
  },
  // Ours: the spec shows no words for these cases.
  get updated() {
    return translate(/*i18n*/ { id: "bookings.updated", message: "Booking updated successfully!" });
  },
  get deleted() {
    return translate(/*i18n*/ { id: "bookings.deleted", message: "Booking deleted successfully!" });
  },
  get deleteFailed() {
    return translate(/*i18n*/ { id: "bookings.deleteFailed", message: "Error deleting booking." });
  },
  get confirmDelete() {
    return translate(
      /*i18n*/ { id: "bookings.confirmDelete", message: "Are you sure you want to delete this booking?" },
    );
  },
  get feedbackSaved() {
    return translate(/*i18n*/ { id: "bookings.feedbackSaved", message: "Feedback saved successfully!" });
  },
  get feedbackSaveFailed() {
    return translate(/*i18n*/ { id: "bookings.feedbackSaveFailed", message: "Error saving feedback." });
  },
  get bookingNotFound() {
    return translate(/*i18n*/ { id: "bookings.bookingNotFound", message: "This booking does not exist." });
  },
  get pastDate() {
    return translate(/*i18n*/ { id: "bookings.pastDate", message: "Past dates cannot be booked." });
  },
  tooFarAhead: (lastDay: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.tooFarAhead",
        message: "Classes can be booked up to {years} years ahead: the last day open is {lastDay}.",
        values: { years: bookingHorizonYears, lastDay: formatDay(lastDay) },
      },
    ),
  get pastDateLocked() {
    return translate(
      /*i18n*/ { id: "bookings.pastDateLocked", message: "Past dates are kept and cannot be changed." },
    );
  },
  dateTaken: (day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.dateTaken",
        message: "{day} is already booked for this client.",
        values: { day },
      },
    ),
  feedbackNotYet: (day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.feedbackNotYet",
        message: "The class of {day} has not taken place yet: its feedback can be written from that day on.",
        values: { day: formatDay(day) },
      },
    ),
  feedbackDateNotBooked: (day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.feedbackDateNotBooked",
        message: "{day} is not a date of this booking.",
        values: { day },
      },
    ),
  get swimmersNeeded() {
    return translate(
      /*i18n*/ { id: "bookings.swimmersNeeded", message: "Choose at least one swimmer for the class." },
    );
  },
  get swimmerNotInHousehold() {
    return translate(
      /*i18n*/ { id: "bookings.swimmerNotInHousehold", message: "That swimmer is not one of this client's." },
    );
  },
  feedbackWhoseNeeded: (day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.feedbackWhoseNeeded",
        message: "Several swimmers are in the class of {day}: write the feedback under each one's name.",
        values: { day: formatDay(day) },
      },
    ),
  feedbackSwimmerNotInClass: (day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.feedbackSwimmerNotInClass",
        message: "That swimmer is not in the class of {day}.",
        values: { day: formatDay(day) },
      },
    ),
  swimmerHasFeedback: (name: string, day: string) =>
    translate(
      /*i18n*/ {
        id: "bookings.swimmerHasFeedback",
        message: "{name} already has feedback for the class of {day}, so they stay in it.",
        values: { name, day: formatDay(day) },
      },
    ),
  get swimmersSaved() {
    return translate(/*i18n*/ { id: "bookings.swimmersSaved", message: "Swimmers saved." });
  },
  get remindersOn() {
    return translate(/*i18n*/ { id: "bookings.remindersOn", message: "Class reminders are on." });
  },
  get remindersOff() {
    return translate(/*i18n*/ { id: "bookings.remindersOff", message: "Class reminders are off." });
  },
  get calendarFeedRenewed() {
    return translate(
      /*i18n*/ {
        id: "bookings.calendarFeedRenewed",
        message: "Your calendar address was renewed. The old one no longer works.",
      },
    );
  },
  // What a request with a malformed id, date or feedback is told.
  get invalidBookingId() {
    return translate(/*i18n*/ { id: "bookings.invalidBookingId", message: "Invalid booking id." });
  },
  get dateFormat() {
    return translate(/*i18n*/ { id: "bookings.dateFormat", message: "Each date must be YYYY-MM-DD." });
  },
  get realDay() {
    return translate(
      /*i18n*/ { id: "bookings.realDay", message: "Each date must be a real day written YYYY-MM-DD." },
    );
  },
  tooManyDates: (max: number) =>
    translate(
      /*i18n*/ {
        id: "bookings.tooManyDates",
        message: "{max, plural, one {At most # date.} other {At most # dates.}}",
        values: { max },
      },
    ),
  get dateTwice() {
    return translate(/*i18n*/ { id: "bookings.dateTwice", message: "Each date may be chosen once." });
  },
  feedbackTooLong: (max: number) =>
    translate(
      /*i18n*/ {
        id: "bookings.feedbackTooLong",
        message: "Feedback at most {max} characters.",
        values: { max },
      },
    ),
  get feedbackNul() {
    return translate(
      /*i18n*/ { id: "bookings.feedbackNul", message: "Feedback must not contain NUL characters." },
    );
  },
  get tooManyFeedbackDates() {
    return translate(/*i18n*/ { id: "bookings.tooManyFeedbackDates", message: "Too many dates." });
  },
} as const;

/** Why a selection is refused: `message` is the spec's sentence for the toast or alert. */
export interface BookingRefusal {
  code: "no-dates" | "too-many-dates" | "past-date" | "date-too-far";
  message: string;
}

export interface NewSelection {
  totalClasses: number;
  /** Dates of the plan's current period in the client's other bookings. */
  bookedElsewhere: number;
  /** Past dates of this booking (if it exists) in the current period: kept, and counted. */
  keptPast: number;
  /** The dates chosen: today or later. */
  chosen: readonly string[];
  today: string;
}

/** How many dates the Create Booking calendar may hold (spec §4: remaining classes plus this booking's own). */
export function selectableDates(s: Omit<NewSelection, "chosen" | "today">): number {
  return Math.max(0, s.totalClasses - s.bookedElsewhere - s.keptPast);
}

/** A chosen date past the booking horizon (lastBookableDay), or null. */
function beyondHorizon(s: Pick<NewSelection, "chosen" | "today">): BookingRefusal | null {
  const lastDay = lastBookableDay(s.today);
  return s.chosen.some((day) => day > lastDay)
    ? { code: "date-too-far", message: bookingMessages.tooFarAhead(lastDay) }
    : null;
}

/**
 * Create Booking's save (spec §5): at least one date, none past or past the horizon, no more than the plan still
 * allows.
 */
export function checkNewSelection(s: NewSelection): BookingRefusal | null {
  if (s.chosen.length === 0) return { code: "no-dates", message: bookingMessages.selectAtLeastOneDate };
  if (s.chosen.some((day) => day < s.today)) return { code: "past-date", message: bookingMessages.pastDate };
  const tooFar = beyondHorizon(s);
  if (tooFar) return tooFar;
  const allowed = selectableDates(s);
  if (s.chosen.length > allowed) {
    return { code: "too-many-dates", message: bookingMessages.onlyNCanBeBooked(allowed) };
  }
  return null;
}

/** A date booked with a class credit (docs/decisions/032): today or later, within the booking horizon. */
export function checkCreditDate(s: { date: string; today: string }): BookingRefusal | null {
  if (s.date < s.today) return { code: "past-date", message: bookingMessages.pastDate };
  return beyondHorizon({ chosen: [s.date], today: s.today });
}

export interface EditSelection extends NewSelection {
  /** The booking's class count before the edit: Manage Bookings moves dates, it does not add them. */
  classCount: number;
  /**
   * Past dates of this booking from before the plan's current period (a booking kept across a renewal): kept
   * and part of classCount, but no longer counted against the plan. Absent: none.
   */
  keptPastBeforePeriod?: number;
}

/**
 * Manage Bookings' edit (spec §4, §5): past dates are kept; with them, at most classCount dates
 * ('You can only select N dates.'), and the plan's other bookings plus these within its total
 * ('You can only assign up to {n} class(es).').
 */
export function checkEdit(s: EditSelection): BookingRefusal | null {
  if (s.chosen.some((day) => day < s.today))
    return { code: "past-date", message: bookingMessages.pastDateLocked };
  const tooFar = beyondHorizon(s);
  if (tooFar) return tooFar;
  const kept = s.keptPast + (s.keptPastBeforePeriod ?? 0);
  if (s.chosen.length + kept === 0) {
    return { code: "no-dates", message: bookingMessages.selectAtLeastOneDate };
  }
  if (s.chosen.length + kept > s.classCount) {
    return { code: "too-many-dates", message: bookingMessages.canOnlySelect(s.classCount) };
  }
  const assignable = Math.max(0, s.totalClasses - s.bookedElsewhere);
  if (s.chosen.length + s.keptPast > assignable) {
    return { code: "too-many-dates", message: bookingMessages.canOnlyAssign(assignable) };
  }
  return null;
}

/**
 * Feedback is written about a class that has taken place: from its day on (the school's today, TZ_SCHOOL), never
 * for an upcoming one. Of a save's texts (date → text, as sent), the first that would change an upcoming date's
 * stored feedback, or null; a text sent unchanged is no change.
 */
export function upcomingFeedbackChange(
  texts: Readonly<Record<string, string>>,
  stored: ReadonlyMap<string, string | null>,
  today: string,
): string | null {
  const changed = Object.entries(texts).find(
    ([day, text]) => !hasDayCome(day, today) && (text.trim() || null) !== (stored.get(day) ?? null),
  );
  return changed ? changed[0] : null;
}

/**
 * The first day (school time) of a plan's current period: its booked dates from this day on count against its
 * classes. The period starts at the purchase and again at each renewal; plans from before payments existed
 * have no period start and count from their creation.
 */
export const planPeriodStartDay = (
  plan: { periodStartedAt: string | null; createdAt: string },
  timeZone: string,
) => dayInZone(new Date(plan.periodStartedAt ?? plan.createdAt), timeZone);

// Answers (docs/decisions/004).

/** A swimmer in a class, with the instructor's feedback for them. */
export interface ClassSwimmer {
  id: string;
  firstName: string;
  feedback: string | null;
}

export interface BookedDate {
  date: string;
  /** The instructor's feedback for that class (its first swimmer's), or null. */
  feedback: string | null;
  /** Who swims in it, in the order they joined the household. */
  swimmers: ClassSwimmer[];
  /** "HH:MM" in the school's time zone (30 minutes from then), or null: time to be set. */
  startTime: string | null;
  /** Who teaches it; null when nobody is set (their account was deleted). */
  instructor: Instructor | null;
  /** The lesson's id: what a cancellation names. */
  lessonId: number;
  /** Null while it stands; a cancelled class is kept (domain/cancellation.ts says how it counts). */
  cancellation: CancellationShown | null;
  /** Booked with a class credit: it takes none of the plan's classes (docs/decisions/032). */
  paidByCredit: boolean;
  /** Its latest move to this date (docs/decisions/033): from when, by whom, when; null: never moved. */
  moved: LessonMove | null;
}

export interface Booking {
  id: number;
  clientId: string;
  /** "First Last", or null when the client row is gone (the page shows Unknown Client). */
  clientName: string | null;
  subscriptionId: string | null;
  title: string;
  status: BookingStatus;
  /** Null for an instructor, who sees no payments (docs/decisions/021). */
  paid: boolean | null;
  classCount: number;
  /** Null for an instructor, who sees no payments. */
  amountToPay: number | null;
  /** Sorted, oldest first. */
  dates: BookedDate[];
  /** The household's swimmers, in the order they joined it: who may swim in its classes. */
  familySwimmers: { id: string; firstName: string }[];
  /** Where its classes are taught, and how to get in (the household's; empty when not written yet). */
  address: string;
  accessNotes: string;
}

/** GET /api/bookings, GET /api/bookings/feedback-list: newest first by first date. */
export interface BookingPageResponse {
  items: Booking[];
  page: number;
  pageSize: number;
  total: number;
  /**
   * A one- or two-letter search is not counted: `total` runs to this page's end, and there is a next page
   * (docs/decisions/040).
   */
  totalAtLeast?: boolean;
  /** Today in the school's time zone: Edit Booking Dates keeps the dates before it. */
  today: string;
}

/**
 * GET /api/bookings/draft/:clientId: what Create Booking loads once a client with an active plan, or with class
 * credits, is picked.
 */
export interface BookingDraftResponse {
  clientId: string;
  /** False: the plan ended (or none is active) and the family books only with its credits (docs/decisions/032). */
  hasActivePlan: boolean;
  subscriptionId: string | null;
  totalClasses: number;
  /** totalClasses − every booked date of the plan's current period. */
  classesLeft: number;
  /** How many dates the calendar may hold: classesLeft plus the existing booking's own future dates. */
  selectable: number;
  /** The client's existing booking for this plan, with only today's and future dates; null when none. */
  booking: { id: number; dates: string[] } | null;
  /** The household's swimmers, in the order they joined it: who may swim in the classes booked now. */
  swimmers: { id: string; firstName: string; lastName: string }[];
  /** Today in the school's time zone: the calendar's first selectable day. */
  today: string;
  /** The household's class credits available now, the one used first first (the one expiring first). */
  credits: CreditView[];
  /** Today's and later dates booked with a credit, not cancelled: taken, and not the plan's. */
  creditDates: string[];
}

/** POST /api/bookings/credit-lesson */
export interface BookWithCreditResponse {
  booking: Booking;
  /** The active plan's classes left (unchanged by the credit); null without an active plan. */
  classesLeft: number | null;
  /** The credit redeemed. */
  creditId: number;
  message: string;
}

/** POST /api/bookings, PATCH /api/bookings/:bookingId, PUT /api/bookings/:bookingId/feedback */
export interface SaveBookingResponse {
  booking: Booking;
  classesLeft: number;
  message: string;
}

/** The active plan as the client's pages show it, or null when none. */
export interface ClientPlanProgress {
  title: string;
  subscriptionId: string | null;
  totalClasses: number;
  bookedClasses: number;
  usedClasses: number;
  /** Cancelled with a credit: given back as that credit (bought = used + left + credited + still to come). */
  creditedClasses: number;
  classesLeft: number;
}

/** GET /api/clients/:clientId/bookings: every booking of the client, newest first, with feedback. */
export interface ClientBookingsResponse {
  today: string;
  plan: ClientPlanProgress | null;
  bookings: Booking[];
  /** The household's swimmers, in the order they joined it: the client pages show one at a time when several. */
  swimmers: { id: string; firstName: string; lastName: string }[];
}

/** GET and PUT /api/clients/:clientId/reminders */
export interface ReminderSettingsResponse {
  enabled: boolean;
  /** The hour (school time) of the day before a class when the reminder is mailed. */
  hour: number;
  message?: string;
}

/** GET /api/clients/:clientId/calendar-feed (null until made) and POST (a new secret address). */
export interface CalendarFeedResponse {
  url: string | null;
  message?: string;
}
