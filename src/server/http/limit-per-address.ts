import type { MiddlewareHandler } from "hono";
import { messages } from "../../domain/messages.ts";
import type { RateLimiter } from "../ports/rate-limit/rate-limiter.ts";
import type { AppEnv } from "./app-env.ts";
import { appError } from "./errors.ts";

export interface AddressLimit {
  rateLimiter: RateLimiter;
  limit: number;
  windowSeconds: number;
}

/** At most `limit` requests per caller address in each window, per named action; then 429 with Retry-After. */
export function limitPerAddress(
  action: string,
  { rateLimiter, limit, windowSeconds }: AddressLimit,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { allowed, retryAfterSeconds } = await rateLimiter.hit(
      `${action}:${c.get("clientIp")}`,
      limit,
      windowSeconds,
    );
    if (!allowed) {
      c.header("Retry-After", String(retryAfterSeconds));
      throw appError("too-many-requests", 429, messages.tooManyRequests);
    }
    await next();
  };
}
