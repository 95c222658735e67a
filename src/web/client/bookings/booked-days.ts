import type { Booking, ClassSwimmer } from "../../../domain/bookings.ts";

/**
 * The client's booked class days as its pages show them. Days stay `YYYY-MM-DD` strings (school time, from the
 * API), the calendar's too (booked-month.ts).
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
