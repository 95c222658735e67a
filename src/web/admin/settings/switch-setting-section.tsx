import { Trans } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";
import { errorMessageOf } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";

/** A School settings section: a card with its heading, which the checklist's links focus (#id). */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="admin-card school-settings__section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A School settings section of one switch saved on its own (approve certificates, move classes at once): its hint,
 * the box as stored (or `fallback` until the owner saves one), and its own Save button; the toast says what
 * `save` answers.
 */
export function SwitchSettingSection(props: {
  id: string;
  title: string;
  hint: ReactNode;
  label: ReactNode;
  saveLabel: ReactNode;
  loadError: string;
  setting: { data?: boolean; isError: boolean; error: unknown };
  fallback: boolean;
  saving: boolean;
  /** Saves the choice and answers the toast's words. */
  save: (on: boolean) => Promise<string>;
}) {
  const toast = useToast();
  const [choice, setChoice] = useState<boolean | null>(null);
  const saved = props.setting.data;
  const on = choice ?? saved ?? props.fallback;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const message = await props.save(on);
      setChoice(null);
      toast("success", message);
    } catch (caught) {
      toast("error", errorMessageOf(caught));
    }
  }

  return (
    <SettingsSection id={props.id} title={props.title}>
      <p className="school-settings__hint">{props.hint}</p>
      {props.setting.isError ? (
        <p className="field__error" role="alert">
          {props.loadError} {errorMessageOf(props.setting.error)}
        </p>
      ) : saved === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <form className="admin-form" onSubmit={onSubmit}>
          <label className="swimmer-fields__check">
            <input
              type="checkbox"
              checked={on}
              onChange={(event) => setChoice(event.currentTarget.checked)}
            />
            {props.label}
          </label>
          <div className="admin-form__actions">
            <button type="submit" className="admin-button" disabled={props.saving}>
              {props.saving ? <Trans>Saving…</Trans> : props.saveLabel}
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
