import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { type Booking, type BookingPageResponse, bookingMessages } from "../../../domain/bookings.ts";

/**
 * A page of bookings as Manage Bookings and Add Feedback show it: the error, the loading text, why nothing is
 * listed, or the items drawn by `children`.
 */
export function BookingListStatus({
  query,
  search,
  page,
  children,
}: {
  query: { isError: boolean; data?: BookingPageResponse };
  search: string;
  page: number;
  children: (items: Booking[]) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.isError) {
    return (
      <p className="admin-form__error" role="alert">
        <Trans>Could not load bookings. Please try again.</Trans>
      </p>
    );
  }
  if (query.data === undefined) return <p role="status">{bookingMessages.loadingBookings}</p>;
  if (query.data.items.length === 0) {
    return (
      <p role="status">
        {search
          ? t`No bookings match this search.`
          : page > 1
            ? t`No bookings on this page.`
            : t`No bookings yet.`}
      </p>
    );
  }
  return children(query.data.items);
}
