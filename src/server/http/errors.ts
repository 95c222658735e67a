import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorBody, ErrorCode } from "../../domain/error-codes.ts";
import { messages } from "../../domain/messages.ts";
import { isDatabaseUnavailable } from "../db/database.ts";

/** An error the caller can act on: a stable code for the UI to branch on and the spec's message to show. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function appError(
  code: ErrorCode,
  status: ContentfulStatusCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return new AppError(code, status, message, details);
}

export type { ErrorBody };

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof AppError) {
    return c.json<ErrorBody>(
      { error: { code: error.code, message: error.message, ...error.details } },
      error.status,
    );
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug: the database is unreachable, too slow, full or read-only. The caller may retry; the operator
    // sees the driver's own error (SQLITE_FULL, a connect timeout…).
    c.get("log")?.("error", "database unavailable", { error: describe(error) });
    return c.json<ErrorBody>(
      { error: { code: "service-unavailable", message: messages.serviceUnavailable } },
      503,
    );
  }
  c.get("log")?.("error", "unhandled error", {
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json<ErrorBody>({ error: { code: "internal", message: messages.internalError } }, 500);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return `${error.message}${typeof code === "string" ? ` (${code})` : ""}`;
}
