import { Trans, useLingui } from "@lingui/react/macro";
import { type Booking, shownBookingTitle } from "../../../domain/bookings.ts";
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
  onClose,
}: {
  booking: Booking | null;
  today: string;
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
            {booking.dates.map(({ date }) => (
              <li key={date}>
                <time dateTime={date}>{formatDay(date, { dateStyle: "full" })}</time>
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
