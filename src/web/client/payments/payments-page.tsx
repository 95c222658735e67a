import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { messages } from "../../../domain/messages.ts";
import { formatPrice, type PackType, packOf, packTypeFromName } from "../../../domain/pack-catalogue.ts";
import { type ActiveSubscriptionInfo, checkoutReturnPaths } from "../../../domain/subscriptions.ts";
import { ApiError } from "../../api/http.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import {
  useActiveSubscription,
  useAvailablePacks,
  useCancelSubscription,
  useOwnClient,
  useStartCheckout,
} from "./api.ts";
import { followUrl } from "./follow-url.ts";
import "./payments.css";

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

const returnPopups: Record<CheckoutReturn, Popup> = {
  success: { title: "Thank you!", message: messages.subscriptionSuccessful, tone: "success" },
  canceled: { title: "Payment canceled", message: messages.paymentCanceled, tone: "error" },
};

/**
 * /payments and /manage-payments (spec §2, §4): the active subscription box with Cancel, the client's package
 * card(s) with Buy this package, and one popup for the checkout's return and every outcome.
 */
export function PaymentsPage() {
  const auth = useAuth();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [popup, setPopup] = useState<Popup | null>(null);
  const returned = checkoutReturnOf(params);

  // The flag is shown once: it leaves the address first (a reload or Back does not show it again), then the popup
  // opens on the clean address.
  useEffect(() => {
    if (!returned) return;
    setPopup(returnPopups[returned]);
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
  }, [returned, setParams, queryClient]);

  return (
    <section className="payments">
      <h1>Choose your class package</h1>
      {auth.status === "client" ? (
        <ClientPayments userId={auth.user.id} email={auth.user.email} onPopup={setPopup} />
      ) : auth.status === "admin" ? (
        <p className="payments__note">
          This page is where each client buys and cancels their package. As an admin you see each client's
          plan in the clients list.
        </p>
      ) : (
        <p className="payments__error" role="alert">
          {messages.mustBeLoggedIn}
        </p>
      )}
      <Dialog open={popup !== null && !returned} title={popup?.title ?? ""} onClose={() => setPopup(null)}>
        <p className={`payments__popup payments__popup--${popup?.tone ?? "success"}`}>{popup?.message}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--blue" onClick={() => setPopup(null)}>
            OK
          </button>
        </div>
      </Dialog>
    </section>
  );
}

function ClientPayments({
  userId,
  email,
  onPopup,
}: {
  userId: string;
  email: string;
  onPopup: (popup: Popup) => void;
}) {
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
      onPopup({ title: "Checkout", message, tone: "error" });
    }
  }

  return (
    <>
      <SubscriptionBox userId={userId} query={subscription} onPopup={onPopup} />
      {client.isError ? (
        <p className="payments__error" role="alert">
          Could not load your package. Please try again.
        </p>
      ) : client.data === undefined ? (
        <p role="status">Loading your package…</p>
      ) : (
        <Packages
          defaultPack={client.data.client.defaultPackType}
          active={subscription.data?.active ?? false}
          buying={buying}
          onBuy={buy}
        />
      )}
    </>
  );
}

function SubscriptionBox({
  userId,
  query,
  onPopup,
}: {
  userId: string;
  query: ReturnType<typeof useActiveSubscription>;
  onPopup: (popup: Popup) => void;
}) {
  const cancel = useCancelSubscription();
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  async function onConfirm(info: ActiveSubscriptionInfo) {
    if (!info.subscriptionId) return;
    try {
      const { message } = await cancel.mutateAsync({ subscriptionId: info.subscriptionId, userId });
      onPopup({ title: "Subscription canceled", message, tone: "success" });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : messages.cancelSubscriptionFailed;
      onPopup({ title: "Subscription", message, tone: "error" });
    }
    setConfirming(false);
  }

  const info = query.data;
  return (
    <section className="payments__box" aria-labelledby={headingId}>
      <h2 id={headingId}>Your subscription</h2>
      {query.isError ? (
        <p className="payments__error" role="alert">
          Could not load your subscription. Please try again.
        </p>
      ) : info === undefined ? (
        <p role="status">Loading your subscription…</p>
      ) : !info.active ? (
        <p>You have no active subscription. Choose a package below to start.</p>
      ) : (
        <>
          <p className="payments__plan-title">{info.title}</p>
          <p>
            <strong>{info.usedClasses}</strong> of <strong>{info.totalClasses}</strong> classes used
          </p>
          <progress
            className="payments__meter"
            max={info.totalClasses}
            value={info.usedClasses}
            aria-label="Classes used"
          />
          <button type="button" className="button payments__danger" onClick={() => setConfirming(true)}>
            Cancel subscription
          </button>
          <Dialog open={confirming} title="Please confirm" onClose={() => setConfirming(false)}>
            <p>{messages.confirmCancelSubscription}</p>
            <div className="dialog__actions">
              <button
                type="button"
                className="button payments__secondary"
                onClick={() => setConfirming(false)}
              >
                Keep it
              </button>
              <button
                type="button"
                className="button payments__danger"
                disabled={cancel.isPending}
                onClick={() => onConfirm(info)}
              >
                {cancel.isPending ? "Canceling…" : "Cancel subscription"}
              </button>
            </div>
          </Dialog>
        </>
      )}
    </section>
  );
}

/** The client's default package, or every pack on offer when the admin chose none (spec §2). */
function Packages({
  defaultPack,
  active,
  buying,
  onBuy,
}: {
  defaultPack: PackType | null;
  active: boolean;
  buying: PackType | null;
  onBuy: (type: PackType) => void;
}) {
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
      <h2 id={headingId}>{defaultPack ? "Your package" : "Our packages"}</h2>
      {active && (
        <p id={lockId} className="payments__note">
          You can buy a new package once your current subscription ends or is canceled.
        </p>
      )}
      {packs.isError && !defaultPack ? (
        <p className="payments__error" role="alert">
          Could not load the packages. Please try again.
        </p>
      ) : offered === null ? (
        <p role="status">Loading packages…</p>
      ) : offered.length === 0 ? (
        <p>No packages are on offer right now. Please contact the school.</p>
      ) : (
        <ul className="payments__cards">
          {offered.map((type) => (
            <PackCard
              key={type}
              type={type}
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
  disabled,
  busy,
  describedBy,
  onBuy,
}: {
  type: PackType;
  disabled: boolean;
  busy: boolean;
  describedBy?: string;
  onBuy: (type: PackType) => void;
}) {
  const pack = packOf(type);
  const titleId = useId();
  return (
    <li className="pack-card">
      <h3 id={titleId}>{pack.classes} classes</h3>
      <p className="pack-card__price">{formatPrice(pack.price)}</p>
      <p className="pack-card__detail">{formatPrice(pack.pricePerClass)} per class · 30-minute classes</p>
      <button
        type="button"
        className="button button--blue"
        disabled={disabled}
        aria-describedby={[titleId, describedBy].filter(Boolean).join(" ")}
        onClick={() => onBuy(type)}
      >
        {busy ? "Opening checkout…" : "Buy this package"}
      </button>
    </li>
  );
}
