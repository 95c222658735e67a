import { type Context, Hono, type MiddlewareHandler } from "hono";
import { messages } from "../../domain/messages.ts";
import type {
  ActiveSubscriptionInfo,
  AvailablePack,
  CancelSubscriptionResponse,
  CheckoutSessionResponse,
  LocalCheckoutResponse,
  LocalCheckoutResultResponse,
} from "../../domain/subscriptions.ts";
import {
  cancelSubscriptionSchema,
  createCheckoutSessionSchema,
  userIdSchema,
} from "../../domain/subscriptions-schemas.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { limitRequestBody } from "../http/body-limit.ts";
import { AppError, appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import { parseJsonBody } from "../http/validate.ts";
import { InvalidWebhookEvent, InvalidWebhookSignature } from "../ports/payments/payment-provider.ts";
import {
  activeSubscription,
  applyPaymentEvent,
  availablePacks,
  cancelLocalCheckout,
  cancelSubscription,
  describeLocalCheckout,
  payLocalCheckout,
  type SubscriptionDeps,
  startCheckout,
} from "./service.ts";

/** Stripe's events are a few kilobytes; an invoice with many lines can pass the API's JSON limit. */
export const stripeWebhookBodyLimitBytes = 1024 * 1024;

/** Our local checkout ids (lcs_…) and Stripe's (cs_…); anything else is refused before a query. */
const sessionIdPattern = /^[A-Za-z0-9_-]{1,255}$/;

function sessionId(c: Context): string {
  const id = c.req.param("sessionId") ?? "";
  if (!sessionIdPattern.test(id))
    throw appError("validation", 400, httpMessages.invalidCheckoutId, { field: "sessionId" });
  return id;
}

/** Spec §5: checkout without a session says 'You must be logged in.' (an idle sign-out keeps its own words). */
function loggedInForCheckout(guard: SessionGuard): MiddlewareHandler<AppEnv> {
  const requireAccount = guard.requireRole("admin", "client");
  return async (c, next) => {
    let passed = false;
    try {
      await requireAccount(c, async () => {
        passed = true;
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 401 && error.details?.reason !== "idle") {
        throw appError("unauthenticated", 401, messages.mustBeLoggedIn);
      }
      throw error;
    }
    if (passed) await next();
  };
}

/** /api/subscriptions: spec §7's four calls. */
export function subscriptionRoutes(deps: SubscriptionDeps & { guard: SessionGuard }) {
  const { guard } = deps;
  return new Hono<AppEnv>()
    .get("/available-packs", async (c) => c.json<AvailablePack[]>(await availablePacks(deps)))
    .get("/used-classes/:userId", guard.requireClientAccess("userId", "progress"), async (c) => {
      const userId = userIdSchema.safeParse(c.req.param("userId"));
      if (!userId.success) throw appError("validation", 400, httpMessages.invalidUserId, { field: "userId" });
      c.header("Cache-Control", "no-store");
      return c.json<ActiveSubscriptionInfo>(await activeSubscription(deps, userId.data));
    })
    .post("/create-checkout-session", loggedInForCheckout(guard), async (c) => {
      const input = await parseJsonBody(c, createCheckoutSessionSchema);
      return c.json<CheckoutSessionResponse>(await startCheckout(deps, c.get("signedIn"), input));
    })
    .post("/cancel-subscription", guard.requireRole("admin", "client"), async (c) => {
      const input = await parseJsonBody(c, cancelSubscriptionSchema);
      return c.json<CancelSubscriptionResponse>(await cancelSubscription(deps, c.get("signedIn"), input));
    });
}

/** /api/payments: the local checkout page's calls and the Stripe webhook. */
export function paymentRoutes(deps: SubscriptionDeps & { guard: SessionGuard }) {
  const requireAccount = deps.guard.requireRole("admin", "client");
  return new Hono<AppEnv>()
    .get("/local/:sessionId", requireAccount, async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json<LocalCheckoutResponse>(
        await describeLocalCheckout(deps, c.get("signedIn"), sessionId(c)),
      );
    })
    .post("/local/:sessionId/pay", requireAccount, async (c) =>
      c.json<LocalCheckoutResultResponse>(await payLocalCheckout(deps, c.get("signedIn"), sessionId(c))),
    )
    .post("/local/:sessionId/cancel", requireAccount, async (c) =>
      c.json<LocalCheckoutResultResponse>(await cancelLocalCheckout(deps, c.get("signedIn"), sessionId(c))),
    )
    .post("/stripe/webhook", limitRequestBody(stripeWebhookBodyLimitBytes), async (c) => {
      const { payments } = deps;
      if (!payments.readWebhook) throw appError("not-found", 404, messages.notFound);
      // The signature covers the exact bytes Stripe sent: read them raw, never re-serialised JSON.
      const rawBody = new Uint8Array(await c.req.arrayBuffer());
      let received: ReturnType<NonNullable<typeof payments.readWebhook>>;
      try {
        received = payments.readWebhook(rawBody, c.req.header("stripe-signature"));
      } catch (error) {
        if (error instanceof InvalidWebhookSignature) {
          c.get("log")?.("warn", "webhook refused: bad signature", { reason: error.message });
          throw appError("invalid-signature", 400, "The webhook signature is not valid.");
        }
        if (error instanceof InvalidWebhookEvent) {
          c.get("log")?.("warn", "webhook refused: malformed event", {
            eventId: String(error.event.id),
            type: String(error.event.type),
            reason: error.message,
          });
          throw appError("invalid-event", 400, "The webhook event is not valid.");
        }
        throw error;
      }
      const outcome = received.event ? await applyPaymentEvent(deps, received.event) : "ignored";
      c.get("log")?.("info", "payment webhook", { eventId: received.id, type: received.type, outcome });
      return c.json({ received: true, outcome });
    });
}
