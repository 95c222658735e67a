/**
 * Every error code the API answers with, in one style (kebab-case, like the spec's §8 sign-in codes), shared by
 * the server (which may only throw these) and the browser (which may branch on them).
 */
export const errorCodes = [
  // Anything the caller sent that a schema refused.
  "validation",
  "payload-too-large",
  "unsupported-media-type",
  "not-found",
  "internal",
  "service-unavailable",
  // Sessions and roles.
  "unauthenticated",
  "permission-denied",
  "forbidden-origin",
  "password-change-required",
  "too-many-requests",
  // Sign-in and accounts (spec §8 codes).
  "invalid-credential",
  "user-not-found",
  "wrong-password",
  "weak-password",
  "email-already-in-use",
  "email-not-registered",
  "invalid-token",
  "same-password",
  // Clients.
  "client-not-found",
  "package-locked",
  // Contact.
  "contact-delivery-failed",
  // Mail outbox (admin).
  "mail-not-failed",
  // Subscriptions and payments.
  "subscription-active",
  "subscription-not-found",
  "pack-not-offered",
  "checkout-not-found",
  "checkout-closed",
  "payment-provider-failed",
  "invalid-signature",
  "invalid-event",
  // Media (milestones, gallery): not a PNG or JPEG by its bytes; over the pixel limit; no such item; a swimmer whose
  // family has not allowed the school to keep photos of them.
  "not-an-image",
  "image-too-large",
  "media-not-found",
  "no-photo-permission",
  // Bookings: no active plan; no dates; over the plan's classes; a past date; a date past the booking horizon; a
  // date the client already has; feedback for a class that has not taken place yet.
  "no-active-subscription",
  "no-dates",
  "too-many-dates",
  "past-date",
  "date-too-far",
  "date-taken",
  "upcoming-date",
  "booking-not-found",
  // Lesson times and instructors (issue 27): not one of the school's instructors; the instructor already teaches
  // a lesson then.
  "instructor-not-found",
  "lesson-overlap",
  // An instructor's day (/today, issue 27): the lesson was deleted, or moved, since the instructor saw it; a save's
  // idempotency key already used by another person or for another lesson; a photo of a swimmer whose family has
  // not allowed photos.
  "lesson-not-found",
  "lesson-moved",
  "idempotency-key-reused",
  "photo-not-allowed",
  // Availability (issue 27, docs/decisions/024): the lesson is outside the instructor's weekly hours or in their
  // time off (the owner may resend with an override); no such time off.
  "outside-availability",
  "time-off-not-found",
  // The curriculum (issue 28, docs/decisions/026): no such level or skill; the skill is not in that level; a
  // placement at or below a level the swimmer already passed.
  "level-not-found",
  "skill-not-found",
  "level-skill-not-found",
  "level-passed",
  // Certificates (issue 28, docs/decisions/027): no such level result, approved twice, a share link unknown or stopped.
  "level-result-not-found",
  "already-published",
  "certificate-link-unknown",
  "certificate-link-stopped",
  // Guardians and invitations (issue 26): no such pending invitation; not a guardian of this household; the
  // household's first guardian, who cannot be removed.
  "invitation-not-found",
  "guardian-not-found",
  "first-guardian",
  // Swimmers (issue 26): not of this household; kept for their lessons, milestones or photos; a family's last one.
  "swimmer-not-found",
  "swimmer-has-history",
  "last-swimmer",
  // Class credits (issue 29, docs/decisions/030): no such credit of this household; redeemed, voided or expired;
  // none left to redeem; a lesson of another household.
  "credit-not-found",
  "credit-not-available",
  "no-credit-available",
  "credit-lesson-mismatch",
  // Booking with a credit (docs/decisions/032): a family that never had a plan; a swimmer's credit for a class
  // they are not in.
  "no-plan",
  "credit-swimmer-mismatch",
  // A family cancels a lesson (issue 29, docs/decisions/031): already cancelled; started or past; the outcome shown
  // is no longer what would happen (the deadline passed meanwhile).
  "lesson-cancelled",
  "lesson-past",
  "cancellation-outcome-changed",
  // Moving a lesson (issue 29, docs/decisions/033): the lesson cannot be moved now (the sentence says why); the time
  // is not one of the free times or was just taken; no such request; answered or withdrawn already; the plan's
  // moves are used up.
  "reschedule-refused",
  "reschedule-time-not-free",
  "reschedule-not-found",
  "reschedule-decided",
  "reschedule-cap-reached",
  "weather-day-changed",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The body of every error answer. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; field?: string } & Record<string, unknown>;
}
