import { useLingui } from "@lingui/react/macro";
import { errorMessageOf } from "../api/http.ts";
import "./list-state.css";

/**
 * The loading and error states of a list that is loading (media, bookings): the loading text, or the failure with
 * a Try again button; `null` once the list is there to show.
 */
export function ListState({
  isError,
  loaded,
  what,
  error,
  loadingText,
  loadingClassName,
  onRetry,
  retryClassName = "button button--blue",
}: {
  isError: boolean;
  loaded: boolean;
  /** What is loading, e.g. "your milestones", in the page's language: "Could not load {what}.", "Loading {what}…". */
  what: string;
  /** The failure, when its own message should be shown ("Please try again." otherwise). */
  error?: unknown;
  loadingText?: string;
  /**
   * Sizes the loading state like what it stands for (min-heights from the loaded layout): a list that arrives
   * then takes the room it had, and what follows it on the page does not move.
   */
  loadingClassName?: string;
  onRetry: () => void;
  retryClassName?: string;
}) {
  const { t } = useLingui();
  if (isError) {
    return (
      <div className="list-state list-state--error" role="alert">
        <p>
          {t`Could not load ${what}.`} {error === undefined ? t`Please try again.` : errorMessageOf(error)}
        </p>
        <button type="button" className={retryClassName} onClick={onRetry}>
          {t`Try again`}
        </button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <p className={loadingClassName ? `list-state ${loadingClassName}` : "list-state"} role="status">
        {loadingText ?? t`Loading ${what}…`}
      </p>
    );
  }
  return null;
}
