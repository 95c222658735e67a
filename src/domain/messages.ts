import { translate } from "./translate.ts";

/**
 * The spec's words (§5, §8), in one place for the server and the browser, each read in the reader's language
 * (domain/translate.ts; the Spanish is in src/locales/es/common.po). The spec writes two messages in Spanish; in
 * English they read in English, and their Spanish versions are the spec's own words.
 */
export const messages = {
  get contactSent() {
    return translate(/*i18n*/ { id: "messages.contactSent", message: "Message sent successfully!" });
  },
  get contactFailed() {
    return translate(
      /*i18n*/ { id: "messages.contactFailed", message: "Failed to send message. Please try again." },
    );
  },
  get tooManyRequests() {
    return translate(
      /*i18n*/ {
        id: "messages.tooManyRequests",
        message: "Too many requests. Please wait a few minutes and try again.",
      },
    );
  },
  get notFound() {
    return translate(/*i18n*/ { id: "messages.notFound", message: "Not found." });
  },
  get internalError() {
    return translate(
      /*i18n*/ {
        id: "messages.internalError",
        message: "An internal error occurred. Please try again later.",
      },
    );
  },
  get serviceUnavailable() {
    return translate(
      /*i18n*/ {
        id: "messages.serviceUnavailable",
        message: "The service is temporarily unavailable. Please try again in a moment.",
      },
    );
  },
  get payloadTooLarge() {
    return translate(/*i18n*/ { id: "messages.payloadTooLarge", message: "This request is too large." });
  },
  get unsupportedMediaType() {
    return translate(
      /*i18n*/ {
        id: "messages.unsupportedMediaType",
        message: "This request must send its data as JSON (Content-Type: application/json).",
      },
    );
  },

  get permissionDenied() {
    return translate(
      /*i18n*/ {
        id: "messages.permissionDenied",
        message: "You do not have permission to access this page.",
      },
    );
  },
  get resetEmailRequired() {
    return translate(/*i18n*/ { id: "messages.resetEmailRequired", message: "Please enter your email." });
  },
  get resetEmailNotRegistered() {
    return translate(
      /*i18n*/ { id: "messages.resetEmailNotRegistered", message: "This email is not registered." },
    );
  },
  get resetEmailSent() {
    return translate(
      /*i18n*/ { id: "messages.resetEmailSent", message: "An email has been sent to reset your password." },
    );
  },

  clientRegistered: (password: string) =>
    translate(
      /*i18n*/ {
        id: "messages.clientRegistered",
        message: "Client registered! Password: {password}",
        values: { password },
      },
    ),
  registrationFailed: (reason: string) =>
    translate(/*i18n*/ { id: "messages.registrationFailed", message: "Error: {reason}", values: { reason } }),
  get clientUpdated() {
    return translate(/*i18n*/ { id: "messages.clientUpdated", message: "Client updated successfully" });
  },
  get clientDeleted() {
    return translate(/*i18n*/ { id: "messages.clientDeleted", message: "Client deleted successfully" });
  },
  get clientUpdateFailed() {
    return translate(/*i18n*/ { id: "messages.clientUpdateFailed", message: "Error updating client" });
  },
  get clientDeleteFailed() {
    return translate(/*i18n*/ { id: "messages.clientDeleteFailed", message: "Error deleting client" });
  },
  get confirmDeleteClient() {
    return translate(
      /*i18n*/ {
        id: "messages.confirmDeleteClient",
        message: "Are you sure you want to delete this client?",
      },
    );
  },

  // Ours: the spec shows no words for these cases.
  get signInRequired() {
    return translate(/*i18n*/ { id: "messages.signInRequired", message: "Please sign in to continue." });
  },
  get sessionExpired() {
    return translate(
      /*i18n*/ {
        id: "messages.sessionExpired",
        message: "You were signed out after 5 minutes without activity. Please sign in again.",
      },
    );
  },
  get passwordChangeRequired() {
    return translate(
      /*i18n*/ {
        id: "messages.passwordChangeRequired",
        message: "Please choose a new password before you continue.",
      },
    );
  },
  get passwordChanged() {
    return translate(/*i18n*/ { id: "messages.passwordChanged", message: "Your password has been changed." });
  },
  get passwordReset() {
    return translate(
      /*i18n*/ {
        id: "messages.passwordReset",
        message: "Your password has been reset. You can sign in now.",
      },
    );
  },
  get resetLinkInvalid() {
    return translate(
      /*i18n*/ {
        id: "messages.resetLinkInvalid",
        message: "This reset link is invalid or has expired. Please ask for a new one.",
      },
    );
  },
  get currentPasswordRequired() {
    return translate(
      /*i18n*/ { id: "messages.currentPasswordRequired", message: "Please enter your current password." },
    );
  },
  get currentPasswordWrong() {
    return translate(
      /*i18n*/ { id: "messages.currentPasswordWrong", message: "Your current password is incorrect." },
    );
  },
  get samePassword() {
    return translate(
      /*i18n*/ { id: "messages.samePassword", message: "Choose a password different from your current one." },
    );
  },
  get emailTaken() {
    return translate(/*i18n*/ { id: "messages.emailTaken", message: "This email is already in use." });
  },
  get clientNotFound() {
    return translate(/*i18n*/ { id: "messages.clientNotFound", message: "This client does not exist." });
  },
  get packLocked() {
    return translate(
      /*i18n*/ {
        id: "messages.packLocked",
        message: "This client has an active subscription, so the package cannot be changed until it ends.",
      },
    );
  },
  get mailNotFound() {
    return translate(/*i18n*/ { id: "messages.mailNotFound", message: "This mail does not exist." });
  },
  get mailNotFailed() {
    return translate(
      /*i18n*/ { id: "messages.mailNotFailed", message: "Only a mail that failed can be sent again." },
    );
  },

  // Packages, checkout and subscriptions (spec §5, §8).
  get mustBeLoggedIn() {
    return translate(/*i18n*/ { id: "messages.mustBeLoggedIn", message: "You must be logged in." });
  },
  get checkoutFailed() {
    return translate(/*i18n*/ { id: "messages.checkoutFailed", message: "Error initiating checkout" });
  },
  get subscriptionSuccessful() {
    return translate(
      /*i18n*/ {
        id: "messages.subscriptionSuccessful",
        message: "Subscription successful! Welcome to the studio.",
      },
    );
  },
  get paymentCanceled() {
    return translate(
      /*i18n*/ { id: "messages.paymentCanceled", message: "Payment canceled. Please try again." },
    );
  },
  get confirmCancelSubscription() {
    return translate(
      /*i18n*/ {
        id: "messages.confirmCancelSubscription",
        message: "Are you sure you want to cancel your current subscription?",
      },
    );
  },
  get cancelSubscriptionFailed() {
    return translate(
      /*i18n*/ {
        id: "messages.cancelSubscriptionFailed",
        message: "Error canceling subscription. Please try again.",
      },
    );
  },
  subscriptionCanceled: (remaining: number) =>
    translate(
      /*i18n*/ {
        id: "messages.subscriptionCanceled",
        message:
          "Your subscription has been successfully canceled. You had {remaining} remaining {remaining, plural, one {class} other {classes}} left.",
        values: { remaining },
      },
    ),
  /**
   * After a cancel: the spec's message (remaining: the classes given up, today's booked class not among them), then
   * that today's class still takes place when one was booked (issue 24).
   */
  subscriptionCanceledKeepingToday: (remaining: number, todayClasses: number) =>
    [messages.subscriptionCanceled(remaining), ...(todayClasses > 0 ? [messages.todaysClassStays] : [])].join(
      " ",
    ),
  /** Said with subscriptionCanceled when a class of today was booked: ending a plan keeps it (issue 24). */
  get todaysClassStays() {
    return translate(
      /*i18n*/ { id: "messages.todaysClassStays", message: "Today's booked class still takes place." },
    );
  },
  get noActiveSubscription() {
    return translate(
      /*i18n*/ { id: "messages.noActiveSubscription", message: "This client has no active subscription." },
    );
  },
  // Ours: the spec shows no words for these cases.
  get subscriptionAlreadyActive() {
    return translate(
      /*i18n*/ {
        id: "messages.subscriptionAlreadyActive",
        message: "You already have an active subscription.",
      },
    );
  },
  get packNotOffered() {
    return translate(
      /*i18n*/ {
        id: "messages.packNotOffered",
        message: "This package is not the one chosen for you. Please ask the school to change it.",
      },
    );
  },
  get checkoutNotFound() {
    return translate(/*i18n*/ { id: "messages.checkoutNotFound", message: "This checkout does not exist." });
  },
  get checkoutClosed() {
    return translate(
      /*i18n*/ {
        id: "messages.checkoutClosed",
        message: "This checkout is already finished. Please start again from the payments page.",
      },
    );
  },

  // Signing in and out, the admin's help for a client who lost their password (ours).
  get passwordRequired() {
    return translate(/*i18n*/ { id: "messages.passwordRequired", message: "Please enter your password." });
  },
  temporaryPasswordIssued: (password: string) =>
    translate(
      /*i18n*/ {
        id: "messages.temporaryPasswordIssued",
        message: "New temporary password: {password}",
        values: { password },
      },
    ),
  get temporaryPasswordFailed() {
    return translate(
      /*i18n*/ { id: "messages.temporaryPasswordFailed", message: "Error issuing a new temporary password" },
    );
  },
  resetLinkSentTo: (email: string) =>
    translate(
      /*i18n*/ {
        id: "messages.resetLinkSentTo",
        message: "A reset link has been sent to {email}.",
        values: { email },
      },
    ),
  get resetLinkFailed() {
    return translate(/*i18n*/ { id: "messages.resetLinkFailed", message: "Error sending the reset link" });
  },
  passwordTooLong: (max: number) =>
    translate(
      /*i18n*/ {
        id: "messages.passwordTooLong",
        message: "A password has at most {max} characters.",
        values: { max },
      },
    ),
  get localeInvalid() {
    return translate(/*i18n*/ { id: "messages.localeInvalid", message: "Please choose English or Spanish." });
  },
} as const;

/** §8 sign-in and account messages, by the code the server answers with. */
export const authErrorMessages = {
  get "invalid-credential"() {
    return translate(
      /*i18n*/ {
        id: "auth.invalid-credential",
        message: "Invalid email format. Please enter a valid email.",
      },
    );
  },
  get "user-not-found"() {
    return translate(
      /*i18n*/ {
        id: "auth.user-not-found",
        message: "No account found with this email. Please sign up first.",
      },
    );
  },
  get "wrong-password"() {
    return translate(
      /*i18n*/ {
        id: "auth.wrong-password",
        message: "Incorrect password. Please try again or reset your password.",
      },
    );
  },
  get "too-many-requests"() {
    return translate(
      /*i18n*/ {
        id: "auth.too-many-requests",
        message: "Too many failed attempts. Try again later or reset your password.",
      },
    );
  },
  get "email-already-in-use"() {
    return translate(
      /*i18n*/ {
        id: "auth.email-already-in-use",
        message: "This email is already in use. Try logging in instead.",
      },
    );
  },
  get "weak-password"() {
    return translate(
      /*i18n*/ { id: "auth.weak-password", message: "Password is too weak. Try a stronger password." },
    );
  },
  get "network-request-failed"() {
    return translate(
      /*i18n*/ {
        id: "auth.network-request-failed",
        message: "Network error. Please check your connection and try again.",
      },
    );
  },
  get "internal-error"() {
    return translate(
      /*i18n*/ { id: "auth.internal-error", message: "An internal error occurred. Please try again later." },
    );
  },
  get other() {
    return translate(/*i18n*/ { id: "auth.other", message: "An error occurred. Please try again." });
  },
} as const;

export type AuthErrorCode = keyof typeof authErrorMessages;

/** The §8 message for an error code from the API; unknown codes get the generic one. */
export function authErrorMessage(code: string | undefined): string {
  return code && code in authErrorMessages
    ? authErrorMessages[code as AuthErrorCode]
    : authErrorMessages.other;
}

/** The newsletter sign-up (footer), its mailed links and the admin's list. Ours: the spec shows no words. */
export const newsletterMessages = {
  get emailRequired() {
    return translate(
      /*i18n*/ { id: "newsletter.emailRequired", message: "Please enter your email address." },
    );
  },
  get emailInvalid() {
    return translate(
      /*i18n*/ {
        id: "newsletter.emailInvalid",
        message: "Please enter a valid email address, like name@example.com.",
      },
    );
  },
  get confirmationSent() {
    return translate(
      /*i18n*/ {
        id: "newsletter.confirmationSent",
        message: "Almost done! We sent you an email: open the link in it to confirm your subscription.",
      },
    );
  },
  get confirmationRecentlySent() {
    return translate(
      /*i18n*/ {
        id: "newsletter.confirmationRecentlySent",
        message:
          "We sent a confirmation link to this address a few minutes ago. Please check your inbox and spam folder.",
      },
    );
  },
  get alreadySubscribed() {
    return translate(
      /*i18n*/ {
        id: "newsletter.alreadySubscribed",
        message: "This address is already subscribed. Thank you!",
      },
    );
  },
  get confirmed() {
    return translate(
      /*i18n*/ { id: "newsletter.confirmed", message: "Thank you! Your subscription is confirmed." },
    );
  },
  get unsubscribed() {
    return translate(
      /*i18n*/ {
        id: "newsletter.unsubscribed",
        message: "You are unsubscribed and will receive no more news from us.",
      },
    );
  },
  get linkInvalid() {
    return translate(
      /*i18n*/ {
        id: "newsletter.linkInvalid",
        message: "This link is invalid, has expired or has already been used.",
      },
    );
  },
  get failed() {
    return translate(
      /*i18n*/ { id: "newsletter.failed", message: "Something went wrong. Please try again." },
    );
  },
} as const;

/**
 * The contact form's answer to a 429 (the per-address limit): when the visitor can send again, in whole minutes
 * rounded up from the server's Retry-After, so it never says sooner than is true.
 */
export function contactTooManyMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined)
    return translate(
      /*i18n*/ {
        id: "contact.tooManyWait",
        message: "Too many messages from this connection. Please wait a few minutes before sending again.",
      },
    );
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return translate(
    /*i18n*/ {
      id: "contact.tooManyMinutes",
      message:
        "Too many messages from this connection. You can send again in about {minutes, plural, one {# minute} other {# minutes}}.",
      values: { minutes },
    },
  );
}

/** Milestones and the gallery: the spec's §5 and §8 words, then ours where the spec has none. */
export const mediaMessages = {
  get milestoneMissing() {
    return translate(
      /*i18n*/ { id: "media.milestoneMissing", message: "Please select a client and choose an image." },
    );
  },
  get milestoneUploaded() {
    return translate(/*i18n*/ { id: "media.milestoneUploaded", message: "Milestone uploaded successfully!" });
  },
  get milestoneFailed() {
    return translate(/*i18n*/ { id: "media.milestoneFailed", message: "Failed to upload milestone." });
  },
  get galleryMissing() {
    return translate(/*i18n*/ { id: "media.galleryMissing", message: "Please select client and date." });
  },
  get galleryImageMissing() {
    return translate(/*i18n*/ { id: "media.galleryImageMissing", message: "Please upload an image." });
  },
  get galleryVideoMissing() {
    return translate(/*i18n*/ { id: "media.galleryVideoMissing", message: "Please enter a video link." });
  },
  get galleryImageUploaded() {
    return translate(/*i18n*/ { id: "media.galleryImageUploaded", message: "Image uploaded to gallery!" });
  },
  get galleryVideoUploaded() {
    return translate(/*i18n*/ { id: "media.galleryVideoUploaded", message: "Video uploaded to gallery!" });
  },
  get galleryFailed() {
    return translate(/*i18n*/ { id: "media.galleryFailed", message: "Upload failed." });
  },
  get noMilestones() {
    return translate(
      /*i18n*/ { id: "media.noMilestones", message: "No milestones found for selected filters." },
    );
  },
  get noGalleryItems() {
    return translate(
      /*i18n*/ { id: "media.noGalleryItems", message: "No items found for selected filters." },
    );
  },
  // Ours.
  get notAnImage() {
    return translate(/*i18n*/ { id: "media.notAnImage", message: "Please choose a PNG or JPEG image." });
  },
  get tooLarge() {
    return translate(
      /*i18n*/ {
        id: "media.tooLarge",
        message: "This file is larger than 10 MB. Please choose a smaller one.",
      },
    );
  },
  get tooManyPixels() {
    return translate(
      /*i18n*/ {
        id: "media.tooManyPixels",
        message: "This image is too large to process. Please choose one of at most 50 megapixels.",
      },
    );
  },
  get deleted() {
    return translate(/*i18n*/ { id: "media.deleted", message: "Deleted." });
  },
  get mediaNotFound() {
    return translate(/*i18n*/ { id: "media.mediaNotFound", message: "This item does not exist." });
  },
  get videoLinkTooLong() {
    return translate(/*i18n*/ { id: "media.videoLinkTooLong", message: "The video link is too long." });
  },
  get videoLinkNotWeb() {
    return translate(
      /*i18n*/ {
        id: "media.videoLinkNotWeb",
        message: "The video link must start with http:// or https://.",
      },
    );
  },
  // The media lists' query parameters, named as the API names them.
  get monthInvalid() {
    return translate(/*i18n*/ { id: "media.monthInvalid", message: "month must be 1 to 12." });
  },
  get yearInvalid() {
    return translate(/*i18n*/ { id: "media.yearInvalid", message: "year must be a four-digit year." });
  },
  get swimmerInvalid() {
    return translate(/*i18n*/ { id: "media.swimmerInvalid", message: "Unknown swimmer." });
  },
  get noPhotoPermission() {
    return translate(
      /*i18n*/ {
        id: "media.noPhotoPermission",
        message: "This swimmer's family has not allowed the school to keep photos of them.",
      },
    );
  },
  get typeInvalid() {
    return translate(/*i18n*/ { id: "media.typeInvalid", message: "type must be image or video." });
  },
} as const;
