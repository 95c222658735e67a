import { said, z } from "./zod.ts";

/** The one rule for each kind of field a person types, shared by every form and the server. */

/** Text that must not be blank: trimmed, 1 to `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((text) => !text.includes("\u0000"), `${label} must not contain NUL characters.`);

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

export const phoneDigitsMin = 6;
/** E.164: at most 15 digits with the country code. */
export const phoneDigitsMax = 15;
export const phoneNumberMessage = `Phone number must have ${phoneDigitsMin} to ${phoneDigitsMax} digits; spaces and + ( ) - . are fine.`;

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

export const phoneNumber = z
  .string({ error: "Phone number is required." })
  .trim()
  .min(1, "Phone number is required.")
  .max(40, phoneNumberMessage)
  .transform((text, context) => {
    const normalized = normalizePhoneNumber(text);
    if (normalized === null) {
      context.addIssue({ code: "custom", message: phoneNumberMessage });
      return z.NEVER;
    }
    return normalized;
  });
