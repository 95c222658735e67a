import type Stripe from "stripe";
import { z } from "zod";
import type { PackType } from "../../../domain/packs.ts";
import { checkoutReturnPaths } from "../../../domain/subscriptions.ts";
import { loadWhenConfigured } from "../load-when-configured.ts";
import {
  InvalidWebhookEvent,
  InvalidWebhookSignature,
  type PaymentEvent,
  type PaymentProvider,
  type ReceivedWebhook,
} from "./payment-provider.ts";

export interface StripePaymentsOptions {
  secretKey: string;
  webhookSecret: string;
  /** The recurring Stripe price of each pack. */
  prices: Record<PackType, string>;
  /** Where Checkout sends the browser back to (the site's public address). */
  publicUrl: string;
  /** Unset: Stripe's API. Otherwise a stand-in (stripe-mock, the tests' fake). */
  apiUrl?: string;
}

/** An object's id, however Stripe expanded it. */
const expandableId = z
  .union([z.string().min(1), z.object({ id: z.string().min(1) })])
  .nullish()
  .transform((value) => (value ? (typeof value === "string" ? value : value.id) : null));

/** Unix seconds that make a real date (up to 9999-12-31): anything else would throw when turned into one. */
const unixSeconds = z.number().int().min(0).max(253_402_300_799);

/** The subscription an invoice bills, if any. */
const invoiceSubscription = z
  .object({ subscription_details: z.object({ subscription: expandableId }).nullish() })
  .nullish()
  .transform((parent) => parent?.subscription_details?.subscription ?? null);

/**
 * The fields we read from each event we act on, checked before any is used: a signed event is Stripe's, but its
 * shape is still input (another API version, a hand-made event from the dashboard).
 */
const eventEnvelope = z.object({ id: z.string().min(1), type: z.string().min(1) });
/** An event whose `data.object` has these fields: answers that object. */
const withObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ data: z.object({ object: z.object(shape) }) }).transform((event) => event.data.object);
const checkoutCompleted = withObject({
  id: z.string().min(1),
  mode: z.string(),
  payment_status: z.string(),
  subscription: expandableId,
});
const invoicePaid = z
  .object({
    created: unixSeconds,
    data: z.object({
      object: z.object({
        id: z.string().min(1),
        parent: invoiceSubscription,
        billing_reason: z.string().nullish(),
        lines: z.object({ data: z.array(z.object({ period: z.object({ start: unixSeconds }) })) }).nullish(),
      }),
    }),
  })
  .transform((event) => ({ ...event.data.object, created: event.created }));
const invoicePaymentFailed = withObject({ parent: invoiceSubscription });
const subscriptionDeleted = withObject({ id: z.string().min(1) });

/** Stripe's event in our words: null for an event (or a checkout not paid yet) we do not act on. */
function toPaymentEvent(event: unknown): PaymentEvent | null {
  const { id, type } = eventEnvelope.parse(event);
  switch (type) {
    case "checkout.session.completed": {
      const session = checkoutCompleted.parse(event);
      // An asynchronous payment method is not paid yet: nothing to start until it is.
      if (session.mode !== "subscription" || session.payment_status === "unpaid" || !session.subscription) {
        return null;
      }
      return { id, kind: "checkout-completed", sessionId: session.id, subscriptionId: session.subscription };
    }
    case "invoice.paid": {
      const invoice = invoicePaid.parse(event);
      const subscriptionId = invoice.parent;
      if (!subscriptionId) return null;
      // The invoice's own period_* describe the period just ended; its line holds the one being paid for.
      const periodStart = invoice.lines?.data[0]?.period.start ?? invoice.created;
      return {
        id,
        kind: "period-paid",
        subscriptionId,
        renewal: invoice.billing_reason === "subscription_cycle",
        periodStartedAt: new Date(periodStart * 1000).toISOString(),
        invoiceId: invoice.id,
      };
    }
    case "invoice.payment_failed": {
      const subscriptionId = invoicePaymentFailed.parse(event).parent;
      return subscriptionId ? { id, kind: "payment-failed", subscriptionId } : null;
    }
    case "customer.subscription.deleted":
      return { id, kind: "subscription-ended", subscriptionId: subscriptionDeleted.parse(event).id };
    default:
      return null;
  }
}

/**
 * Stripe through its official SDK: a Checkout Session in subscription mode per purchase, subscriptions
 * cancelled through the API, and webhooks verified on the raw body (`stripe.webhooks.constructEvent`).
 */
export function createStripePayments(options: StripePaymentsOptions): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const StripeSdk = loadWhenConfigured<typeof Stripe>("stripe");
  const stripe = new StripeSdk(options.secretKey, {
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  return {
    name: "stripe",

    async startCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: options.prices[request.packType], quantity: 1 }],
        customer_email: request.email,
        client_reference_id: request.clientId,
        metadata: { clientId: request.clientId, packType: request.packType },
        subscription_data: { metadata: { clientId: request.clientId, packType: request.packType } },
        success_url: `${options.publicUrl}${checkoutReturnPaths.success}`,
        cancel_url: `${options.publicUrl}${checkoutReturnPaths.canceled}`,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async cancelSubscription(subscriptionId) {
      await stripe.subscriptions.cancel(subscriptionId);
    },

    readWebhook(rawBody, signature): ReceivedWebhook {
      if (!signature) throw new InvalidWebhookSignature("missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new InvalidWebhookSignature(error instanceof Error ? error.message : String(error));
      }
      try {
        return { id: event.id, type: event.type, event: toPaymentEvent(event) };
      } catch (error) {
        if (!(error instanceof z.ZodError)) throw error;
        throw new InvalidWebhookEvent(event, z.prettifyError(error));
      }
    },
  };
}
