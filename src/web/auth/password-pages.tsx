import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type {
  ChangePasswordResponse,
  PasswordResetCheckResponse,
  PasswordResetConfirmResponse,
} from "../../domain/api.ts";
import { passwordMinLength } from "../../domain/auth.ts";
import { messages } from "../../domain/messages.ts";
import { homeOf, paths, queryParams } from "../../domain/paths.ts";
import { ApiError, apiFetch, errorMessageOf } from "../api/http.ts";
import { markPasswordChanged, useAuth } from "./auth-store.ts";
import { openResetModal } from "./login-modal.tsx";
import { useTokenLink } from "./use-token-link.ts";
import "./auth-forms.css";

function NewPasswordFields({ error }: { error: string | null }) {
  const passwordId = useId();
  const confirmId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={passwordId}>
        <Trans>New password</Trans>
      </label>
      <input
        id={passwordId}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        minLength={passwordMinLength}
        required
        aria-describedby={hintId}
      />
      <p id={hintId} className="auth-page__hint">
        <Plural value={passwordMinLength} one="At least # character." other="At least # characters." />
      </p>
      <label htmlFor={confirmId}>
        <Trans>Confirm new password</Trans>
      </label>
      <input
        id={confirmId}
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
    </>
  );
}

function readNewPassword(form: HTMLFormElement): { newPassword: string } | { mismatch: true } {
  const data = new FormData(form);
  const newPassword = String(data.get("newPassword") ?? "");
  return newPassword === String(data.get("confirmPassword") ?? "") ? { newPassword } : { mismatch: true };
}

const MISMATCH = msg`The two passwords do not match.`;

/** The page a reset mail links to: /reset-password?token=… */
export function ResetPasswordPage() {
  const { i18n, t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get(queryParams.token) ?? "";
  const [link, setLink] = useTokenLink<PasswordResetCheckResponse>("/api/password-reset/check", token);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readNewPassword(event.currentTarget);
    if ("mismatch" in read) return setError(i18n._(MISMATCH));
    setBusy(true);
    setError(null);
    try {
      await apiFetch<PasswordResetConfirmResponse>("/api/password-reset/confirm", {
        body: { token, newPassword: read.newPassword },
      });
      setDone(true);
    } catch (caught) {
      // The link died while the page was open (used in another tab, or its hour ran out).
      if (caught instanceof ApiError && caught.code === "invalid-token") setLink({ state: "dead" });
      else setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page">
      <h1>
        <Trans>Choose a new password</Trans>
      </h1>
      {done ? (
        <p className="auth-form__success" role="status">
          <Trans>
            Your password has been changed. You can now sign in with it.{" "}
            <Link to={paths.home}>Go to the home page</Link>
          </Trans>
        </p>
      ) : link.state === "checking" ? (
        <p className="auth-page__checking" role="status">
          <Trans>Checking your reset link…</Trans>
        </p>
      ) : link.state === "dead" ? (
        <div className="auth-page__dead-link">
          <p className="auth-form__error" role="alert">
            {messages.resetLinkInvalid}
          </p>
          <button type="button" className="auth-form__submit" onClick={openResetModal}>
            <Trans>Ask for a new link</Trans>
          </button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={onSubmit}>
          <NewPasswordFields error={error} />
          <button type="submit" className="auth-form__submit" disabled={busy}>
            {busy ? t`Saving…` : t`Save new password`}
          </button>
        </form>
      )}
    </section>
  );
}

/** First sign-in with a temporary password: the client (or admin) must choose their own. */
export function ChangePasswordPage() {
  const { i18n, t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentId = useId();
  const whyId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readNewPassword(form);
    if ("mismatch" in read) return setError(i18n._(MISMATCH));
    setBusy(true);
    setError(null);
    try {
      await apiFetch<ChangePasswordResponse>("/api/session/change-password", {
        body: {
          currentPassword: String(new FormData(form).get("currentPassword") ?? ""),
          newPassword: read.newPassword,
        },
      });
      markPasswordChanged();
      navigate(
        auth.status === "admin" || auth.status === "instructor" ? homeOf(auth.status) : paths.clientPanel,
        {
          replace: true,
        },
      );
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page">
      <h1>
        <Trans>Choose your password</Trans>
      </h1>
      <p>
        <Trans>You signed in with a temporary password. Choose your own to continue.</Trans>
      </p>
      <form className="auth-form" onSubmit={onSubmit}>
        <label htmlFor={currentId}>
          <Trans>Temporary password</Trans>
        </label>
        <input
          id={currentId}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          aria-describedby={whyId}
          required
        />
        {/* Issue 24: asked again right after it was typed. Carrying it over would mean keeping it in the address or
            the browser's storage; the sign-in page does neither, and this page says so. */}
        <p id={whyId} className="auth-form__hint">
          <Trans>
            The one you just signed in with. It is asked again because the site never keeps it, not even in
            your browser, and so that only you can choose the new one.
          </Trans>
        </p>
        <NewPasswordFields error={error} />
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? t`Saving…` : t`Save password`}
        </button>
      </form>
    </section>
  );
}
