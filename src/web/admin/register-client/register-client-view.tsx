import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useRef, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { defaultLocale, type Locale, localeNames, locales } from "../../../domain/locale.ts";
import { messages } from "../../../domain/messages.ts";
import type { PackType } from "../../../domain/packs.ts";
import { maxNewSwimmers } from "../../../domain/swimmers.ts";
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
import { readSwimmerFields, SwimmerFields } from "../components/swimmer-fields.tsx";
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
  const languageId = useId();
  // The added swimmers' rows, by a key that lasts while rows before them are removed.
  const [rows, setRows] = useState<number[]>([]);
  const nextRow = useRef(0);
  const swimmersHeading = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      const data = new FormData(form);
      const { client, temporaryPassword } = await register.mutateAsync({
        ...readClientFields(form),
        defaultPackType: String(data.get("defaultPackType")) as PackType,
        locale: String(data.get("locale")) as Locale,
        clientSwims: data.get("clientSwims") !== null,
        swimmers: rows.map((_, index) => readSwimmerFields(form, `swimmers.${index}.`)),
      });
      // The spec's toast, and the password kept on screen until the admin closes it.
      toast("success", messages.clientRegistered(temporaryPassword));
      setIssued({ clientName: `${client.firstName} ${client.lastName}`, password: temporaryPassword });
      form.reset();
      setRows([]);
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
        <div className="field">
          <label htmlFor={languageId}>
            <Trans>Language</Trans>
          </label>
          <select id={languageId} name="locale" defaultValue={defaultLocale}>
            {locales.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {localeNames[locale]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="swimmers-fieldset" aria-labelledby={swimmersHeading}>
          <legend id={swimmersHeading}>
            <Trans>Swimmers</Trans>
          </legend>
          <label className="swimmer-fields__check">
            <input type="checkbox" name="clientSwims" defaultChecked />
            <Trans>The client swims too (an adult learner)</Trans>
          </label>
          {rows.map((row, index) => (
            <SwimmerRow
              key={row}
              index={index}
              error={error}
              onRemove={() => setRows((current) => current.filter((key) => key !== row))}
            />
          ))}
          {rows.length < maxNewSwimmers && (
            <div className="admin-form__actions">
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => setRows((current) => [...current, nextRow.current++])}
              >
                <Trans>Add a swimmer</Trans>
              </button>
            </div>
          )}
        </fieldset>
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

/** One added swimmer of the registration, removable before saving. */
function SwimmerRow({
  index,
  error,
  onRemove,
}: {
  index: number;
  error: FieldError | null;
  onRemove: () => void;
}) {
  const number = index + 1;
  return (
    <fieldset className="swimmer-row">
      <legend>
        <Trans>Swimmer {number}</Trans>
      </legend>
      <SwimmerFields prefix={`swimmers.${index}.`} error={error} />
      <div className="admin-form__actions">
        <button
          type="button"
          className="admin-button admin-button--secondary admin-button--small"
          onClick={onRemove}
        >
          <Trans>Remove swimmer {number}</Trans>
        </button>
      </div>
    </fieldset>
  );
}
