import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/** The one rule for each kind of field a person types, shared by every form and the server. */

export const phoneDigitsMin = 6;
/** E.164: at most 15 digits with the country code. */
export const phoneDigitsMax = 15;

/** The free-text fields of the contact and client forms, named in their messages. */
export type TextField = "firstName" | "lastName" | "email" | "message";

/** What a field's refusal says, in the reader's language (domain/translate.ts). */
export const fieldMessages = {
  required: (field: TextField) =>
    translate(
      /*i18n*/ {
        id: "fields.required",
        message:
          "{field, select, firstName {First name} lastName {Last name} email {Email} message {Message} other {This field}} is required.",
        values: { field },
      },
    ),
  tooLong: (field: TextField, max: number) =>
    translate(
      /*i18n*/ {
        id: "fields.tooLong",
        message:
          "{field, select, firstName {First name} lastName {Last name} email {Email} message {Message} other {This field}} must be at most {max} characters.",
        values: { field, max },
      },
    ),
  noNul: (field: TextField) =>
    translate(
      /*i18n*/ {
        id: "fields.noNul",
        message:
          "{field, select, firstName {First name} lastName {Last name} email {Email} message {Message} other {This field}} must not contain NUL characters.",
        values: { field },
      },
    ),
  get emailInvalid() {
    return translate(/*i18n*/ { id: "fields.emailInvalid", message: "Email must be a valid email address." });
  },
  get phoneRequired() {
    return translate(/*i18n*/ { id: "fields.phoneRequired", message: "Phone number is required." });
  },
  get phoneInvalid() {
    return translate(
      /*i18n*/ {
        id: "fields.phoneInvalid",
        message: "Phone number must have {min} to {max} digits; spaces and + ( ) - . are fine.",
        values: { min: phoneDigitsMin, max: phoneDigitsMax },
      },
    );
  },
};

/** Text that must not be blank: trimmed, 1 to `max` characters. */
export const requiredText = (field: TextField, max: number) =>
  z
    .string(said(() => fieldMessages.required(field)))
    .trim()
    .min(
      1,
      said(() => fieldMessages.required(field)),
    )
    .max(
      max,
      said(() => fieldMessages.tooLong(field, max)),
    )
    .refine(
      (text) => !text.includes("\u0000"),
      said(() => fieldMessages.noNul(field)),
    );

/** A text PostgreSQL can store: its text type refuses the NUL character (SQLite would keep it). */
export const refuseNul = (schema: z.ZodString, message: () => string) =>
  schema.refine((text) => !text.includes("\u0000"), said(message));

/** The form in which an email is stored and compared: trimmed and lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A required, well-formed email, normalised; `message` is what any failure says, in the reader's language. */
export const emailAddress = (message: () => string) =>
  z
    .string(said(message))
    .trim()
    .min(1, said(message))
    .max(254, said(message))
    .pipe(z.email(said(message)))
    .transform(normalizeEmail);

/** The email field of a form: required, then well formed. */
export const emailField = () =>
  requiredText("email", 254).pipe(emailAddress(() => fieldMessages.emailInvalid));

/**
 * "+1 (555) 123-4567", "555 123 4567" and "5551234567" are all written by someone; the stored form keeps the
 * digits and a leading + only ("+15551234567"), so the same number always looks the same.
 */
export function normalizePhoneNumber(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[0-9 ()./-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, "");
  if (digits.length < phoneDigitsMin || digits.length > phoneDigitsMax) return null;
  return trimmed.startsWith("+") ? `+${digits}` : digits;
}

/**
 * A stored phone number (normalizePhoneNumber's form) grouped for reading: a North American number as
 * "(555) 010-1001", "+1 (555) 201-3344" or "555-0101", any other in groups of three from its end after its "+"
 * ("+34 612 345 678"). What is stored does not change.
 */
export function groupedPhoneNumber(stored: string): string {
  const plus = stored.startsWith("+") ? "+" : "";
  const digits = stored.replace(/\D/g, "");
  const local = (seven: string) => `${seven.slice(0, 3)}-${seven.slice(3)}`;
  const northAmerican = (ten: string) => `(${ten.slice(0, 3)}) ${local(ten.slice(3))}`;
  if (!plus && digits.length === 7) return local(digits);
  if (!plus && digits.length === 10) return northAmerican(digits);
  if (digits.length === 11 && digits.startsWith("1")) return `${plus}1 ${northAmerican(digits.slice(1))}`;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return plus + groups.join(" ");
}

/** The address a phone calls a stored number at: the digits and a leading "+", as stored. */
export const phoneHref = (stored: string) => `tel:${stored.replace(/[^+\d]/g, "")}`;

export const phoneNumber = z
  .string(said(() => fieldMessages.phoneRequired))
  .trim()
  .min(
    1,
    said(() => fieldMessages.phoneRequired),
  )
  .max(
    40,
    said(() => fieldMessages.phoneInvalid),
  )
  .transform((text, context) => {
    const normalized = normalizePhoneNumber(text);
    if (normalized === null) {
      context.addIssue({ code: "custom", message: fieldMessages.phoneInvalid });
      return z.NEVER;
    }
    return normalized;
  });
