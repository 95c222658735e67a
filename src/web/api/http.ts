import type { ErrorBody } from "../../domain/error-codes.ts";
import { authErrorMessages } from "../../domain/messages.ts";
import type { RenderTransport } from "../../domain/rendered-page.ts";
import { readerLocale } from "../../domain/translate.ts";

/** The one way the browser calls our API: JSON in and out, errors as ApiError with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** From a 429's Retry-After header: how long until the server takes the call again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_CODE = "network-request-failed";

/** What to show for a failed call: the server's words, or the spec's generic message for anything else. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : authErrorMessages.other;
}

/** How a call reaches our routes: the browser's fetch, or in the server's render of a page, the routes in process. */
let transport: RenderTransport = (path, init) => fetch(path, init);

/** The server's render of a signed-in page (entry-server.tsx) asks our routes as the person, without a network. */
export function setApiTransport(next: RenderTransport): void {
  transport = next;
}

/**
 * Calls one of our routes. `T` is the route's success body from `src/domain/api.ts`, the type the route answers
 * with `c.json<T>(…)` (docs/decisions/004), so both sides change together.
 */
export async function apiFetch<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    signal?: AbortSignal;
    /**
     * A GET the page's HTML preloads (`<link rel="preload" as="fetch" crossorigin>`): sent without our
     * Accept-Language, which a preload cannot send, or the browser would not match it and would ask twice. For an
     * answer that does not depend on the language.
     */
    asPreloaded?: boolean;
  } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await transport(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      // The server answers (its error messages too) in the language the page is shown in.
      headers: {
        ...(init.asPreloaded ? {} : { "accept-language": readerLocale() }),
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, NETWORK_ERROR_CODE, authErrorMessages[NETWORK_ERROR_CODE]);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    // Anything in front of the API (a proxy, a crash) may answer with another body: read it defensively.
    const error = (json as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "other",
      error?.message ?? authErrorMessages.other,
      error?.field,
      retryAfterSecondsOf(response.headers.get("retry-after")),
    );
  }
  return json as T;
}

/** Retry-After in seconds (the form our server sends); a date or anything else counts as absent. */
function retryAfterSecondsOf(header: string | null): number | undefined {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}
