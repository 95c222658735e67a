import { Hono } from "hono";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import type { Wiring } from "../wiring.ts";

/** Placeholder: filled by the bookings work. */
export function bookingRoutes(_deps: Wiring & { guard: SessionGuard }) {
  return new Hono<AppEnv>();
}

/** Placeholder: filled by the bookings work. */
export function clientBookingRoutes(_deps: Wiring & { guard: SessionGuard }) {
  return new Hono<AppEnv>();
}
