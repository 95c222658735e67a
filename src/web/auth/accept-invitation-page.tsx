import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { passwordMinLength } from "../../domain/auth.ts";
import {
  type AcceptInvitationResponse,
  guardianMessages,
  type InvitationCheckResponse,
} from "../../domain/guardians.ts";
import { queryParams } from "../../domain/paths.ts";
import { ApiError, apiFetch, errorMessageOf } from "../api/http.ts";
import { openLoginModal } from "./login-modal.tsx";
import { useTokenLink } from "./use-token-link.ts";
import "./auth-forms.css";

const MISMATCH = msg`The two passwords do not match.`;

/** The page the invitation mail links to: /accept-invitation?token=… The invited person opens their account. */
export function AcceptInvitationPage() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get(queryParams.token) ?? "";
  const [link, setLink] = useTokenLink<InvitationCheckResponse>("/api/guardian-invitations/check", token);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<AcceptInvitationResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { first: useId(), last: useId(), password: useId(), confirm: useId(), hint: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get("password") ?? "");
    if (password !== String(data.get("confirmPassword") ?? "")) return setError(i18n._(MISMATCH));
    setBusy(true);
    setError(null);
    try {
      setDone(
        await apiFetch<AcceptInvitationResponse>("/api/guardian-invitations/accept", {
          body: {
            token,
            firstName: String(data.get("firstName") ?? ""),
            lastName: String(data.get("lastName") ?? ""),
            password,
          },
        }),
      );
    } catch (caught) {
      // The link died while the page was open (used in another tab, expired, revoked).
      if (caught instanceof ApiError && caught.code === "invalid-token") setLink({ state: "dead" });
      else setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page">
      <h1>
        <Trans>Accept your invitation</Trans>
      </h1>
      {done ? (
        <div className="auth-form__success" role="status">
          <p>{done.message}</p>
          <button type="button" className="auth-form__submit" onClick={openLoginModal}>
            <Trans>Sign in</Trans>
          </button>
        </div>
      ) : link.state === "checking" ? (
        <p className="auth-page__checking" role="status">
          <Trans>Checking your invitation…</Trans>
        </p>
      ) : link.state === "dead" ? (
        <p className="auth-form__error" role="alert">
          {guardianMessages.invitationInvalid}
        </p>
      ) : (
        <>
          {link.found && (
            <p>
              <Trans>
                You are invited to be a guardian of the {link.found.household} family. You will sign in as{" "}
                <strong>{link.found.email}</strong>.
              </Trans>
            </p>
          )}
          <form className="auth-form" onSubmit={onSubmit}>
            <label htmlFor={ids.first}>
              <Trans>First name</Trans>
            </label>
            <input id={ids.first} name="firstName" autoComplete="given-name" maxLength={100} required />
            <label htmlFor={ids.last}>
              <Trans>Last name</Trans>
            </label>
            <input id={ids.last} name="lastName" autoComplete="family-name" maxLength={100} required />
            <label htmlFor={ids.password}>
              <Trans>Password</Trans>
            </label>
            <input
              id={ids.password}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={passwordMinLength}
              required
              aria-describedby={ids.hint}
            />
            <p id={ids.hint} className="auth-page__hint">
              <Plural value={passwordMinLength} one="At least # character." other="At least # characters." />
            </p>
            <label htmlFor={ids.confirm}>
              <Trans>Confirm password</Trans>
            </label>
            <input
              id={ids.confirm}
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              minLength={passwordMinLength}
              required
            />
            {error && (
              <p className="auth-form__error" role="alert">
                {error}
              </p>
            )}
            <button type="submit" className="auth-form__submit" disabled={busy}>
              {busy ? t`Saving…` : t`Open my account`}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
