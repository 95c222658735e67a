import { useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { ClientSearch } from "../components/client-search.tsx";

const comingWithBookings =
  "Booking class dates opens with the bookings release. Clients and packages are ready for it.";

/**
 * /admin's Create Booking view (spec §2): client search, then the booking details. The calendar, the chosen dates
 * and the Create Booking button come with the bookings release; until then the view says so.
 */
export function CreateBookingView() {
  const [client, setClient] = useState<Client | null>(null);
  const headingId = useId();
  return (
    <section className="admin-page">
      <h1>Create Booking</h1>
      <ClientSearch onSelect={setClient} />
      {client ? (
        <section className="admin-card" aria-labelledby={headingId}>
          <h2 id={headingId}>
            Booking details for {client.firstName} {client.lastName}
          </h2>
          <p>{comingWithBookings}</p>
        </section>
      ) : (
        <p>{comingWithBookings}</p>
      )}
    </section>
  );
}
