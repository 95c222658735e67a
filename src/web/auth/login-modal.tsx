import { type FormEvent, useId, useState, useSyncExternalStore } from "react";
import { Link, useNavigate } from "react-router";
import { apiFetch, errorMessageOf } from "../api/http.ts";
import { Dialog } from "../components/dialog/dialog.tsx";
import { paths } from "../paths.ts";
import { signIn } from "./auth-store.ts";
import "./auth-forms.css";

type Open = "none" | "login" | "reset";
let open: Open = "none";
const listeners = new Set<() => void>();
function setOpen(next: Open) {
  open = next;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The header's Login button (desktop and mobile menu) calls this. */
export const openLoginModal = () => setOpen("login");

/** The login and reset modals (spec §2), rendered once by the site layout. */
export function AuthModals() {
  const current = useSyncExternalStore(
    subscribe,
    () => open,
    () => "none" as Open,
  );
  return (
    <>
      <LoginModal open={current === "login"} />
      <ResetModal open={current === "reset"} />
    </>
  );
}

function LoginModal({ open: isOpen }: { open: boolean }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const user = await signIn(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      setOpen("none");
      const target = user.mustChangePassword
        ? paths.changePassword
        : user.role === "admin"
          ? paths.admin
          : paths.clientPanel;
      navigate(target, { replace: true });
    } catch (caught) {
      setError(errorMessageOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={isOpen}
      title="Login"
      onClose={() => {
        setError(null);
        setOpen("none");
      }}
      className="auth-dialog"
    >
      <form className="auth-form" onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} name="email" type="email" autoComplete="username" required />
        <label htmlFor={passwordId}>Password</label>
        <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p id={errorId} className="auth-form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign In"}
        </button>
        <div className="auth-form__links">
          <button type="button" className="auth-form__link" onClick={() => setOpen("reset")}>
            Forgot Password?
          </button>
          <Link to={paths.contact} className="auth-form__link" onClick={() => setOpen("none")}>
            Create Account
          </Link>
        </div>
      </form>
    </Dialog>
  );
}

function ResetModal({ open: isOpen }: { open: boolean }) {
  const [result, setResult] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setBusy(true);
    setResult(null);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/password-reset", { body: { email } });
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
    <Dialog open={isOpen} title="Reset Password" onClose={close} className="auth-dialog">
      {/* noValidate: an empty email gets the spec's own message from the server, not the browser's bubble. */}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={emailId}>Email</label>
        <input id={emailId} name="email" type="email" autoComplete="email" />
        {result && (
          <p className={result.kind === "success" ? "auth-form__success" : "auth-form__error"} role="alert">
            {result.text}
          </p>
        )}
        <button type="submit" className="auth-form__submit" disabled={busy}>
          {busy ? "Sending…" : "Send Reset Link"}
        </button>
        <button type="button" className="auth-form__secondary" onClick={close}>
          Cancel
        </button>
      </form>
    </Dialog>
  );
}
