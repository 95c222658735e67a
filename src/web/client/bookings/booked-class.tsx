import { Trans } from "@lingui/react/macro";
import {
  type BookedDate,
  type Booking,
  type ClassSwimmer,
  shownBookingTitle,
} from "../../../domain/bookings.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import "./bookings.css";

/**
 * A booked class as the dashboard, /progress and /feedback list it and Booking Details shows it: its title, time,
 * swimmers and state. Apart from the dialog, which loads when first opened (booking-details-lazy.tsx).
 */

/** The stored title in the reader's language ("3-Class Booking", "Reserva de 3 clases"). */
export const bookingTitleOf = (booking: Booking) => shownBookingTitle(booking.title);

/** A class's time (30 minutes, or "time to be set") and who teaches it, beside its date. */
export function ClassWhen({ startTime, instructor }: Pick<BookedDate, "startTime" | "instructor">) {
  const time = formatLessonTime(startTime);
  const name = instructor?.name;
  return (
    <span className="class-when">
      {name ? (
        <Trans>
          {time} · with {name}
        </Trans>
      ) : (
        time
      )}
    </span>
  );
}

/**
 * Who swims in a class, beside its date, where it could be someone else: a class of several swimmers, or of one
 * swimmer of a household of several. A household of one swimmer shows nothing (`swimmers` is that one).
 */
export function WhoSwims({
  swimmers,
  householdSwimmers,
}: {
  swimmers: readonly ClassSwimmer[];
  /** How many swimmers the household has. */
  householdSwimmers: number;
}) {
  if (householdSwimmers < 2 && swimmers.length < 2) return null;
  const names = swimmers.map((swimmer) => swimmer.firstName).join(", ");
  return (
    <span className="class-swimmers">
      <Trans>Swims: {names}</Trans>
    </span>
  );
}

/**
 * A class date's state beside it (the school's today): Cancelled (kept, issue 29), Completed once past, Today on its day (it takes place even
 * once the plan is canceled, issue 24), else Upcoming.
 */
export function ClassState({
  day,
  today,
  cancelled = false,
}: {
  day: string;
  today: string;
  cancelled?: boolean;
}) {
  if (cancelled)
    return (
      <span className="class-state class-state--cancelled">
        <Trans>Cancelled</Trans>
      </span>
    );
  if (day < today)
    return (
      <span className="class-state class-state--done">
        <Trans>Completed</Trans>
      </span>
    );
  return (
    <span className={day === today ? "class-state class-state--today" : "class-state"}>
      {day === today ? <Trans>Today</Trans> : <Trans>Upcoming</Trans>}
    </span>
  );
}

/** A class booked with a class credit (docs/decisions/032): it used none of the plan's classes. */
export function PaidByCredit() {
  return (
    <span className="class-state class-state--credit">
      <Trans>Booked with a credit</Trans>
    </span>
  );
}

/** A Details button's words: "Details", and for a screen reader which booking they open. */
export function DetailsLabel({ title }: { title: string }) {
  return (
    <Trans>
      Details<span className="visually-hidden"> of {title}</span>
    </Trans>
  );
}
