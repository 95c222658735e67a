import { pageNumberParam, rowIdParam, searchTextParam } from "./query.ts";
import { dayInZone, formatDay, isIsoDay } from "./school-day.ts";
import { z } from "./zod.ts";

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

/** Spec §9: 'N-Class Booking'. */
export const bookingTitle = (classCount: number) => `${classCount}-Class Booking`;
export const amountToPay = (classCount: number) => pricePerBookedClass * classCount;

export const bookingMessages = {
  selectClientFirst: "Please select a client first.",
  selectAtLeastOneDate: "Please select at least one date.",
  canOnlySelect: (n: number) => `You can only select ${n} dates.`,
  onlyNCanBeBooked: (n: number) => `Only ${n} classes can be booked.`,
  canOnlyAssign: (n: number) => `You can only assign up to ${n} ${n === 1 ? "class" : "classes"}.`,
  saveFailed: "Error saving booking.",
  saved: "Booking saved successfully!",
  updateFailed: "Error updating booking.",
  fetchSubscriptionFailed: "Error fetching subscription.",
  unknownClient: "Unknown Client",
  untitledBooking: "Untitled Booking",
  noFeedbackForDate: "No feedback for this date",
  loadingBookings: "Loading bookings...",
  // Ours: the spec shows no words for these cases.
  updated: "Booking updated successfully!",
  deleted: "Booking deleted successfully!",
  deleteFailed: "Error deleting booking.",
  confirmDelete: "Are you sure you want to delete this booking?",
  feedbackSaved: "Feedback saved successfully!",
  feedbackSaveFailed: "Error saving feedback.",
  bookingNotFound: "This booking does not exist.",
  pastDate: "Past dates cannot be booked.",
  tooFarAhead: (lastDay: string) =>
    `Classes can be booked up to ${bookingHorizonYears} years ahead: the last day open is ${formatDay(lastDay)}.`,
  pastDateLocked: "Past dates are kept and cannot be changed.",
  dateTaken: (day: string) => `${day} is already booked for this client.`,
  feedbackDateNotBooked: (day: string) => `${day} is not a date of this booking.`,
  remindersOn: "Class reminders are on.",
  remindersOff: "Class reminders are off.",
  calendarFeedRenewed: "Your calendar address was renewed. The old one no longer works.",
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

/** Used classes of a plan: its booked dates (current period) that are past. */
export const usedClasses = (bookedDates: readonly string[], today: string) =>
  bookedDates.filter((day) => day < today).length;

/**
 * The first day (school time) of a plan's current period: its booked dates from this day on count against its
 * classes. The period starts at the purchase and again at each renewal; plans from before payments existed
 * have no period start and count from their creation.
 */
export const planPeriodStartDay = (
  plan: { periodStartedAt: string | null; createdAt: string },
  timeZone: string,
) => dayInZone(new Date(plan.periodStartedAt ?? plan.createdAt), timeZone);

// Request schemas.

export const bookingIdParam = rowIdParam("Invalid booking id.");

export const isoDay = z
  .string({ error: "Each date must be YYYY-MM-DD." })
  .refine(isIsoDay, "Each date must be a real day written YYYY-MM-DD.");

const dateList = z
  .array(isoDay)
  .max(maxDatesPerBooking, `At most ${maxDatesPerBooking} dates.`)
  .refine((days) => new Set(days).size === days.length, "Each date may be chosen once.")
  .transform((days) => [...days].sort());

/** POST /api/bookings: Create Booking's save (creates the client's booking for its plan, or updates it). */
export const saveBookingSchema = z
  .object({
    clientId: z
      .string({ error: bookingMessages.selectClientFirst })
      .regex(/^[A-Za-z0-9_-]{1,64}$/, bookingMessages.selectClientFirst),
    dates: dateList,
  })
  .strict();
export type SaveBookingInput = z.infer<typeof saveBookingSchema>;

/** PATCH /api/bookings/:bookingId: the future dates chosen in Edit Booking Dates (past dates are kept). */
export const editBookingSchema = z.object({ dates: dateList }).strict();
export type EditBookingInput = z.infer<typeof editBookingSchema>;

/** PUT /api/bookings/:bookingId/feedback: date → text; an empty text clears that date's feedback. */
export const saveFeedbackSchema = z
  .object({
    feedbacks: z
      .record(
        isoDay,
        z
          .string()
          .max(maxFeedbackLength, `Feedback at most ${maxFeedbackLength} characters.`)
          .refine((text) => !text.includes("\u0000"), "Feedback must not contain NUL characters."),
      )
      .refine((map) => Object.keys(map).length <= 64, "Too many dates."),
  })
  .strict();
export type SaveFeedbackInput = z.infer<typeof saveFeedbackSchema>;

/** GET /api/bookings and /api/bookings/feedback-list */
export const bookingListQuerySchema = z.object({
  search: searchTextParam(100).default(""),
  page: pageNumberParam("page").default(1),
});

/** PUT /api/clients/:clientId/reminders */
export const reminderSettingsSchema = z.object({ enabled: z.boolean() }).strict();

// Answers (docs/decisions/004).

export interface BookedDate {
  date: string;
  /** The instructor's feedback for that class, or null. */
  feedback: string | null;
}

export interface Booking {
  id: number;
  clientId: string;
  /** "First Last", or null when the client row is gone (the page shows Unknown Client). */
  clientName: string | null;
  subscriptionId: string | null;
  title: string;
  status: BookingStatus;
  paid: boolean;
  classCount: number;
  amountToPay: number;
  /** Sorted, oldest first. */
  dates: BookedDate[];
}

/** GET /api/bookings, GET /api/bookings/feedback-list: newest first by first date. */
export interface BookingPageResponse {
  items: Booking[];
  page: number;
  pageSize: number;
  total: number;
  /** Today in the school's time zone: Edit Booking Dates keeps the dates before it. */
  today: string;
}

/** GET /api/bookings/draft/:clientId: what Create Booking loads once a client with an active plan is picked. */
export interface BookingDraftResponse {
  clientId: string;
  subscriptionId: string | null;
  totalClasses: number;
  /** totalClasses − every booked date of the plan's current period. */
  classesLeft: number;
  /** How many dates the calendar may hold: classesLeft plus the existing booking's own future dates. */
  selectable: number;
  /** The client's existing booking for this plan, with only today's and future dates; null when none. */
  booking: { id: number; dates: string[] } | null;
  /** Today in the school's time zone: the calendar's first selectable day. */
  today: string;
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
  classesLeft: number;
}

/** GET /api/clients/:clientId/bookings: every booking of the client, newest first, with feedback. */
export interface ClientBookingsResponse {
  today: string;
  plan: ClientPlanProgress | null;
  bookings: Booking[];
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
