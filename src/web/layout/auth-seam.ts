import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths } from "../../domain/paths.ts";
import { signOut, useAuth } from "../auth/auth-store.ts";
import { openLoginModal } from "../auth/login-modal.tsx";
import { useLocalizedPath } from "./page-language.ts";

/** Everything the header and footer know about the session goes through these two hooks. */
export type AuthStatus = "loading" | "signed-out" | "client" | "admin";

export interface AuthState {
  status: AuthStatus;
}

/**
 * The prerendered pages are signed-out; the store's first browser render matches them, then asks the server. An
 * instructor has the staff's chrome, as the owner does (docs/decisions/021).
 */
export function useAuthStatus(): AuthState {
  const { status } = useAuth();
  return { status: status === "instructor" ? "admin" : status };
}

export interface AuthActions {
  /** The header's Login button (desktop) and the mobile menu's. */
  onLogin: () => void;
  /** The header's Logout button, shown to a signed-in client. */
  onLogout: () => void;
}

export function useAuthActions(): AuthActions {
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  // Logout goes to the home page (spec §2), in the page's language.
  const onLogout = useCallback(async () => {
    await signOut();
    navigate(localized(paths.home));
  }, [navigate, localized]);
  return { onLogin: openLoginModal, onLogout };
}
