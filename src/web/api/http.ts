import { authErrorMessages } from "../../domain/messages.ts";

/** The one way the browser calls our API: JSON in and out, errors as ApiError with the server's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_CODE = "network-request-failed";

/** What to show for a failed call: the server's words, or the spec's generic message for anything else. */
export function errorMessageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : authErrorMessages.other;
}

export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "content-type": "application/json" },
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
    const error = (json as { error?: { code?: string; message?: string; field?: string } } | undefined)
      ?.error;
    throw new ApiError(
      response.status,
      error?.code ?? "other",
      error?.message ?? authErrorMessages.other,
      error?.field,
    );
  }
  return json as T;
}
