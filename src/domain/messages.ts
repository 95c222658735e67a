/** The spec's words (§5, §8), in one place for the server and the browser. */
export const messages = {
  contactSent: "Message sent successfully!",
  contactFailed: "Failed to send message. Please try again.",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  notFound: "Not found.",
  internalError: "An internal error occurred. Please try again later.",
  serviceUnavailable: "The service is temporarily unavailable. Please try again in a moment.",
  payloadTooLarge: "This request is too large.",
  unsupportedMediaType: "This request must send its data as JSON (Content-Type: application/json).",

  permissionDenied: "No tienes permisos para acceder.",
  resetEmailRequired: "Please enter your email.",
  resetEmailNotRegistered: "This email is not registered.",
  resetEmailSent: "An email has been sent to reset your password.",

  clientRegistered: (password: string) => `Client registered! Password: ${password}`,
  registrationFailed: (reason: string) => `Error: ${reason}`,
  clientUpdated: "Client updated successfully",
  clientDeleted: "Client deleted successfully",
  clientUpdateFailed: "Error updating client",
  clientDeleteFailed: "Error deleting client",
  confirmDeleteClient: "Are you sure you want to delete this client?",

  // Ours: the spec shows no words for these cases.
  signInRequired: "Please sign in to continue.",
  sessionExpired: "You were signed out after 5 minutes without activity. Please sign in again.",
  passwordChangeRequired: "Please choose a new password before you continue.",
  passwordChanged: "Your password has been changed.",
  passwordReset: "Your password has been reset. You can sign in now.",
  resetLinkInvalid: "This reset link is invalid or has expired. Please ask for a new one.",
  currentPasswordRequired: "Please enter your current password.",
  currentPasswordWrong: "Your current password is incorrect.",
  samePassword: "Choose a password different from your current one.",
  emailTaken: "This email is already in use.",
  clientNotFound: "This client does not exist.",
  packLocked: "This client has an active subscription, so the package cannot be changed until it ends.",
  mailNotFound: "This mail does not exist.",
  mailNotFailed: "Only a mail that failed can be sent again.",

  // Packages, checkout and subscriptions (spec §5, §8).
  mustBeLoggedIn: "You must be logged in.",
  checkoutFailed: "Error initiating checkout",
  subscriptionSuccessful: "Subscription successful! Welcome to the studio.",
  paymentCanceled: "Payment canceled. Please try again.",
  confirmCancelSubscription: "Are you sure you want to cancel your current subscription?",
  cancelSubscriptionFailed: "Error canceling subscription. Please try again.",
  subscriptionCanceled: (remaining: number) =>
    `Your subscription has been successfully canceled. You had ${remaining} remaining ${remaining === 1 ? "class" : "classes"} left.`,
  noActiveSubscription: "This client has no active subscription.",
  // Ours: the spec shows no words for these cases.
  subscriptionAlreadyActive: "You already have an active subscription.",
  packNotOffered: "This package is not the one chosen for you. Please ask the school to change it.",
  checkoutNotFound: "This checkout does not exist.",
  checkoutClosed: "This checkout is already finished. Please start again from the payments page.",

  // Signing in and out, the admin's help for a client who lost their password (ours).
  passwordRequired: "Please enter your password.",
  temporaryPasswordIssued: (password: string) => `New temporary password: ${password}`,
  temporaryPasswordFailed: "Error issuing a new temporary password",
  resetLinkSentTo: (email: string) => `A reset link has been sent to ${email}.`,
  resetLinkFailed: "Error sending the reset link",
} as const;

/** §8 sign-in and account messages, by the code the server answers with. */
export const authErrorMessages = {
  "invalid-credential": "Invalid email format. Please enter a valid email.",
  "user-not-found": "No account found with this email. Please sign up first.",
  "wrong-password": "Incorrect password. Please try again or reset your password.",
  "too-many-requests": "Too many failed attempts. Try again later or reset your password.",
  "email-already-in-use": "This email is already in use. Try logging in instead.",
  "weak-password": "Password is too weak. Try a stronger password.",
  "network-request-failed": "Network error. Please check your connection and try again.",
  "internal-error": "An internal error occurred. Please try again later.",
  other: "An error occurred. Please try again.",
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
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address, like name@example.com.",
  confirmationSent: "Almost done! We sent you an email: open the link in it to confirm your subscription.",
  confirmationRecentlySent:
    "We sent a confirmation link to this address a few minutes ago. Please check your inbox and spam folder.",
  alreadySubscribed: "This address is already subscribed. Thank you!",
  confirmed: "Thank you! Your subscription is confirmed.",
  unsubscribed: "You are unsubscribed and will receive no more news from us.",
  linkInvalid: "This link is invalid, has expired or has already been used.",
  failed: "Something went wrong. Please try again.",
} as const;

/**
 * The contact form's answer to a 429 (the per-address limit): when the visitor can send again, in whole minutes
 * rounded up from the server's Retry-After, so it never says sooner than is true.
 */
export function contactTooManyMessage(retryAfterSeconds: number | undefined): string {
  const lead = "Too many messages from this connection.";
  if (retryAfterSeconds === undefined) return `${lead} Please wait a few minutes before sending again.`;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `${lead} You can send again in about ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`;
}

/** Milestones and the gallery: the spec's §5 and §8 words, then ours where the spec has none. */
export const mediaMessages = {
  milestoneMissing: "Please select a client and choose an image.",
  milestoneUploaded: "Milestone uploaded successfully!",
  milestoneFailed: "Failed to upload milestone.",
  galleryMissing: "Please select client and date.",
  galleryImageMissing: "Please upload an image.",
  galleryVideoMissing: "Please enter a video link.",
  galleryImageUploaded: "Image uploaded to gallery!",
  galleryVideoUploaded: "Video uploaded to gallery!",
  galleryFailed: "Upload failed.",
  noMilestones: "No milestones found for selected filters.",
  noGalleryItems: "No items found for selected filters.",
  // Ours.
  notAnImage: "Please choose a PNG or JPEG image.",
  tooLarge: "This file is larger than 10 MB. Please choose a smaller one.",
  tooManyPixels: "This image is too large to process. Please choose one of at most 50 megapixels.",
  deleted: "Deleted.",
  mediaNotFound: "This item does not exist.",
} as const;
