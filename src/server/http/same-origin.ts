import type { MiddlewareHandler } from "hono";
import { appError } from "./errors.ts";
import { httpMessages } from "./http-messages.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request that a browser sent from another site. The session cookie is SameSite=Lax,
 * which already keeps it off cross-site POSTs; this also covers sibling subdomains and sign-in itself
 * (which carries no cookie yet). Requests without an Origin header (curl, server-to-server) pass.
 */
export function sameOriginOnly(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== publicOrigin && origin !== new URL(c.req.url).origin) {
        throw appError("forbidden-origin", 403, httpMessages.forbiddenOrigin);
      }
    }
    await next();
  };
}
