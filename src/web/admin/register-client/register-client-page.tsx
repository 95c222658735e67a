import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { Client } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import type { PackType } from "../../../domain/packs.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useRegisterClient } from "../clients/api.ts";
import { ClientFields, readClientFields } from "../clients/client-fields.tsx";
import { ClientSearch } from "../clients/client-search.tsx";
import { EditClientForm } from "../clients/edit-client-form.tsx";
import { PackSelect } from "../clients/pack-select.tsx";
import { SHOW_BOOKING_PARAM } from "../layout/admin-layout.tsx";

/** /admin: Register Client (search, registration form, Edit Client panel), or Create Booking with ?showBooking=true. */
export function AdminHomePage() {
  const [params] = useSearchParams();
  if (params.get(SHOW_BOOKING_PARAM) === "true") {
    return (
      <section className="admin-page">
        <h1>Create Booking</h1>
        <p>Booking class dates opens with the bookings release. Clients and packages are ready for it.</p>
      </section>
    );
  }
  return <RegisterClientView />;
}

function RegisterClientView() {
  const [selected, setSelected] = useState<Client | null>(null);
  return (
    <section className="admin-page">
      <h1>Register Client</h1>
      <ClientSearch onSelect={setSelected} />
      {selected && (
        <section className="admin-card" aria-labelledby="edit-client-heading">
          <div className="admin-card__head">
            <h2 id="edit-client-heading">Edit Client</h2>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => setSelected(null)}
            >
              Close
            </button>
          </div>
          <EditClientForm
            key={selected.id}
            client={selected}
            onDeleted={() => setSelected(null)}
            onSaved={() => setSelected(null)}
          />
        </section>
      )}
      <RegisterClientForm />
    </section>
  );
}

function RegisterClientForm() {
  const register = useRegisterClient();
  const toast = useToast();
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      const { temporaryPassword } = await register.mutateAsync({
        ...readClientFields(form),
        defaultPackType: String(new FormData(form).get("defaultPackType")) as PackType,
      });
      toast("success", messages.clientRegistered(temporaryPassword));
      form.reset();
    } catch (caught) {
      const reason =
        caught instanceof ApiError ? caught.message : messages.registrationFailed("Please try again.");
      toast("error", reason);
      setError({ message: reason, field: caught instanceof ApiError ? caught.field : undefined });
    }
  }

  return (
    <section className="admin-card" aria-labelledby="register-heading">
      <h2 id="register-heading">New client</h2>
      <form className="admin-form" onSubmit={onSubmit}>
        <ClientFields errorField={error?.field} errorId={errorId} />
        <PackSelect name="defaultPackType" required placeholder="Select a package" />
        {error && (
          <p id={errorId} className="admin-form__error" role="alert">
            {error.message}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-button" disabled={register.isPending}>
            {register.isPending ? "Registering…" : "Register Client"}
          </button>
        </div>
      </form>
    </section>
  );
}
