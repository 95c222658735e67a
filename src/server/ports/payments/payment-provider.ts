import type { PackType } from "../../../domain/packs.ts";

/**
 * The payments port (docs/decisions/006): `local` (our own checkout page, the default) or `stripe`. A provider
 * starts a checkout, cancels a subscription and, for a provider that calls us back, turns its verified webhook into
 * one of our payment events. Both feed the same handler (`applyPaymentEvent` in subscriptions/service.ts).
 */
export interface PaymentProvider {
  readonly name: "local" | "stripe";
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** Stops billing at the provider. Throws when the provider cannot be reached or refuses. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Verifies a webhook's signature on its raw body and reads it: our event, or null for an event type (or a
   * checkout) we do not act on. Throws `InvalidWebhookSignature` for a missing or forged signature, and
   * `InvalidWebhookEvent` for a signed event whose fields are not what its type promises.
   */
  readWebhook?(rawBody: Uint8Array, signature: string | undefined): ReceivedWebhook;
}

export interface CheckoutRequest {
  clientId: string;
  email: string;
  packType: PackType;
  packName: string;
}

export interface StartedCheckout {
  sessionId: string;
  /** Where the browser goes to pay. */
  url: string;
}

/** What a provider tells us, in our words. `id` is the provider's event id: each is applied once. */
export type PaymentEvent =
  | { id: string; kind: "checkout-completed"; sessionId: string; subscriptionId: string }
  /** A paid invoice; `renewal` when it opens a new period (not the first payment, which checkout covers). */
  | {
      id: string;
      kind: "period-paid";
      subscriptionId: string;
      renewal: boolean;
      periodStartedAt: string;
      /** The provider's invoice id, where it has one: the payment's reference in the ledger. */
      invoiceId?: string;
    }
  | { id: string; kind: "payment-failed"; subscriptionId: string }
  | { id: string; kind: "subscription-ended"; subscriptionId: string };

export interface ReceivedWebhook {
  id: string;
  type: string;
  event: PaymentEvent | null;
}

export class InvalidWebhookSignature extends Error {}

/** A correctly signed event that lacks a field we read, or holds one we cannot use (a date past the year 9999). */
export class InvalidWebhookEvent extends Error {
  constructor(
    readonly event: { id?: unknown; type?: unknown },
    reason: string,
  ) {
    super(reason);
  }
}
