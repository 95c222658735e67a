import type Stripe from "stripe";
import type { PackType } from "../../../domain/packs.ts";
import { checkoutReturnPaths } from "../../../domain/subscriptions.ts";
import { loadWhenConfigured } from "../load-when-configured.ts";
import {
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

/** A subscription id however Stripe expanded it. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
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

  function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        // An asynchronous payment method is not paid yet: nothing to start until it is.
        if (session.mode !== "subscription" || session.payment_status === "unpaid" || !subscriptionId) {
          return null;
        }
        return { id: event.id, kind: "checkout-completed", sessionId: session.id, subscriptionId };
      }
      case "invoice.paid": {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return null;
        // The invoice's own period_* describe the period just ended; its line holds the one being paid for.
        const periodStart = invoice.lines?.data?.[0]?.period?.start ?? event.created;
        return {
          id: event.id,
          kind: "period-paid",
          subscriptionId,
          renewal: invoice.billing_reason === "subscription_cycle",
          periodStartedAt: new Date(periodStart * 1000).toISOString(),
        };
      }
      case "invoice.payment_failed": {
        const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
        return subscriptionId ? { id: event.id, kind: "payment-failed", subscriptionId } : null;
      }
      case "customer.subscription.deleted":
        return { id: event.id, kind: "subscription-ended", subscriptionId: event.data.object.id };
      default:
        return null;
    }
  }

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
      return { id: event.id, type: event.type, event: toPaymentEvent(event) };
    },
  };
}
