import type { Booking, ClassSwimmer } from "../../../domain/bookings.ts";

/**
 * The client's booked class days as its pages show them. Days stay `YYYY-MM-DD` strings (school time, from the
 * API); only the calendar needs a Date, and it reads the day as written in the browser's own zone.
 */
export interface BookedDay {
  date: string;
  /** The feedback of a class of one swimmer (or of the swimmer shown); see `swimmers` for a class of several. */
  feedback: string | null;
  swimmers: ClassSwimmer[];
  booking: Booking;
}

/** Every booked day of every booking, newest first. */
export function bookedDaysOf(bookings: readonly Booking[]): BookedDay[] {
  return bookings
    .flatMap((booking) =>
      booking.dates.map(({ date, feedback, swimmers }) => ({ date, feedback, swimmers, booking })),
    )
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.booking.id - b.booking.id));
}

/** The booking holding `day`, if any. */
export function bookingOn(bookings: readonly Booking[], day: string): Booking | undefined {
  return bookings.find((booking) => booking.dates.some(({ date }) => date === day));
}

/** A `YYYY-MM-DD` day as a local midnight Date, for the calendar. */
export function dateOfDay(day: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** A calendar's local Date back to `YYYY-MM-DD`. */
export function dayOfDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The bookings as one swimmer of the household sees them (`swimmerId`; null: everyone's): only the classes they
 * swim in, each with their own feedback.
 */
export function bookingsOfSwimmer(bookings: readonly Booking[], swimmerId: string | null): Booking[] {
  if (swimmerId === null) return [...bookings];
  return bookings
    .map((booking) => ({
      ...booking,
      dates: booking.dates.flatMap((day) => {
        const swimmer = day.swimmers.find((each) => each.id === swimmerId);
        return swimmer ? [{ ...day, feedback: swimmer.feedback, swimmers: [swimmer] }] : [];
      }),
    }))
    .filter((booking) => booking.dates.length > 0);
}

/** Whether any swimmer of the class has feedback. */
export const hasFeedback = (day: Pick<BookedDay, "feedback" | "swimmers">) =>
  Boolean(day.feedback) || day.swimmers.some((swimmer) => swimmer.feedback);
