import { randomUUID } from "node:crypto";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env.ts";
import type { Log } from "./log.ts";

function remoteAddress(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.request() in tests has no socket
  }
}

/**
 * The caller's address behind `proxyHops` trusted proxies. Each proxy appends the address it was reached from to
 * X-Forwarded-For, so the entry `proxyHops` from the right is the one the outermost trusted proxy saw; anything
 * left of it was written by the caller and proves nothing.
 */
export function forwardedClientAddress(header: string | undefined, proxyHops: number): string | undefined {
  if (proxyHops < 1 || !header) return undefined;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(entries.length - proxyHops, 0)];
}

/** Gives each request an id, the caller's address and a logger, and logs one line when it ends. */
export function requestContext(log: Log, proxyHops: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 100) || randomUUID();
    const forwarded = forwardedClientAddress(c.req.header("x-forwarded-for"), proxyHops);
    c.set("requestId", requestId);
    c.set("clientIp", forwarded || remoteAddress(c));
    c.set("log", (level, message, fields) => log(level, message, { requestId, ...fields }));
    const started = performance.now();
    // Set before the answer exists, it goes out with the answer's own headers; set after, it would rebuild it.
    c.header("x-request-id", requestId);
    await next();
    if (!c.res.headers.has("x-request-id")) c.header("x-request-id", requestId); // a Response made outside c
    log(c.res.status >= 500 ? "error" : "info", "request", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
