/** The spec's words (§5, §8), in one place for the server and the browser. */
export const messages = {
  contactSent: "Message sent successfully!",
  contactFailed: "Failed to send message. Please try again.",
  tooManyRequests: "Too many requests. Please wait a few minutes and try again.",
  notFound: "Not found.",
  internalError: "An internal error occurred. Please try again later.",
} as const;
