import { Trans } from "@lingui/react/macro";
import { useCallback, useEffect, useRef } from "react";
import { NavigationType, Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { opensInAppShell, paths } from "../../domain/paths.ts";
import { useIdleSignOut } from "../auth/idle-sign-out.ts";
import { AuthModals } from "../auth/login-modal.tsx";
import { SignedOutNotice } from "../auth/signed-out-notice.tsx";
import { AdminSiteBar } from "./admin-site-bar.tsx";
import { useAuthActions, useAuthStatus } from "./auth-seam.ts";
import { useLocalizedPath } from "./page-language.ts";
import { SessionPendingHeader } from "./session-pending-header.tsx";
import { chromeFor } from "./site-chrome.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import "./layout.css";

/**
 * The public chrome around every page but the admin area's. It works under both routers (the public pages' and
 * the app shell's, docs/decisions/012), so it reads no route data: each router's root sets the document's title.
 */
export function SiteLayout() {
  const { pathname, hash } = useLocation();
  const auth = useAuthStatus();
  const { onLogin, onLogout } = useAuthActions();
  // "admin" for the staff: an instructor has the owner's chrome (useAuthStatus, docs/decisions/021).
  const staff = auth.status === "admin";
  const chrome = chromeFor(auth.status);
  // Prerendered pages arrive with the visitor's chrome and keep it until the session is known; a page rendered in
  // the browser (the client's pages, the password pages) shows neither visitor nor signed-in chrome until then.
  const pending = auth.status === "loading" && opensInAppShell(pathname);
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const goHome = useCallback(() => navigate(localized(paths.home), { replace: true }), [navigate, localized]);
  useIdleSignOut(auth.status === "client" || staff, goHome);

  // A new page starts at its top, as a full page load would. A layout first shown by the load itself (a "POP")
  // keeps the scroll the browser (a reload) or the reader gave it: they may have scrolled, and begun pressing, before
  // the page became interactive. Shown by a navigation (from an admin page), it starts at the top.
  const shownByLoad = useNavigationType() === NavigationType.Pop;
  const shownPathname = useRef(shownByLoad ? pathname : undefined);
  useEffect(() => {
    if (pathname === shownPathname.current) return;
    shownPathname.current = pathname;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to main content</Trans>
      </a>
      {staff ? (
        <AdminSiteBar onLogout={onLogout} />
      ) : pending ? (
        <SessionPendingHeader />
      ) : (
        chrome.header && <SiteHeader chrome={chrome} onLogin={onLogin} onLogout={onLogout} />
      )}
      <main id="main" tabIndex={-1}>
        <SignedOutNotice />
        <Outlet />
      </main>
      {chrome.footer && !pending && <SiteFooter />}
      <AuthModals />
    </>
  );
}
