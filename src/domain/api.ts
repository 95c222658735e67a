import type { Role, SessionUser } from "./auth.ts";
import type { Client, ClientPage } from "./clients.ts";
import type { NewsletterSignUpOutcome, NewsletterSubscriberPage } from "./newsletter.ts";
import type { SchoolSettings, SetupItem } from "./school-settings.ts";
import type { CertificateSettings } from "./school-settings-schema.ts";

/**
 * The success body of every API route, shared by both sides (docs/decisions/004): the route answers
 * `c.json<XResponse>(…)` and the browser calls `apiFetch<XResponse>(…)`, so changing a body breaks `tsc` on both.
 * Error bodies are `ErrorBody` in error-codes.ts.
 */

/** Routes whose answer is a sentence for the user (the spec's words, from messages.ts). */
export interface MessageResponse {
  message: string;
}

/** Where the browser asks who is signed in (GET: SessionResponse); the app shell's HTML preloads it. */
export const sessionPath = "/api/session";

/** GET /api/session: who is signed in, or null. */
export interface SessionResponse {
  user: SessionUser | null;
}

/** POST /api/session/sign-in (the session cookie comes with it). */
export interface SignInResponse {
  role: Role;
  mustChangePassword: boolean;
}

/** POST /api/session/sign-out */
export interface SignOutResponse {
  signedOut: true;
}

/** POST /api/session/change-password */
export type ChangePasswordResponse = MessageResponse;

/** POST /api/password-reset: the mail is on its way. */
export type PasswordResetRequestResponse = MessageResponse;

/** POST /api/password-reset/confirm */
export type PasswordResetConfirmResponse = MessageResponse;

/** GET /api/clients?search&page&pageSize */
export type ClientPageResponse = ClientPage;

/** GET /api/clients/:id */
export interface ClientResponse {
  client: Client;
}

/** POST /api/clients (201): the temporary password is shown once, in the toast. */
export interface RegisterClientResponse {
  client: Client;
  temporaryPassword: string;
  message: string;
}

/** PATCH /api/clients/:id */
export interface UpdateClientResponse {
  client: Client;
  message: string;
}

/** DELETE /api/clients/:id */
export type DeleteClientResponse = MessageResponse;

/** POST /api/clients/:id/temporary-password: a new temporary password, answered this once. */
export interface TemporaryPasswordResponse {
  temporaryPassword: string;
  message: string;
}

/** POST /api/clients/:id/reset-link: the reset mail is on its way to the client. */
export type ClientResetLinkResponse = MessageResponse;

/** GET /api/password-reset/check?token=…: the link can still be used (it is not used up by asking). */
export interface PasswordResetCheckResponse {
  valid: true;
}

/** POST /api/contact (201) */
export type ContactResponse = MessageResponse;

/** POST /api/newsletter: what happened, and the sentence to show under the footer's field. */
export interface NewsletterSignUpResponse {
  outcome: NewsletterSignUpOutcome;
  message: string;
}

/** POST /api/newsletter/confirm */
export type NewsletterConfirmResponse = MessageResponse;

/** POST /api/newsletter/unsubscribe */
export type NewsletterUnsubscribeResponse = MessageResponse;

/** GET /api/newsletter/subscribers?page&pageSize: confirmed addresses, oldest first. */
export type NewsletterSubscriberPageResponse = NewsletterSubscriberPage;

/** GET and PUT /api/settings: School settings in force; `stored` false while site.json's stand (none saved). */
export interface SchoolSettingsResponse {
  settings: SchoolSettings;
  stored: boolean;
}

/** GET and PUT /api/settings/certificates: "Approve certificates before publishing". */
export interface CertificateSettingsResponse {
  settings: CertificateSettings;
}

/** GET /api/settings/setup: what the setup checklist on /admin still lists, in its order (empty: all done). */
export interface SetupChecklistResponse {
  toDo: SetupItem[];
}
