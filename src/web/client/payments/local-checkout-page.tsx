import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { formatPrice } from "../../../domain/pack-catalogue.ts";
import { paths } from "../../../domain/paths.ts";
import type { CheckoutStatus } from "../../../domain/subscriptions.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { useFinishLocalCheckout, useLocalCheckout } from "./api.ts";
import { ClassCount } from "./class-count.tsx";
import { followUrl } from "./follow-url.ts";
import "./payments.css";

/** What a checkout that is no longer open says instead of Pay and Cancel. */
const closedCheckout: Record<Exclude<CheckoutStatus, "open">, MessageDescriptor> = {
  completed: msg`This checkout is paid: your package is active.`,
  canceled: msg`This checkout was canceled. Nothing was charged.`,
  refused: msg`This checkout could not complete because another package became active first. Nothing was charged.`,
};

/**
 * /checkout/local/:sessionId: the built-in checkout of the local payments provider (docs/decisions/006). It shows
 * the package and its price with Pay and Cancel; each answers the address to go to next (back to /payments).
 */
export function LocalCheckoutPage() {
  const { i18n } = useLingui();
  const { sessionId = "" } = useParams();
  const navigate = useNavigate();
  const checkout = useLocalCheckout(sessionId);
  const finish = useFinishLocalCheckout(sessionId);
  const [error, setError] = useState<string | null>(null);

  async function onFinish(action: "pay" | "cancel") {
    setError(null);
    try {
      const { url } = await finish.mutateAsync(action);
      followUrl(url, navigate, { replace: true });
    } catch (caught) {
      setError(errorMessageOf(caught));
      void checkout.refetch();
    }
  }

  const session = checkout.data;
  return (
    <section className="payments checkout">
      <h1>
        <Trans>Checkout</Trans>
      </h1>
      {checkout.isError ? (
        <>
          <p className="payments__error" role="alert">
            {checkout.error instanceof ApiError ? checkout.error.message : errorMessageOf(checkout.error)}
          </p>
          <Link to={paths.payments}>
            <Trans>Back to payments</Trans>
          </Link>
        </>
      ) : session === undefined ? (
        <p role="status">
          <Trans>Loading your checkout…</Trans>
        </p>
      ) : (
        <div className="payments__box checkout__summary">
          <h2>
            <ClassCount classes={session.classes} />
          </h2>
          <dl className="checkout__lines">
            <div>
              <dt>
                <Trans>Package</Trans>
              </dt>
              <dd>{session.packName}</dd>
            </div>
            <div>
              <dt>
                <Trans>Price per class</Trans>
              </dt>
              <dd>{formatPrice(session.pricePerClass)}</dd>
            </div>
            <div className="checkout__total">
              <dt>
                <Trans>Total</Trans>
              </dt>
              <dd>{formatPrice(session.price)}</dd>
            </div>
            <div>
              <dt>
                <Trans>Receipt to</Trans>
              </dt>
              <dd>{session.email}</dd>
            </div>
          </dl>
          {error && (
            <p className="payments__error" role="alert">
              {error}
            </p>
          )}
          {session.status === "open" ? (
            <div className="checkout__actions">
              <button
                type="button"
                className="button button--blue"
                disabled={finish.isPending}
                onClick={() => onFinish("pay")}
              >
                <Trans>Pay</Trans>
              </button>
              <button
                type="button"
                className="button payments__secondary"
                disabled={finish.isPending}
                onClick={() => onFinish("cancel")}
              >
                <Trans>Cancel</Trans>
              </button>
            </div>
          ) : (
            <>
              <p role="status">{i18n._(closedCheckout[session.status])}</p>
              <Link to={paths.payments}>
                <Trans>Back to payments</Trans>
              </Link>
            </>
          )}
          <p className="payments__note">
            <Trans>
              This is the school's own checkout page: paying here activates the package without a card.
            </Trans>
          </p>
        </div>
      )}
    </section>
  );
}
