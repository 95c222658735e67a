import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { messages } from "../../../domain/messages.ts";
import { formatPrice, type PackType, packOf, packTypeFromName } from "../../../domain/pack-catalogue.ts";
import {
  type ActiveSubscriptionInfo,
  cancellationEffect,
  checkoutReturnPaths,
  laterClassesCanceled,
} from "../../../domain/subscriptions.ts";
import { ApiError } from "../../api/http.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useClientBookings } from "../api/bookings.ts";
import { AvailableCredits } from "../credits/available-credits.tsx";
import {
  useActiveSubscription,
  useAvailablePacks,
  useCancelSubscription,
  useOwnClient,
  useStartCheckout,
} from "./api.ts";
import { CancellationPolicyWords } from "./cancellation-policy.tsx";
import { ClassCount } from "./class-count.tsx";
import { followUrl } from "./follow-url.ts";
import "./payments.css";
import { allPermissions, type GuardianPermissions, householdIdOf } from "../../../domain/households.ts";

interface Popup {
  title: string;
  message: string;
  tone: "success" | "error";
}

type CheckoutReturn = keyof typeof checkoutReturnPaths;

/** The flag a checkout return address carries ("success" = "true"), read from the one place that builds it. */
const flagOf = (kind: CheckoutReturn) => {
  const path = checkoutReturnPaths[kind];
  return [...new URLSearchParams(path.slice(path.indexOf("?") + 1))][0] as [string, string];
};

function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  for (const kind of Object.keys(checkoutReturnPaths) as CheckoutReturn[]) {
    const [name, value] = flagOf(kind);
    if (params.get(name) === value) return kind;
  }
  return null;
}

/** The popup a checkout's return opens, read when it opens (in the page's language). */
const returnPopup = (kind: CheckoutReturn, i18n: I18n): Popup =>
  kind === "success"
    ? { title: i18n._(msg`Thank you!`), message: messages.subscriptionSuccessful, tone: "success" }
    : { title: i18n._(msg`Payment canceled`), message: messages.paymentCanceled, tone: "error" };

/**
 * /payments and /manage-payments (spec §2, §4): the active subscription box with Cancel, the client's package
 * card(s) with Buy this package, and one popup for the checkout's return and every outcome.
 */
export function PaymentsPage() {
  const { i18n } = useLingui();
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<Popup | null>(null);
  const returned = checkoutReturnOf(params);

  // The flag is shown once: it leaves the address first (a reload or Back does not show it again), then the popup
  // opens on the clean address.
  useEffect(() => {
    if (!returned) return;
    setPopup(returnPopup(returned, i18n));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const kind of Object.keys(checkoutReturnPaths) as CheckoutReturn[]) next.delete(flagOf(kind)[0]);
        return next;
      },
      { replace: true },
    );
    if (returned === "success") {
      void queryClient.invalidateQueries({ queryKey: ["payments"] });
      void queryClient.invalidateQueries({ queryKey: ["clients"] });
    }
  }, [returned, setParams, queryClient, i18n]);

  return (
    <section className="payments">
      <h1>
        <Trans>Choose your class package</Trans>
      </h1>
      {auth.status === "client" ? (
        <ClientPayments
          userId={householdIdOf(auth.user)}
          email={auth.user.email}
          permissions={auth.user.guardianOf?.permissions ?? allPermissions}
          onPopup={setPopup}
        />
      ) : auth.status === "admin" ? (
        <p className="payments__note">
          <Trans>
            This page is where each client buys and cancels their package. As an admin you see each client's
            plan in the clients list.
          </Trans>
        </p>
      ) : (
        <p className="payments__error" role="alert">
          {messages.mustBeLoggedIn}
        </p>
      )}
      <AvailableCredits />
      {auth.status === "client" && <CancellationPolicyWords />}
      <Dialog open={popup !== null && !returned} title={popup?.title ?? ""} onClose={() => setPopup(null)}>
        <p className={`payments__popup payments__popup--${popup?.tone ?? "success"}`}>{popup?.message}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--blue" onClick={() => setPopup(null)}>
            <Trans>OK</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function ClientPayments({
  userId,
  email,
  permissions,
  onPopup,
}: {
  userId: string;
  email: string;
  /** A guardian without `pay` sees the package without Buy and Cancel (the server refuses them too). */
  permissions: GuardianPermissions;
  onPopup: (popup: Popup) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const subscription = useActiveSubscription(userId);
  const client = useOwnClient(userId);
  const checkout = useStartCheckout();
  const [buying, setBuying] = useState<PackType | null>(null);

  async function buy(packType: PackType) {
    setBuying(packType);
    try {
      const { url } = await checkout.mutateAsync({ email, userId, packType });
      if (!url) throw new Error("no checkout url");
      followUrl(url, navigate);
    } catch (error) {
      setBuying(null);
      // The server's words for a refusal ('You must be logged in.', an active plan…); anything else has no url.
      const message =
        error instanceof ApiError && error.status < 500 ? error.message : messages.checkoutFailed;
      onPopup({ title: t`Checkout`, message, tone: "error" });
    }
  }

  if (!permissions.pay && !permissions.progress) return <NoPayNote />;
  return (
    <>
      {!permissions.pay && <NoPayNote />}
      <SubscriptionBox userId={userId} query={subscription} canPay={permissions.pay} onPopup={onPopup} />
      {client.isError ? (
        <p className="payments__error" role="alert">
          <Trans>Could not load your package. Please try again.</Trans>
        </p>
      ) : client.data === undefined ? (
        <p className="payments__loading payments__loading--packages" role="status">
          <Trans>Loading your package…</Trans>
        </p>
      ) : (
        <Packages
          defaultPack={client.data.client.defaultPackType}
          active={subscription.data?.active ?? false}
          canPay={permissions.pay}
          buying={buying}
          onBuy={buy}
        />
      )}
    </>
  );
}

/** Why a guardian without the pay permission sees no Buy or Cancel. */
function NoPayNote() {
  return (
    <p className="payments__note payments__no-pay">
      <Trans>
        Buying and canceling this family's package is for the guardians allowed to pay. Ask one of them, or
        the school, to change it.
      </Trans>
    </p>
  );
}

function SubscriptionBox({
  userId,
  query,
  canPay,
  onPopup,
}: {
  userId: string;
  query: ReturnType<typeof useActiveSubscription>;
  canPay: boolean;
  onPopup: (popup: Popup) => void;
}) {
  const { t } = useLingui();
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  async function onConfirm(info: ActiveSubscriptionInfo) {
    if (!info.subscriptionId) return;
    try {
      const { message } = await cancel.mutateAsync({ subscriptionId: info.subscriptionId, userId });
      onPopup({ title: t`Subscription canceled`, message, tone: "success" });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : messages.cancelSubscriptionFailed;
      onPopup({ title: t`Subscription`, message, tone: "error" });
    }
    setConfirming(false);
  }

  const info = query.data;
  return (
    <section className="payments__box" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Your subscription</Trans>
      </h2>
      {query.isError ? (
        <p className="payments__error" role="alert">
          <Trans>Could not load your subscription. Please try again.</Trans>
        </p>
      ) : info === undefined ? (
        <p className="payments__loading payments__loading--subscription" role="status">
          <Trans>Loading your subscription…</Trans>
        </p>
      ) : !info.active ? (
        <p>
          <Trans>You have no active subscription. Choose a package below to start.</Trans>
        </p>
      ) : (
        <>
          <p className="payments__plan-title">{info.title}</p>
          <ClassesUsed used={info.usedClasses} total={info.totalClasses} />
          <progress
            className="payments__meter"
            max={info.totalClasses}
            value={info.usedClasses}
            aria-label={t`Classes used`}
          />
          {canPay && (
            <button type="button" className="button payments__danger" onClick={() => setConfirming(true)}>
              <Trans>Cancel subscription</Trans>
            </button>
          )}
          <Dialog open={confirming} title={t`Please confirm`} onClose={() => setConfirming(false)}>
            <p>{messages.confirmCancelSubscription}</p>
            {confirming && info.subscriptionId && (
              <CancellationEffect clientId={userId} subscriptionId={info.subscriptionId} />
            )}
            <div className="dialog__actions">
              <button
                type="button"
                className="button payments__secondary"
                onClick={() => setConfirming(false)}
              >
                <Trans>Keep it</Trans>
              </button>
              <button
                type="button"
                className="button payments__danger"
                disabled={cancel.isPending}
                onClick={() => onConfirm(info)}
              >
                {cancel.isPending ? t`Canceling…` : t`Cancel subscription`}
              </button>
            </div>
          </Dialog>
        </>
      )}
    </section>
  );
}

/**
 * Before the confirmation, what canceling does to the booked classes (issue 24): today's still takes place, the
 * later ones are canceled. Nothing while the bookings load: the question stands on its own.
 */
function CancellationEffect({ clientId, subscriptionId }: { clientId: string; subscriptionId: string }) {
  const bookings = useClientBookings(clientId);
  if (!bookings.data) return null;
  const effect = cancellationEffect(bookings.data.bookings, subscriptionId, bookings.data.today);
  return (
    <p className="payments__effect">
      {[effect.today > 0 ? messages.todaysClassStays : null, laterClassesCanceled(effect.later)]
        .filter(Boolean)
        .join(" ")}
    </p>
  );
}

function ClassesUsed({ used, total }: { used: number; total: number }) {
  return (
    <p>
      <Trans>
        <strong>{used}</strong> of <strong>{total}</strong>{" "}
        <Plural value={total} one="class used" other="classes used" />
      </Trans>
    </p>
  );
}

/** The client's default package, or every pack on offer when the admin chose none (spec §2). */
function Packages({
  defaultPack,
  active,
  canPay,
  buying,
  onBuy,
}: {
  defaultPack: PackType | null;
  active: boolean;
  canPay: boolean;
  buying: PackType | null;
  onBuy: (type: PackType) => void;
}) {
  const { t } = useLingui();
  const packs = useAvailablePacks(defaultPack === null);
  const headingId = useId();
  const lockId = useId();

  let offered: PackType[] | null;
  if (defaultPack) offered = [defaultPack];
  else if (packs.data) {
    // Names that do not read "N classes (P)" are dropped, as the spec says.
    offered = packs.data.map((pack) => packTypeFromName(pack.name)).filter((type) => type !== null);
  } else offered = null;

  return (
    <section className="payments__packages" aria-labelledby={headingId}>
      <h2 id={headingId}>{defaultPack ? t`Your package` : t`Our packages`}</h2>
      {active && canPay && (
        <p id={lockId} className="payments__note">
          <Trans>You can buy a new package once your current subscription ends or is canceled.</Trans>
        </p>
      )}
      {packs.isError && !defaultPack ? (
        <p className="payments__error" role="alert">
          <Trans>Could not load the packages. Please try again.</Trans>
        </p>
      ) : offered === null ? (
        <p role="status">
          <Trans>Loading packages…</Trans>
        </p>
      ) : offered.length === 0 ? (
        <p>
          <Trans>No packages are on offer right now. Please contact the school.</Trans>
        </p>
      ) : (
        <ul className="payments__cards">
          {offered.map((type) => (
            <PackCard
              key={type}
              type={type}
              canPay={canPay}
              disabled={active || buying !== null}
              busy={buying === type}
              describedBy={active ? lockId : undefined}
              onBuy={onBuy}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PackCard({
  type,
  canPay,
  disabled,
  busy,
  describedBy,
  onBuy,
}: {
  type: PackType;
  canPay: boolean;
  disabled: boolean;
  busy: boolean;
  describedBy?: string;
  onBuy: (type: PackType) => void;
}) {
  const { t } = useLingui();
  const pack = packOf(type);
  const perClass = formatPrice(pack.pricePerClass);
  const titleId = useId();
  return (
    <li className="pack-card">
      <h3 id={titleId}>
        <ClassCount classes={pack.classes} />
      </h3>
      <p className="pack-card__price">{formatPrice(pack.price)}</p>
      <p className="pack-card__detail">
        <Trans>{perClass} per class · 30-minute classes</Trans>
      </p>
      {canPay && (
        <button
          type="button"
          className="button button--blue"
          disabled={disabled}
          aria-describedby={[titleId, describedBy].filter(Boolean).join(" ")}
          onClick={() => onBuy(type)}
        >
          {busy ? t`Opening checkout…` : t`Buy this package`}
        </button>
      )}
    </li>
  );
}
