import { randomBytes } from "node:crypto";
import { localCheckoutPath } from "../../../domain/subscriptions.ts";
import type { PaymentEvent, PaymentProvider } from "./payment-provider.ts";

/**
 * The built-in provider: no money moves. The checkout url is our own page (/checkout/local/:sessionId), whose Pay
 * button completes the purchase through `localCheckoutCompleted`, the same event a provider's webhook would bring.
 */
export function createLocalPayments(): PaymentProvider {
  return {
    name: "local",
    async startCheckout() {
      const sessionId = `lcs_${randomBytes(18).toString("base64url")}`;
      return { sessionId, url: localCheckoutPath(sessionId) };
    },
    // Nothing is billed, so there is nothing to stop.
    async cancelSubscription() {},
  };
}

/** Pay on the local checkout page: one event per session, so a second click (or a retry) applies nothing more. */
export function localCheckoutCompleted(sessionId: string): PaymentEvent {
  return {
    id: `local_${sessionId}`,
    kind: "checkout-completed",
    sessionId,
    subscriptionId: `local_sub_${sessionId.replace(/^lcs_/, "")}`,
  };
}
