import { maxUploadBytes } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { ApiError } from "../../api/http.ts";

const acceptedTypes = ["image/png", "image/jpeg"];

/**
 * What is wrong with a chosen file before it is sent, or null. Only an early word to the admin: the server checks
 * the content itself (a browser's type comes from the name), so an unknown type is left to it.
 */
export function chosenImageProblem(file: { type: string; size: number }): string | null {
  if (file.type && !acceptedTypes.includes(file.type)) return mediaMessages.notAnImage;
  if (file.size > maxUploadBytes) return mediaMessages.tooLarge;
  return null;
}

/** The server's reason for a refused upload (too large, not an image…), shown under the spec's toast. */
export function uploadFailureDetail(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
}
