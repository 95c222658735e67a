import { type Booking, bookingMessages } from "../../../domain/bookings.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import "./bookings.css";

export const bookingTitleOf = (booking: Booking) => booking.title || bookingMessages.untitledBooking;

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
  return (
    <Dialog open={booking !== null} title="Booking Details" onClose={onClose} className="booking-details">
      {booking && (
        <>
          <p className="booking-details__title">{bookingTitleOf(booking)}</p>
          <h3 className="booking-details__heading">Dates</h3>
          <ul className="booking-details__dates">
            {booking.dates.map(({ date }) => (
              <li key={date}>
                <time dateTime={date}>{formatDay(date, { dateStyle: "full" })}</time>
                <span className={date < today ? "class-state class-state--done" : "class-state"}>
                  {date < today ? "Completed" : "Upcoming"}
                </span>
              </li>
            ))}
          </ul>
          <p className="booking-details__paid">
            Paid: <strong>{booking.paid ? "Yes" : "No"}</strong>
          </p>
        </>
      )}
    </Dialog>
  );
}
