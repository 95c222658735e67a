import { useNavigate } from "react-router";
import { paths } from "../paths.ts";

/**
 * The seam between the site chrome and sign-in, which comes with the sign-in work. Everything the header and
 * footer need to know about the session goes through these two hooks; nothing else in the layout reads auth.
 */
export type AuthStatus = "loading" | "signed-out" | "client" | "admin";

export interface AuthState {
  status: AuthStatus;
}

/**
 * Sign-in work: replace the body with the real session (e.g. better-auth's `useSession`, role from the session).
 * The prerendered pages are signed-out, so the first render in the browser must return "loading" or "signed-out"
 * (both draw the signed-out chrome, see `chromeFor`) or hydration will not match.
 */
export function useAuthStatus(): AuthState {
  return { status: "signed-out" };
}

export interface AuthActions {
  /** The header's Login button (desktop) and the mobile menu's. */
  onLogin: () => void;
  /** The header's Logout button, shown to a signed-in client. */
  onLogout: () => void;
}

/**
 * Sign-in work: `onLogin` must open the Login modal (email, password, Sign In, Forgot Password?, Create Account)
 * and `onLogout` sign out then navigate to /. Until then Login takes the visitor to the contact page, where the
 * school sets up accounts.
 */
export function useAuthActions(): AuthActions {
  const navigate = useNavigate();
  return {
    onLogin: () => navigate(paths.contact),
    onLogout: () => navigate(paths.home),
  };
}
