import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import type { Client } from "../../../domain/clients.ts";
import { groupedPhoneNumber, phoneHref } from "../../../domain/fields.ts";

const fields = [
  { name: "firstName", label: msg`First name`, type: "text", autoComplete: "off" },
  { name: "lastName", label: msg`Last name`, type: "text", autoComplete: "off" },
  { name: "email", label: msg`Email`, type: "email", autoComplete: "off" },
  { name: "phoneNumber", label: msg`Phone number`, type: "tel", autoComplete: "off" },
] as const;

export type ClientFieldName = (typeof fields)[number]["name"];

/** A refusal from the server: its message, and the field it is about when it names one. */
export interface FieldError {
  message: string;
  field?: string | undefined;
}

/** True when the error belongs under one of these fields (the form shows any other error itself). */
export const isClientFieldError = (error: FieldError | null): boolean =>
  fields.some((field) => field.name === error?.field);

/**
 * firstName, lastName, email, phoneNumber: all required (spec §5 "Register form"). The phone's rule is the
 * server's (domain/fields.ts), which accepts the usual ways of writing a number ("+1 (555) 123-4567") and says
 * what is wrong: no pattern here, so the browser never answers with its own "match the requested format". A
 * refusal about one field is shown under that field and read with it. A known phone number is shown grouped for
 * reading ("(555) 010-1001": the server stores its digits as before) with a link that calls it from a phone.
 */
export function ClientFields({
  client,
  error,
}: {
  client?: Pick<Client, ClientFieldName>;
  error?: FieldError | null;
}) {
  const { i18n } = useLingui();
  const prefix = useId();
  return (
    <>
      {fields.map((field) => {
        const id = `${prefix}-${field.name}`;
        const invalid = error?.field === field.name;
        const stored = client?.[field.name] ?? "";
        const phone = field.name === "phoneNumber" && stored ? groupedPhoneNumber(stored) : null;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{i18n._(field.label)}</label>
            <input
              id={id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              required
              defaultValue={phone ?? stored}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
            />
            {invalid && (
              <p id={`${id}-error`} className="field__error">
                {error?.message}
              </p>
            )}
            {phone && (
              <a className="field__call" href={phoneHref(stored)}>
                <Trans>Call {phone}</Trans>
              </a>
            )}
          </div>
        );
      })}
    </>
  );
}

export function readClientFields(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  return {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phoneNumber: text("phoneNumber"),
  };
}

/** After a refusal, the person starts again at the field it is about. */
export function focusFieldOf(form: HTMLFormElement, error: FieldError): void {
  const input = error.field ? form.elements.namedItem(error.field) : null;
  if (input instanceof HTMLElement) input.focus();
}
