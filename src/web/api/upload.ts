import type { ErrorBody } from "../../domain/error-codes.ts";
import { authErrorMessages } from "../../domain/messages.ts";
import { readerLocale } from "../../domain/translate.ts";
import { ApiError, NETWORK_ERROR_CODE } from "./http.ts";

/** An answer as XMLHttpRequest gives it: enough to tell success from an error body. */
interface RawAnswer {
  status: number;
  text: string;
  retryAfter: string | null;
}

/** The success body, or the same ApiError apiFetch throws for that answer (anything not our JSON is `other`). */
export function readUploadAnswer<T>({ status, text, retryAfter }: RawAnswer): T {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (status >= 200 && status < 300) return json as T;
  const error = (json as Partial<ErrorBody> | undefined)?.error;
  const seconds = retryAfter === null ? Number.NaN : Number(retryAfter);
  throw new ApiError(
    status,
    error?.code ?? "other",
    error?.message ?? authErrorMessages.other,
    error?.field,
    Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined,
  );
}

/**
 * Posts a multipart form to one of our routes and reports how much of the body has gone out (0 to 1). fetch
 * cannot report upload progress; XMLHttpRequest can. `T` is the route's success body from `src/domain`; errors
 * are ApiError, as with apiFetch.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", path);
    request.setRequestHeader("accept-language", readerLocale());
    request.withCredentials = true;
    request.responseType = "text";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      try {
        if (request.status >= 200 && request.status < 300) onProgress?.(1);
        resolve(
          readUploadAnswer<T>({
            status: request.status,
            text: request.responseText,
            retryAfter: request.getResponseHeader("retry-after"),
          }),
        );
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () =>
      reject(new ApiError(0, NETWORK_ERROR_CODE, authErrorMessages[NETWORK_ERROR_CODE]));
    request.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
    if (signal?.aborted) {
      reject(new DOMException("The upload was aborted.", "AbortError"));
      return;
    }
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
