import { bookingMessages } from "../../../domain/bookings.ts";
import { errorMessageOf } from "../../api/http.ts";
import "./bookings.css";

/**
 * What a client's booking page shows until its bookings are there: 'Loading bookings...' (spec §2), or the
 * failure with a Try again button. Renders nothing once the data is in.
 */
export function BookingsState({
  isError,
  error,
  loaded,
  onRetry,
}: {
  isError: boolean;
  error: unknown;
  loaded: boolean;
  onRetry: () => void;
}) {
  if (isError) {
    return (
      <div className="bookings-state bookings-state--error" role="alert">
        <p>Could not load your bookings. {errorMessageOf(error)}</p>
        <button type="button" className="button button--blue" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (loaded) return null;
  return (
    <p className="bookings-state" role="status">
      {bookingMessages.loadingBookings}
    </p>
  );
}
