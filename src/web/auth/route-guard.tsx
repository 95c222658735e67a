import { Trans } from "@lingui/react/macro";
import { Navigate, Outlet, useLocation } from "react-router";
import { clientPaths, homeOf, instructorPaths, isLocalCheckoutPath, paths } from "../../domain/paths.ts";
import { type AuthState, useAuth } from "./auth-store.ts";
import "./route-guard.css";

/**
 * Where a signed-in role may go (spec §2 "Route guard"): admins (the owner) anywhere, instructors to their lessons'
 * pages (docs/decisions/021), clients only to their own paths.
 */
export function guardRedirect(auth: AuthState, pathname: string): string | null {
  if (auth.status === "loading") return null;
  if (auth.status === "signed-out") return paths.home;
  if (auth.user.mustChangePassword) return pathname === paths.changePassword ? null : paths.changePassword;
  if (pathname === paths.changePassword) return homeOf(auth.status);
  if (auth.status === "admin") return null;
  if (auth.status === "instructor") {
    return (instructorPaths as readonly string[]).includes(pathname) ? null : homeOf("instructor");
  }
  const allowed = (clientPaths as readonly string[]).includes(pathname) || isLocalCheckoutPath(pathname);
  return allowed ? null : paths.clientPanel;
}

/** Hides what the server already refuses: shows Loading... while the role resolves, then redirects or renders. */
export function RouteGuard() {
  const auth = useAuth();
  const { pathname } = useLocation();
  if (auth.status === "loading") {
    return (
      <div className="route-loading">
        <span className="route-loading__spinner" aria-hidden="true" />
        <p role="status">
          <Trans>Loading...</Trans>
        </p>
      </div>
    );
  }
  const redirect = guardRedirect(auth, pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
