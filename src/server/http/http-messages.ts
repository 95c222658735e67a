import { translate } from "../../domain/translate.ts";

/**
 * The server's own words for a request it cannot take (the `server` catalogue), read in the request's language
 * (i18n/i18n.ts). Fields and parameters keep the names the API gives them.
 */
export const httpMessages = {
  get bodyNotJson() {
    return translate(/*i18n*/ { id: "http.bodyNotJson", message: "The request body must be JSON." });
  },
  get bodyNotMultipart() {
    return translate(
      /*i18n*/ { id: "http.bodyNotMultipart", message: "The request body must be a multipart form." },
    );
  },
  get invalidRequest() {
    return translate(/*i18n*/ { id: "http.invalidRequest", message: "Invalid request." });
  },
  get forbiddenOrigin() {
    return translate(
      /*i18n*/ { id: "http.forbiddenOrigin", message: "This request must come from the school's own site." },
    );
  },
  get invalidClientId() {
    return translate(/*i18n*/ { id: "http.invalidClientId", message: "Invalid client id." });
  },
  get invalidUserId() {
    return translate(/*i18n*/ { id: "http.invalidUserId", message: "Invalid user id." });
  },
  get invalidCheckoutId() {
    return translate(/*i18n*/ { id: "http.invalidCheckoutId", message: "Invalid checkout id." });
  },
  get invalidMailId() {
    return translate(/*i18n*/ { id: "http.invalidMailId", message: "Invalid mail id." });
  },
  get mediaTypeInvalid() {
    return translate(/*i18n*/ { id: "http.mediaTypeInvalid", message: "mediaType must be image or video." });
  },
};
