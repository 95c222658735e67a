import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { latestBirthDate, type NewSwimmerInput, swimmerNotesMax } from "../../../domain/swimmers.ts";
import type { FieldError } from "./client-fields.tsx";

type SwimmerValues = Pick<
  NewSwimmerInput,
  "firstName" | "lastName" | "birthDate" | "notes" | "photoPermission"
>;

/**
 * One swimmer's fields (Register Client's swimmers, Edit Client's Swimmers): names required; birth date, notes for
 * the instructor and photo permission optional. Inputs are named `${prefix}firstName` and so on, so that a refusal
 * naming a field ("swimmers.1.birthDate") is shown under it and focused. `namesLocked`: the swimmer who is the
 * client keeps the client's name, changed in the client's own fields.
 */
export function SwimmerFields({
  prefix = "",
  swimmer,
  error,
  namesLocked = false,
}: {
  prefix?: string;
  swimmer?: SwimmerValues;
  error?: FieldError | null;
  namesLocked?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const invalid = (name: string) => error?.field === `${prefix}${name}`;
  const described = (name: string) => (invalid(name) ? `${id}-${name}-error` : undefined);
  const errorOf = (name: string) =>
    invalid(name) && (
      <p id={`${id}-${name}-error`} className="field__error">
        {error?.message}
      </p>
    );
  const text = (name: "firstName" | "lastName", label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={`${prefix}${name}`}
        type="text"
        autoComplete="off"
        required
        readOnly={namesLocked}
        defaultValue={swimmer?.[name] ?? ""}
        aria-invalid={invalid(name) || undefined}
        aria-describedby={described(name)}
      />
      {errorOf(name)}
    </div>
  );
  return (
    <>
      {text("firstName", t`Swimmer's first name`)}
      {text("lastName", t`Swimmer's last name`)}
      <div className="field">
        <label htmlFor={`${id}-birthDate`}>
          <Trans>Birth date (optional)</Trans>
        </label>
        <input
          id={`${id}-birthDate`}
          name={`${prefix}birthDate`}
          type="date"
          max={latestBirthDate()}
          defaultValue={swimmer?.birthDate ?? ""}
          aria-invalid={invalid("birthDate") || undefined}
          aria-describedby={described("birthDate")}
        />
        {errorOf("birthDate")}
      </div>
      <div className="field swimmer-fields__notes">
        <label htmlFor={`${id}-notes`}>
          <Trans>Notes for the instructor (optional)</Trans>
        </label>
        <textarea
          id={`${id}-notes`}
          name={`${prefix}notes`}
          rows={2}
          maxLength={swimmerNotesMax}
          placeholder={t`Medical notes, fears, what helps`}
          defaultValue={swimmer?.notes ?? ""}
          aria-invalid={invalid("notes") || undefined}
          aria-describedby={described("notes")}
        />
        {errorOf("notes")}
      </div>
      <label className="swimmer-fields__check">
        <input
          type="checkbox"
          name={`${prefix}photoPermission`}
          defaultChecked={swimmer?.photoPermission ?? false}
        />
        <Trans>The school may take and keep photos of this swimmer</Trans>
      </label>
    </>
  );
}

/** The swimmer's fields as the form holds them. */
export function readSwimmerFields(form: HTMLFormElement, prefix = ""): SwimmerValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(`${prefix}${name}`) ?? "").trim();
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    birthDate: text("birthDate") || null,
    notes: text("notes"),
    photoPermission: data.get(`${prefix}photoPermission`) !== null,
  };
}
