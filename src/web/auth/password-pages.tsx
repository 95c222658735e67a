import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { passwordMinLength } from "../../domain/auth.ts";
import { apiFetch, errorMessageOf } from "../api/http.ts";
import { paths } from "../paths.ts";
import { markPasswordChanged, useAuth } from "./auth-store.ts";
import "./auth-forms.css";

function NewPasswordFields({ error }: { error: string | null }) {
  const passwordId = useId();
  const confirmId = useId();
  const hintId = useId();
  return (
    <>
      <label htmlFor={passwordId}>New password</label>
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
        At least {passwordMinLength} characters.
      </p>
      <label htmlFor={confirmId}>Confirm new password</label>
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

const MISMATCH = "The two passwords do not match.";

/** The page a reset mail links to: /reset-password?token=… */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [error, setError] = useState<string | null>(
    token ? null : "This reset link is not valid. Ask for a new one.",
  );
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = readNewPassword(event.currentTarget);
    if ("mismatch" in read) return setError(MISMATCH);
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/password-reset/confirm", { body: { token, newPassword: read.newPassword } });
      setDone(true);
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page">
      <h1>Choose a new password</h1>
      {done ? (
        <p className="auth-form__success" role="status">
          Your password has been changed. You can now sign in with it.{" "}
          <Link to={paths.home}>Go to the home page</Link>
        </p>
      ) : (
        <form className="auth-form" onSubmit={onSubmit}>
          <NewPasswordFields error={error} />
          <button type="submit" className="auth-form__submit" disabled={busy || !token}>
            {busy ? "Saving…" : "Save new password"}
          </button>
        </form>
      )}
    </section>
  );
}

/** First sign-in with a temporary password: the client (or admin) must choose their own. */
export function ChangePasswordPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readNewPassword(form);
    if ("mismatch" in read) return setError(MISMATCH);
    setBusy(true);
    setError(null);
    try {
      await apiFetch("/api/session/change-password", {
        body: {
          currentPassword: String(new FormData(form).get("currentPassword") ?? ""),
          newPassword: read.newPassword,
        },
      });
      markPasswordChanged();
      navigate(auth.status === "admin" ? paths.admin : paths.clientPanel, { replace: true });
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="auth-page">
      <h1>Choose your password</h1>
      <p>You signed in with a temporary password. Choose your own to continue.</p>
      <form className="auth-form" onSubmit={onSubmit}>
        <label htmlFor={currentId}>Temporary password</label>
        <input
          id={currentId}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields error={error} />
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? "Saving…" : "Save password"}
        </button>
      </form>
    </section>
  );
}
