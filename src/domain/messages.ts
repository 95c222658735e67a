/** The spec's words (§5, §8), in one place for the server and the browser. */
export const messages = {
  contactSent: "Message sent successfully!",
  contactFailed: "Failed to send message. Please try again.",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  notFound: "Not found.",
  internalError: "An internal error occurred. Please try again later.",

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
