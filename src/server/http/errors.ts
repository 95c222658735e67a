import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { messages } from "../../domain/messages.ts";

/** An error the caller can act on: a stable code for the UI to branch on and the spec's message to show. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function appError(
  code: string,
  status: ContentfulStatusCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return new AppError(code, status, message, details);
}

export type ErrorBody = {
  error: { code: string; message: string; field?: string } & Record<string, unknown>;
};

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof AppError) {
    return c.json<ErrorBody>(
      { error: { code: error.code, message: error.message, ...error.details } },
      error.status,
    );
  }
  c.get("log")?.("error", "unhandled error", {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json<ErrorBody>({ error: { code: "internal", message: messages.internalError } }, 500);
}
