import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import type { PackType } from "../../../domain/packs.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useRegisterClient } from "../api/clients.ts";
import {
  ClientFields,
  type FieldError,
  focusFieldOf,
  isClientFieldError,
  readClientFields,
} from "../components/client-fields.tsx";
import { ClientSearch } from "../components/client-search.tsx";
import { EditClientForm } from "../components/edit-client-form.tsx";
import { PackSelect } from "../components/pack-select.tsx";
import { type IssuedPassword, TemporaryPasswordDialog } from "../components/temporary-password-dialog.tsx";

/** /admin's Register Client view (spec §2): a client search opening the Edit Client panel, and the registration form. */
export function RegisterClientView() {
  const [selected, setSelected] = useState<Client | null>(null);
  return (
    <section className="admin-page">
      <h1>
        <Trans>Register Client</Trans>
      </h1>
      <ClientSearch onSelect={setSelected} />
      {selected && (
        <section className="admin-card" aria-labelledby="edit-client-heading">
          <div className="admin-card__head">
            <h2 id="edit-client-heading">
              <Trans>Edit Client</Trans>
            </h2>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => setSelected(null)}
            >
              <Trans>Close</Trans>
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
  const { t } = useLingui();
  const register = useRegisterClient();
  const toast = useToast();
  const [error, setError] = useState<FieldError | null>(null);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      const { client, temporaryPassword } = await register.mutateAsync({
        ...readClientFields(form),
        defaultPackType: String(new FormData(form).get("defaultPackType")) as PackType,
      });
      // The spec's toast, and the password kept on screen until the admin closes it.
      toast("success", messages.clientRegistered(temporaryPassword));
      setIssued({ clientName: `${client.firstName} ${client.lastName}`, password: temporaryPassword });
      form.reset();
    } catch (caught) {
      const reason =
        caught instanceof ApiError ? caught.message : messages.registrationFailed(t`Please try again.`);
      toast("error", reason);
      const refusal = { message: reason, field: caught instanceof ApiError ? caught.field : undefined };
      setError(refusal);
      focusFieldOf(form, refusal);
    }
  }

  return (
    <section className="admin-card" aria-labelledby="register-heading">
      <h2 id="register-heading">
        <Trans>New client</Trans>
      </h2>
      <form className="admin-form" onSubmit={onSubmit}>
        <ClientFields error={error} />
        <PackSelect name="defaultPackType" required placeholder={t`Select a package`} />
        {error && !isClientFieldError(error) && (
          <p id={errorId} className="admin-form__error" role="alert">
            {error.message}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-button" disabled={register.isPending}>
            {register.isPending ? t`Registering…` : t`Register Client`}
          </button>
        </div>
      </form>
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </section>
  );
}
