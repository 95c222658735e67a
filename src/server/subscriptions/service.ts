import { messages } from "../../domain/messages.ts";
import { formatPrice } from "../../domain/pack-catalogue.ts";
import { packMessages, packOf } from "../../domain/packs.ts";
import { paths } from "../../domain/paths.ts";
import {
  type ActiveSubscriptionInfo,
  type AvailablePack,
  type CancelSubscriptionResponse,
  checkoutReturnPaths,
  type LocalCheckoutResponse,
  noActiveSubscription,
  packTitle,
} from "../../domain/subscriptions.ts";
import type {
  CancelSubscriptionInput,
  CreateCheckoutSessionInput,
} from "../../domain/subscriptions-schemas.ts";
import { translate } from "../../domain/translate.ts";
import { assertClientAccess } from "../auth/ownership.ts";
import { personLocale } from "../auth/service.ts";
import type { SignedIn } from "../auth/session.ts";
import { cancelBookingsOfPlan, schoolToday } from "../bookings/service.ts";
import type { Clock } from "../clock.ts";
import { type Config, publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import { appError } from "../http/errors.ts";
import type { Log } from "../http/log.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import { recordPayment } from "../payments/service.ts";
import {
  activePlanOf,
  activePlanOfSubscription,
  activePlanWithCountOf,
  type ClassCount,
  classCountOf,
  endPlan,
  type Plan,
  schoolTimeOf,
  startNewPeriod,
  startPlan,
} from "../plans/service.ts";
import type { Outbox, QueuedMail } from "../ports/mail/outbox.ts";
import { localCheckoutCompleted } from "../ports/payments/local-payments.ts";
import type { PaymentEvent, PaymentProvider } from "../ports/payments/payment-provider.ts";
import {
  type CheckoutSession,
  clientContact,
  closeCheckoutSession,
  findCheckoutSession,
  findPack,
  insertCheckoutSession,
  isEventRecorded,
  listPacks,
  recordEvent,
} from "./repository.ts";

export interface SubscriptionDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  log: Log;
  payments: PaymentProvider;
  /** TZ_SCHOOL: used classes are the booked dates past in the school's time zone; PUBLIC_URL: receipts' links. */
  config: Pick<Config, "TZ_SCHOOL" | "PUBLIC_URL" | "PORT">;
}

/**
 * Ends the plan in the caller's transaction, with its bookings: their dates after today (school time) are freed,
 * the rest kept for the history, marked cancelled. False when the plan had ended already.
 */
async function endPlanAndBookings(
  deps: SubscriptionDeps,
  trx: Db,
  plan: Plan,
  now: string,
): Promise<boolean> {
  if (!(await endPlan(trx, plan.id, now))) return false;
  await cancelBookingsOfPlan(trx, plan.id, now, schoolToday(deps));
  return true;
}

export function availablePacks(deps: Pick<SubscriptionDeps, "db">): Promise<AvailablePack[]> {
  return listPacks(deps.db);
}

export async function activeSubscription(
  deps: Pick<SubscriptionDeps, "db" | "clock" | "config">,
  clientId: string,
): Promise<ActiveSubscriptionInfo> {
  const found = await activePlanWithCountOf(deps.db, clientId, schoolTimeOf(deps));
  if (!found) return noActiveSubscription;
  const { plan, count } = found;
  return {
    active: true,
    title: packTitle(plan.packType),
    totalClasses: plan.totalClasses,
    usedClasses: count.used,
    subscriptionId: plan.subscriptionId,
    packType: plan.packType,
  };
}

/**
 * Starts a purchase: the caller buys for themselves (an admin for any client). A client buys the package the
 * admin chose for them (any package when none is chosen), and only while no plan of theirs is active.
 */
export async function startCheckout(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  input: CreateCheckoutSessionInput,
): Promise<{ url: string }> {
  const { db, payments, clock } = deps;
  assertClientAccess(signedIn, input.userId, "pay");
  const client = await clientContact(db, input.userId);
  if (!client) throw appError("client-not-found", 404, messages.clientNotFound);
  const pack = await findPack(db, input.packType);
  if (!pack) throw appError("validation", 400, packMessages.choosePackage, { field: "packType" });
  if (signedIn.role === "client" && client.defaultPackType && client.defaultPackType !== pack.id) {
    throw appError("pack-not-offered", 409, messages.packNotOffered, { field: "packType" });
  }
  if (await activePlanOf(db, input.userId)) {
    throw appError("subscription-active", 409, messages.subscriptionAlreadyActive);
  }

  let started: { sessionId: string; url: string };
  try {
    started = await payments.startCheckout({
      clientId: input.userId,
      email: input.email,
      packType: pack.id,
      packName: pack.name,
    });
  } catch (error) {
    deps.log("error", "checkout could not start at the payment provider", { error: String(error) });
    throw appError("payment-provider-failed", 503, messages.checkoutFailed);
  }
  await insertCheckoutSession(db, {
    id: started.sessionId,
    provider: payments.name,
    clientId: input.userId,
    packType: pack.id,
    email: input.email,
    createdAt: clock.now().toISOString(),
  });
  return { url: started.url };
}

/** Cancels the caller's (or, for an admin, the client's) active plan here and at the provider. */
export async function cancelSubscription(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  input: CancelSubscriptionInput,
): Promise<CancelSubscriptionResponse> {
  const { db, payments, clock } = deps;
  assertClientAccess(signedIn, input.userId, "pay");
  const plan = await activePlanOf(db, input.userId);
  if (!plan || plan.subscriptionId !== input.subscriptionId) {
    throw appError("subscription-not-found", 404, messages.cancelSubscriptionFailed);
  }
  // The provider first: a plan shown as cancelled while the card is still charged would be worse than a retry.
  try {
    await payments.cancelSubscription(input.subscriptionId);
  } catch (error) {
    deps.log("error", "subscription could not be cancelled at the payment provider", {
      subscriptionId: input.subscriptionId,
      error: String(error),
    });
    throw appError("payment-provider-failed", 503, messages.cancelSubscriptionFailed);
  }
  const count = await classCountOf(db, plan, schoolTimeOf(deps));
  const remainingClasses = count.unused;
  const mailIds = await db.transaction().execute(async (trx) => {
    // Ended meanwhile (the provider's subscription.deleted event came first): its receipt is already queued.
    if (!(await endPlanAndBookings(deps, trx, plan, clock.now().toISOString()))) return [];
    const mail = await cancellationReceipt(deps, trx, plan, count);
    return mail ? [await deps.outbox.enqueue(mail, trx)] : [];
  });
  await deliver(deps, mailIds);
  return {
    success: true,
    error: null,
    message: messages.subscriptionCanceledKeepingToday(remainingClasses, count.today),
    remainingClasses,
  };
}

// The local checkout page (PAYMENTS=local): the session's owner (or an admin) reads it, pays or cancels.

async function localSession(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  sessionId: string,
): Promise<CheckoutSession> {
  const session = deps.payments.name === "local" ? await findCheckoutSession(deps.db, sessionId) : undefined;
  if (session?.provider !== "local") {
    throw appError("checkout-not-found", 404, messages.checkoutNotFound);
  }
  assertClientAccess(signedIn, session.clientId, "pay");
  return session;
}

export async function describeLocalCheckout(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  sessionId: string,
): Promise<LocalCheckoutResponse> {
  const session = await localSession(deps, signedIn, sessionId);
  const pack = packOf(session.packType);
  return {
    sessionId: session.id,
    status: session.status,
    packType: session.packType,
    packName: packTitle(session.packType),
    classes: pack.classes,
    pricePerClass: pack.pricePerClass,
    price: pack.price,
    email: session.email,
  };
}

/** Pay: the purchase goes through the same handler as a provider's webhook. Paying twice changes nothing. */
export async function payLocalCheckout(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  sessionId: string,
): Promise<{ url: string }> {
  const session = await localSession(deps, signedIn, sessionId);
  if (session.status === "canceled") throw appError("checkout-closed", 409, messages.checkoutClosed);
  if (session.status === "open") await applyPaymentEvent(deps, localCheckoutCompleted(session.id));
  const after = await findCheckoutSession(deps.db, session.id);
  if (after?.status === "refused") {
    throw appError("subscription-active", 409, messages.subscriptionAlreadyActive);
  }
  return { url: checkoutReturnPaths.success };
}

export async function cancelLocalCheckout(
  deps: SubscriptionDeps,
  signedIn: SignedIn,
  sessionId: string,
): Promise<{ url: string }> {
  const session = await localSession(deps, signedIn, sessionId);
  if (session.status === "open")
    await closeCheckoutSession(deps.db, session.id, "canceled", deps.clock.now().toISOString());
  const after = await findCheckoutSession(deps.db, session.id);
  if (after?.status !== "canceled") throw appError("checkout-closed", 409, messages.checkoutClosed);
  return { url: checkoutReturnPaths.canceled };
}

// Payment events: one handler for the local checkout and the providers' webhooks.

export type EventOutcome = "applied" | "already-applied" | "ignored";

interface Applied {
  outcome: EventOutcome;
  mailIds: number[];
  /** Work outside the database once the event's transaction committed. */
  afterCommit: (() => Promise<void>)[];
}

/**
 * Applies a payment event once, however often it arrives: its id is recorded in the same transaction as its
 * effect, and a redelivery finds it and stops. Two transactions racing on the same event (or two purchases
 * racing for one client's only active plan) meet a unique index; the loser runs once more and then sees the
 * winner's row.
 */
export async function applyPaymentEvent(deps: SubscriptionDeps, event: PaymentEvent): Promise<EventOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const applied = await deps.db.transaction().execute((trx) => applyInTransaction(deps, trx, event));
      await deliver(deps, applied.mailIds);
      for (const work of applied.afterCommit) {
        await work().catch((error: unknown) =>
          deps.log("error", "work after a payment event failed", { eventId: event.id, error: String(error) }),
        );
      }
      return applied.outcome;
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function applyInTransaction(deps: SubscriptionDeps, trx: Db, event: PaymentEvent): Promise<Applied> {
  const done: Applied = { outcome: "applied", mailIds: [], afterCommit: [] };
  if (await isEventRecorded(trx, event.id)) return { ...done, outcome: "already-applied" };
  const now = deps.clock.now().toISOString();
  await recordEvent(trx, { id: event.id, provider: deps.payments.name, type: event.kind, now });
  const mail = async (queued: QueuedMail | undefined) => {
    if (queued) done.mailIds.push(await deps.outbox.enqueue(queued, trx));
  };

  switch (event.kind) {
    case "checkout-completed": {
      const session = await findCheckoutSession(trx, event.sessionId);
      if (!session || session.status === "completed" || session.status === "refused") {
        return { ...done, outcome: "ignored" };
      }
      const pack = await findPack(trx, session.packType);
      if (!pack) return { ...done, outcome: "ignored" };
      if (await activePlanOf(trx, session.clientId)) {
        // Paid while another plan is active (two checkouts at once): one active plan only. The provider stops
        // billing the second subscription; any refund is the school's call, so it is logged for them.
        await closeCheckoutSession(trx, session.id, "refused", now);
        deps.log("error", "a second purchase was refused: the client already has an active plan", {
          clientId: session.clientId,
          checkoutSessionId: session.id,
          subscriptionId: event.subscriptionId,
        });
        done.afterCommit.push(() => deps.payments.cancelSubscription(event.subscriptionId));
        return { ...done, outcome: "ignored" };
      }
      const planId = await startPlan(trx, {
        clientId: session.clientId,
        totalClasses: pack.classes,
        packType: pack.id,
        subscriptionId: event.subscriptionId,
        provider: session.provider,
        now,
      });
      await recordPayment(trx, {
        planId,
        clientId: session.clientId,
        kind: "purchase",
        pack: { type: pack.id, classes: pack.classes, pricePerClass: pack.pricePerClass },
        paidAt: now,
        provider: session.provider,
        providerReference: session.provider === "local" ? null : event.subscriptionId,
        now,
      });
      await closeCheckoutSession(trx, session.id, "completed", now);
      const pricing = packOf(pack.id);
      await mail(
        await receiptTo(deps, trx, session.clientId, () => ({
          subject: translate(
            /*i18n*/ {
              id: "mails.receipt.purchaseSubject",
              message: "Your class package: {pack}",
              values: { pack: packTitle(pricing.type) },
            },
          ),
          paragraphs: [
            translate(
              /*i18n*/ {
                id: "mails.receipt.purchase",
                message:
                  "Thank you for your purchase. Your package of {classes, plural, one {# class} other {# classes}} at {pricePerClass} per class ({price} in total) is active: its classes are ready to be booked.",
                values: {
                  classes: pack.classes,
                  pricePerClass: formatPrice(pack.pricePerClass),
                  price: formatPrice(pricing.price),
                },
              },
            ),
          ],
        })),
      );
      return done;
    }
    case "period-paid": {
      // The first payment is the purchase, which checkout-completed applies.
      const plan = event.renewal ? await activePlanOfSubscription(trx, event.subscriptionId) : undefined;
      if (!plan) return { ...done, outcome: "ignored" };
      const pack = packOf(plan.packType);
      const recorded = await recordPayment(trx, {
        planId: plan.id,
        clientId: plan.clientId,
        kind: "renewal",
        pack: { type: pack.type, classes: pack.classes, pricePerClass: pack.pricePerClass },
        paidAt: event.periodStartedAt,
        provider: deps.payments.name,
        providerReference: deps.payments.name === "local" ? null : (event.invoiceId ?? event.subscriptionId),
        now,
      });
      // This period was paid and started already, told by another event (Stripe's event ids differ per event).
      if (!recorded) return { ...done, outcome: "already-applied" };
      await startNewPeriod(trx, plan.id, pack.classes, event.periodStartedAt);
      await mail(
        await receiptTo(deps, trx, plan.clientId, () => ({
          subject: translate(
            /*i18n*/ {
              id: "mails.receipt.renewalSubject",
              message: "Your class package is renewed: {pack}",
              values: { pack: packTitle(plan.packType) },
            },
          ),
          paragraphs: [
            translate(
              /*i18n*/ {
                id: "mails.receipt.renewal",
                message:
                  "We received your payment of {price}. Your package starts a new period with {classes, plural, one {# class} other {# classes}} to book.",
                values: { price: formatPrice(pack.price), classes: pack.classes },
              },
            ),
          ],
        })),
      );
      return done;
    }
    case "payment-failed": {
      const plan = await activePlanOfSubscription(trx, event.subscriptionId);
      if (!plan) return { ...done, outcome: "ignored" };
      const pack = packOf(plan.packType);
      await mail(
        await receiptTo(deps, trx, plan.clientId, () => ({
          subject: translate(
            /*i18n*/ { id: "mails.receipt.paymentFailedSubject", message: "We could not take your payment" },
          ),
          paragraphs: [
            translate(
              /*i18n*/ {
                id: "mails.receipt.paymentFailed",
                message: "The payment of {price} for your package {pack} failed.",
                values: { price: formatPrice(pack.price), pack: packTitle(plan.packType) },
              },
            ),
            translate(
              /*i18n*/ {
                id: "mails.receipt.checkCard",
                message:
                  "Please check your card with your bank or update it at checkout; the subscription ends if the payment keeps failing.",
              },
            ),
          ],
        })),
      );
      return done;
    }
    case "subscription-ended": {
      const plan = await activePlanOfSubscription(trx, event.subscriptionId);
      if (!plan || !(await endPlanAndBookings(deps, trx, plan, now))) return { ...done, outcome: "ignored" };
      await mail(
        await cancellationReceipt(deps, trx, plan, await classCountOf(trx, plan, schoolTimeOf(deps))),
      );
      return done;
    }
  }
}

/**
 * A receipt to the client, written by `compose` in the client's stored language (docs/decisions/018), whoever
 * caused it (the client, an admin, the payment provider's webhook).
 */
async function receiptTo(
  deps: Pick<SubscriptionDeps, "config">,
  db: Db,
  clientId: string,
  compose: () => { subject: string; paragraphs: string[] },
): Promise<QueuedMail | undefined> {
  const client = await clientContact(db, clientId);
  if (!client) return undefined;
  const siteUrl = publicUrl(deps.config);
  return inLocale(await personLocale(db, clientId), () => {
    const { subject, paragraphs } = compose();
    // Money with its currency, no provider's ids, the page it is about and the school's foot (issue 24).
    const page = translate(
      /*i18n*/ {
        id: "mails.receipt.page",
        message: "Your package and your classes are on Manage Payments: {link}",
        values: { link: `${siteUrl}${paths.payments}` },
      },
    );
    return {
      to: client.email,
      subject,
      text: [
        mailWords.greeting(client.firstName),
        ...paragraphs,
        page,
        mailWords.foot(siteUrl, "account"),
      ].join("\n\n"),
    };
  });
}

function cancellationReceipt(
  deps: Pick<SubscriptionDeps, "config">,
  db: Db,
  plan: Plan,
  count: Pick<ClassCount, "unused" | "today">,
) {
  return receiptTo(deps, db, plan.clientId, () => ({
    subject: translate(
      /*i18n*/ { id: "mails.receipt.canceledSubject", message: "Your subscription has been canceled" },
    ),
    paragraphs: [
      messages.subscriptionCanceledKeepingToday(count.unused, count.today),
      translate(
        /*i18n*/ {
          id: "mails.receipt.canceledPackage",
          message: "Package: {pack}.",
          values: { pack: packTitle(plan.packType) },
        },
      ),
    ],
  }));
}

/** Tries the queued receipts now; one that fails stays queued and the outbox retries it. */
async function deliver(deps: SubscriptionDeps, mailIds: number[]): Promise<void> {
  for (const id of mailIds) {
    await deps.outbox
      .deliver(id)
      .catch((error: unknown) =>
        deps.log("warn", "receipt not sent yet; the outbox retries it", { mailId: id, error: String(error) }),
      );
  }
}
