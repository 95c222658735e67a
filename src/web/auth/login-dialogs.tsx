import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import type { PasswordResetRequestResponse } from "../../domain/api.ts";
import { messages } from "../../domain/messages.ts";
import { homeOf, paths } from "../../domain/paths.ts";
import { ApiError, apiFetch, errorMessageOf } from "../api/http.ts";
import { Dialog } from "../components/dialog/dialog.tsx";
import { overlayEntryOnTop } from "../components/use-close-on-back.ts";
import { signIn } from "./auth-store.ts";
import { type Open, setOpen } from "./login-modal.tsx";
import "./auth-forms.css";

/** The login and reset modals (spec §2): login-modal.tsx says which is open and loads this file on demand. */
export function LoginDialogs({ current }: { current: Open }) {
  return (
    <>
      <LoginModal open={current === "login"} />
      <ResetModal open={current === "reset"} />
    </>
  );
}

/**
 * Closes the open dialog and waits until the history entry it pushed for Back is gone (use-close-on-back.ts takes
 * it off after closing), so that the page after sign-in replaces the page the person signed in from (spec §2:
 * history replaced) and Back does not return to it.
 */
function closeDialogFirst(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener("popstate", done, true);
      resolve();
    };
    // No overlay entry to take off: nothing will come back, navigate now.
    if (!overlayEntryOnTop()) {
      setOpen("none");
      resolve();
      return;
    }
    // Added before the dialog's own listener, so it hears the popstate even though that one stops it. Navigating
    // before that popstate would let the late history.back() undo the navigation (seen on a loaded machine), so the
    // timer is only a safety net.
    window.addEventListener("popstate", done, true);
    const timer = window.setTimeout(done, 3000);
    setOpen("none");
  });
}

/**
 * The browser's own validation bubbles are off (noValidate): they would speak before the spec's messages and
 * leave an earlier answer on screen. Empty fields are refused here with our words, before anything is sent; any
 * other email the server judges ('Invalid email format…'). Every attempt starts by clearing the last answer.
 */
function LoginModal({ open: isOpen }: { open: boolean }) {
  const { t } = useLingui();
  const [error, setError] = useState<{ text: string; field?: "email" | "password" } | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(null);
    const missing = !email ? "email" : !password ? "password" : null;
    if (missing) {
      setError({
        text: missing === "email" ? messages.resetEmailRequired : messages.passwordRequired,
        field: missing,
      });
      const input = formElement.elements.namedItem(missing);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    setBusy(true);
    try {
      const user = await signIn(email, password);
      const target = user.mustChangePassword ? paths.changePassword : homeOf(user.role);
      await closeDialogFirst();
      // A page load, not a route change: the signed-in pages are the app shell's (a prerendered page's router does
      // not know them), and they start with nothing left from before sign-in. It replaces the page signed in from.
      window.location.replace(target);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : undefined;
      setError({
        text: errorMessageOf(caught),
        field:
          code === "invalid-credential" || code === "user-not-found"
            ? "email"
            : code === "wrong-password"
              ? "password"
              : undefined,
      });
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: "email" | "password") => error?.field === field || undefined;
  const describedBy = (field: "email" | "password") => (error?.field === field ? errorId : undefined);
  const close = () => {
    setError(null);
    setOpen("none");
  };

  return (
    <Dialog open={isOpen} title={t`Login`} onClose={close} className="auth-dialog">
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={emailId}>
          <Trans>Email</Trans>
        </label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          required
          aria-invalid={invalid("email")}
          aria-describedby={describedBy("email")}
          data-autofocus
        />
        <label htmlFor={passwordId}>
          <Trans>Password</Trans>
        </label>
        <input
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={invalid("password")}
          aria-describedby={describedBy("password")}
        />
        {error && (
          <p id={errorId} className="auth-form__error" role="alert">
            {error.text}
          </p>
        )}
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign In`}
        </button>
        <button type="button" className="auth-form__secondary" onClick={close}>
          <Trans>Cancel</Trans>
        </button>
        <div className="auth-form__links">
          <button type="button" className="auth-form__link" onClick={() => setOpen("reset")}>
            <Trans>Forgot Password?</Trans>
          </button>
          <Link to={paths.contact} className="auth-form__link" onClick={() => setOpen("none")}>
            <Trans>Create Account</Trans>
          </Link>
        </div>
      </form>
    </Dialog>
  );
}

function ResetModal({ open: isOpen }: { open: boolean }) {
  const { t } = useLingui();
  const [result, setResult] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setResult(null);
    try {
      const { message } = await apiFetch<PasswordResetRequestResponse>("/api/password-reset", {
        body: { email },
      });
      setResult({ kind: "success", text: message });
    } catch (caught) {
      setResult({
        kind: "error",
        text: errorMessageOf(caught),
      });
    } finally {
      setBusy(false);
    }
  }

  const close = () => {
    setResult(null);
    setOpen("none");
  };
  return (
    <Dialog open={isOpen} title={t`Reset Password`} onClose={close} className="auth-dialog">
      {/* noValidate: an empty email gets the spec's own message from the server, not the browser's bubble. */}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={emailId}>
          <Trans>Email</Trans>
        </label>
        <input id={emailId} name="email" type="email" autoComplete="email" data-autofocus />
        {result && (
          <p className={result.kind === "success" ? "auth-form__success" : "auth-form__error"} role="alert">
            {result.text}
          </p>
        )}
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? t`Sending…` : t`Send Reset Link`}
        </button>
        <button type="button" className="auth-form__secondary" onClick={close}>
          <Trans>Cancel</Trans>
        </button>
      </form>
    </Dialog>
  );
}
