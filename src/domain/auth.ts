import { emailAddress, normalizeEmail } from "./fields.ts";
import type { GuardianOf } from "./households.ts";
import { type Locale, locales } from "./locale.ts";
import { authErrorMessages, messages } from "./messages.ts";
import { inactivitySignOutMs } from "./timing.ts";
import { said, z } from "./zod.ts";

export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** Spec §9: the password an admin hands to a new client. */
export const temporaryPasswordLength = 8;

/**
 * Who signs in (docs/decisions/021): "admin", the school's owner (stored role "admin": everything); "instructor"
 * (stored role "instructor": only their own lessons and those lessons' households); "client", a guardian of a
 * household.
 */
export type Role = "admin" | "instructor" | "client";

/** The school's staff: the owner and the instructors. */
export const isStaffRole = (role: Role | null | undefined): role is "admin" | "instructor" =>
  role === "admin" || role === "instructor";

/** What GET /api/session answers for the signed-in user. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Set for a client who still has the admin's temporary password: every other route refuses until it changes. */
  mustChangePassword: boolean;
  /** The language this person reads the site, mails and reminders in (docs/decisions/018). */
  locale: Locale;
  /** A guardian's household (its id is the client id of the client routes) and what they may do there. */
  guardianOf: GuardianOf | null;
}

export const newPasswordSchema = z
  .string(said(() => authErrorMessages["weak-password"]))
  .min(
    passwordMinLength,
    said(() => authErrorMessages["weak-password"]),
  )
  .max(
    passwordMaxLength,
    said(() => messages.passwordTooLong(passwordMaxLength)),
  );

/** Spec §5: email and password required. */
export const signInSchema = z.object({
  email: emailAddress(() => authErrorMessages["invalid-credential"]),
  password: z
    .string(said(() => messages.passwordRequired))
    .min(
      1,
      said(() => messages.passwordRequired),
    )
    .max(
      passwordMaxLength,
      said(() => authErrorMessages["wrong-password"]),
    ),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** Spec §5: an empty email gets 'Please enter your email.'; any other text is looked up as it is. */
export const passwordResetRequestSchema = z.object({
  email: z
    .string(said(() => messages.resetEmailRequired))
    .trim()
    .min(
      1,
      said(() => messages.resetEmailRequired),
    )
    .max(
      254,
      said(() => messages.resetEmailNotRegistered),
    )
    .refine(
      (text) => !text.includes("\u0000"),
      said(() => messages.resetEmailNotRegistered),
    )
    .transform(normalizeEmail),
});

export const passwordResetConfirmSchema = z.object({
  token: z
    .string(said(() => messages.resetLinkInvalid))
    .min(
      1,
      said(() => messages.resetLinkInvalid),
    )
    .max(200)
    .refine(
      (token) => !token.includes("\u0000"),
      said(() => messages.resetLinkInvalid),
    ),
  newPassword: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(
      1,
      said(() => messages.currentPasswordRequired),
    )
    .max(passwordMaxLength)
    .optional(),
  newPassword: newPasswordSchema,
});

/** PUT /api/session/locale: the language a signed-in person reads the site, mails and reminders in. */
export const localeChoiceSchema = z
  .object({
    locale: z.enum(
      locales,
      said(() => messages.localeInvalid),
    ),
  })
  .strict();

/** POST /api/session/heartbeat: how long ago the person last did something (none: just now). */
export const heartbeatSchema = z
  .object({ idleMs: z.number().int().min(0).max(inactivitySignOutMs).default(0) })
  .strict();
