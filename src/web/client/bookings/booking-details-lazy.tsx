import { type ComponentProps, lazy, Suspense, useState } from "react";

const LoadedDialog = lazy(() =>
  import("./booking-details-dialog.tsx").then((m) => ({ default: m.BookingDetailsDialog })),
);

/**
 * Booking Details, loaded when a family first opens a booking: cancelling and rescheduling a class (and the
 * instructors' free times they read) are no part of the dashboard's or /progress's first load (issue 31,
 * docs/decisions/041). Once loaded it stays, so it opens and closes as before.
 */
export function BookingDetailsDialog(props: ComponentProps<typeof LoadedDialog>) {
  const [wanted, setWanted] = useState(false);
  if (props.booking !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
