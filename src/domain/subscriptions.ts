import type { Booking } from "./bookings.ts";
import type { PackType } from "./pack-catalogue.ts";
import { translate } from "./translate.ts";

/**
 * Packages, subscriptions and checkout (spec §3, §7): the catalogue, the rules and words of the /api/subscriptions
 * calls and of the local checkout, and their answers, shared by the server and the browser. The catalogue itself is
 * in pack-catalogue.ts (no zod), re-exported here; the request schemas are in subscriptions-schemas.ts.
 */

export {
  type CataloguePack,
  packCatalogue,
  packName,
  packTitle,
  packTypeFromName,
} from "./pack-catalogue.ts";

/** What a malformed request of the subscription calls is told (the fields as the API names them). */
export const subscriptionMessages = {
  get userIdRequired() {
    return translate(/*i18n*/ { id: "subscriptions.userIdRequired", message: "userId is required." });
  },
  get userIdInvalid() {
    return translate(
      /*i18n*/ { id: "subscriptions.userIdInvalid", message: "userId is not a valid user id." },
    );
  },
  get subscriptionIdRequired() {
    return translate(
      /*i18n*/ { id: "subscriptions.subscriptionIdRequired", message: "subscriptionId is required." },
    );
  },
  get subscriptionIdTooLong() {
    return translate(
      /*i18n*/ { id: "subscriptions.subscriptionIdTooLong", message: "subscriptionId is too long." },
    );
  },
};

/**
 * What canceling the plan of `subscriptionId` does to its booked classes, told before the confirmation (issue 24):
 * a class of today still takes place (ending a plan keeps today's lessons), the later ones are canceled and freed.
 * From the client's bookings (GET /api/clients/:clientId/bookings) and the school's today.
 */
export function cancellationEffect(
  bookings: readonly Pick<Booking, "subscriptionId" | "status" | "dates">[],
  subscriptionId: string,
  today: string,
): { today: number; later: number } {
  const days = bookings
    .filter((booking) => booking.subscriptionId === subscriptionId && booking.status !== "cancelled")
    .flatMap((booking) => booking.dates.map(({ date }) => date));
  return {
    today: days.filter((day) => day === today).length,
    later: days.filter((day) => day > today).length,
  };
}

/** The later booked classes a cancel frees, said before the confirmation. */
export const laterClassesCanceled = (later: number) =>
  translate(
    /*i18n*/ {
      id: "subscriptions.laterClassesCanceled",
      message:
        "{later, plural, =0 {No class after today is booked.} one {Your class booked after today will be canceled.} other {Your # classes booked after today will be canceled.}}",
      values: { later },
    },
  );

/** GET /api/subscriptions/available-packs: `id` is the pack type. */
export interface AvailablePack {
  id: string;
  name: string;
}

/** GET /api/subscriptions/used-classes/:userId: the client's active plan, or `active: false` and nulls/zeros. */
export interface ActiveSubscriptionInfo {
  active: boolean;
  /** The pack's name in the reader's language, e.g. "4 classes (60)" (packTitle). */
  title: string | null;
  totalClasses: number;
  /** Classes of the plan whose booked date is past (docs/decisions/005). */
  usedClasses: number;
  subscriptionId: string | null;
  packType: PackType | null;
}

export const noActiveSubscription: ActiveSubscriptionInfo = {
  active: false,
  title: null,
  totalClasses: 0,
  usedClasses: 0,
  subscriptionId: null,
  packType: null,
};

/** The address to send the browser to: the provider's checkout page, or our own for the local provider. */
export interface CheckoutSessionResponse {
  url: string;
}

/** A refusal is an error body instead (its message: 'Error canceling subscription. Please try again.'). */
export interface CancelSubscriptionResponse {
  success: true;
  error: null;
  /** 'Your subscription has been successfully canceled. You had N remaining class(es) left.' */
  message: string;
  remainingClasses: number;
}

export type CheckoutStatus = "open" | "completed" | "canceled" | "refused";

/** GET /api/payments/local/:sessionId: what the local checkout page shows before Pay or Cancel. */
export interface LocalCheckoutResponse {
  sessionId: string;
  status: CheckoutStatus;
  packType: PackType;
  packName: string;
  classes: number;
  pricePerClass: number;
  /** classes × price per class. */
  price: number;
  email: string;
}

/** POST /api/payments/local/:sessionId/pay and /cancel: where the browser goes next. */
export interface LocalCheckoutResultResponse {
  url: string;
}

/** Where checkout returns to (spec §4 "Checkout return"). */
export const checkoutReturnPaths = {
  success: "/payments?success=true",
  canceled: "/payments?canceled=true",
} as const;

/** The local checkout page of a session (the static site serves the app shell under /checkout/local/). */
export const localCheckoutPath = (sessionId: string) => `/checkout/local/${encodeURIComponent(sessionId)}`;
