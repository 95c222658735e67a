import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { messages } from "../../domain/messages.ts";
import { appError } from "./errors.ts";

/** The largest request body the API reads into memory: its JSON forms are a few hundred bytes. */
export const apiBodyLimitBytes = 64 * 1024;

/**
 * Refuses a request body over `maxBytes` with 413 `payload-too-large` before reading it: at once when its
 * Content-Length says so, and as soon as a body without one (chunked) passes the limit.
 * Paths under `exceptUnder` (e.g. "/api/media/uploads") are left alone: a route that takes files streams them
 * to storage and must set its own limit there.
 */
export function limitRequestBody(
  maxBytes: number,
  { exceptUnder = [] }: { exceptUnder?: readonly string[] } = {},
): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The rest of the body is not wanted: close the connection rather than read it to keep it alive.
      c.header("Connection", "close");
      throw appError("payload-too-large", 413, messages.payloadTooLarge);
    },
  });
  return async (c, next) => {
    // A GET or HEAD has no body to limit; looking for one would build a full Request object for nothing.
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const path = c.req.path;
    if (exceptUnder.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return next();
    return limit(c, next);
  };
}
