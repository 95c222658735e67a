import { useId } from "react";
import type { Client } from "../../../domain/clients.ts";

const fields = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "off" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "off" },
  { name: "email", label: "Email", type: "email", autoComplete: "off" },
  { name: "phoneNumber", label: "Phone number", type: "tel", autoComplete: "off" },
] as const;

export type ClientFieldName = (typeof fields)[number]["name"];

/** firstName, lastName, email, phoneNumber: all required (spec §5 "Register form"), phone digits only. */
export function ClientFields({
  client,
  errorField,
  errorId,
}: {
  client?: Pick<Client, ClientFieldName>;
  errorField?: string;
  errorId?: string;
}) {
  const prefix = useId();
  return (
    <>
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`${prefix}-${field.name}`}>{field.label}</label>
          <input
            id={`${prefix}-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            defaultValue={client?.[field.name] ?? ""}
            {...(field.name === "phoneNumber"
              ? { inputMode: "numeric" as const, pattern: "[0-9]{6,15}" }
              : {})}
            aria-invalid={errorField === field.name || undefined}
            aria-describedby={errorField === field.name ? errorId : undefined}
          />
        </div>
      ))}
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
