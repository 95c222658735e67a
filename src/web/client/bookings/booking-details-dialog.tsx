import { Trans, useLingui } from "@lingui/react/macro";
import {
  type BookedDate,
  type Booking,
  type ClassSwimmer,
  shownBookingTitle,
} from "../../../domain/bookings.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import "./bookings.css";

/** The stored title in the reader's language ("3-Class Booking", "Reserva de 3 clases"). */
export const bookingTitleOf = (booking: Booking) => shownBookingTitle(booking.title);

/**
 * The Booking Details popup of the dashboard and /progress (spec §2): the booking's title, its dates (each marked
 * completed once past) and whether it is paid. Closed while `booking` is null.
 */
export function BookingDetailsDialog({
  booking,
  today,
  householdSwimmers,
  onClose,
}: {
  booking: Booking | null;
  today: string;
  /** How many swimmers the household has: with several, each date says who swims. */
  householdSwimmers: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={booking !== null} title={t`Booking Details`} onClose={onClose} className="booking-details">
      {booking && (
        <>
          <p className="booking-details__title">{bookingTitleOf(booking)}</p>
          <h3 className="booking-details__heading">
            <Trans>Dates</Trans>
          </h3>
          <ul className="booking-details__dates">
            {booking.dates.map(({ date, swimmers, startTime, instructor }) => (
              <li key={date}>
                <time dateTime={date}>{formatDay(date, { dateStyle: "full" })}</time>
                <ClassWhen startTime={startTime} instructor={instructor} />
                <WhoSwims swimmers={swimmers} householdSwimmers={householdSwimmers} />
                <ClassState day={date} today={today} />
              </li>
            ))}
          </ul>
          <p className="booking-details__paid">
            {booking.paid ? (
              <Trans>
                Paid: <strong>Yes</strong>
              </Trans>
            ) : (
              <Trans>
                Paid: <strong>No</strong>
              </Trans>
            )}
          </p>
        </>
      )}
    </Dialog>
  );
}

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
 * A class date's state beside it (the school's today): Completed once past, Today on its day (it takes place even
 * once the plan is canceled, issue 24), else Upcoming.
 */
export function ClassState({ day, today }: { day: string; today: string }) {
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

/** A Details button's words: "Details", and for a screen reader which booking they open. */
export function DetailsLabel({ title }: { title: string }) {
  return (
    <Trans>
      Details<span className="visually-hidden"> of {title}</span>
    </Trans>
  );
}
