import { Trans } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";
import { messages } from "../../domain/messages.ts";
import { openLoginModal } from "./login-modal.tsx";
import "./signed-out-notice.css";

/** Why the person was just signed out without asking, said on the page they land on. */
export type SignedOutReason = "idle";

let reason: SignedOutReason | null = null;
const listeners = new Set<() => void>();
function setReason(next: SignedOutReason | null) {
  reason = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const noteSignedOut = (why: SignedOutReason) => setReason(why);
export const clearSignedOutNotice = () => setReason(null);

const text: Record<SignedOutReason, () => string> = { idle: () => messages.sessionExpired };

/** Rendered by the site layout: announced at once (role="alert"), it stays until dismissed or the next sign-in. */
export function SignedOutNotice() {
  const current = useSyncExternalStore(
    subscribe,
    () => reason,
    () => null,
  );
  if (!current) return null;
  return (
    <div className="signed-out-notice" role="alert">
      <p className="signed-out-notice__text">{text[current]()}</p>
      <div className="signed-out-notice__actions">
        <button
          type="button"
          className="signed-out-notice__sign-in"
          onClick={() => {
            clearSignedOutNotice();
            openLoginModal();
          }}
        >
          <Trans>Sign in again</Trans>
        </button>
        <button type="button" className="signed-out-notice__dismiss" onClick={clearSignedOutNotice}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">
            <Trans>Dismiss</Trans>
          </span>
        </button>
      </div>
    </div>
  );
}
