import type { NavigateFunction } from "react-router";

/**
 * Goes where the payments API says (docs/api.md "Checkout flow"): our own pages (the local checkout, the return to
 * /payments) inside the app, a provider's page (Stripe Checkout) by a full page load. `replace` leaves a finished
 * checkout out of the history, so Back does not return to it.
 */
export function followUrl(url: string, navigate: NavigateFunction, { replace = false } = {}): void {
  const target = new URL(url, window.location.href);
  if (target.origin === window.location.origin)
    navigate(`${target.pathname}${target.search}${target.hash}`, { replace });
  else if (replace) window.location.replace(target.href);
  else window.location.assign(target.href);
}
