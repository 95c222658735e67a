import { useLingui } from "@lingui/react/macro";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useOutletContext,
  useSearchParams,
} from "react-router";
import content from "../../../content/site.json";
import { createBookingPath, instructorPaths, paths, showsCreateBooking } from "../../../domain/paths.ts";
import { signOut, useAuth } from "../../auth/auth-store.ts";
import { useIdleSignOut } from "../../auth/idle-sign-out.ts";
import { trapTabKey } from "../../components/focus-trap.ts";
import { ToastProvider } from "../../components/toast/toast.tsx";
import { useMediaQuery } from "../../components/use-media-query.ts";
import { LanguageSwitch } from "../../i18n/language-switch.tsx";
import { mobileMediaQuery } from "../../styles/breakpoints.ts";
import "../admin.css";
import "./admin-layout.css";

/** /admin's two views (spec §2). */
export type AdminHomeView = "register-client" | "create-booking";

interface AdminOutletContext {
  homeView: AdminHomeView;
}

/** The view /admin shows: the layout decides, because its side menu switches it. */
export function useAdminHomeView(): AdminHomeView {
  return useOutletContext<AdminOutletContext>().homeView;
}

/** A plain click follows the link; a click that asks for a new tab or window is the browser's. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Admin chrome (spec §2): top bar with the brand and Logout, side menu as a drawer at ≤ 768 px, sidebar above. The
 * language switch sits in the top bar on wide screens and at the foot of the drawer on a phone (one at a time).
 */
export function AdminLayout() {
  const { t } = useLingui();
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const goHome = useCallback(() => navigate(paths.home, { replace: true }), [navigate]);
  const owner = auth.status === "admin";
  useIdleSignOut(owner || auth.status === "instructor", goHome);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever the page changes
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);

  // At 768 px or less the side menu is a drawer over the page: focus moves into it, Tab stays in it, the page
  // behind is inert, and Escape or the scrim closes it and gives focus back to the Menu button.
  const narrow = useMediaQuery(mobileMediaQuery);
  const drawerShown = drawerOpen && narrow;
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawerToButton = useCallback(() => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!drawerShown) return;
    const links = drawerRef.current?.querySelectorAll<HTMLElement>("a");
    const current = drawerRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    (current ?? links?.[0])?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeDrawerToButton();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [drawerShown, closeDrawerToButton]);

  const onAdmin = location.pathname === paths.admin;
  // Arriving at /admin the URL decides (?showBooking=true); once there, the side menu switches the view in local
  // state (spec §2). A pick holds until the next navigation.
  const [picked, setPicked] = useState<{ at: string; view: AdminHomeView } | null>(null);
  const homeView: AdminHomeView =
    picked?.at === location.key
      ? picked.view
      : showsCreateBooking(searchParams)
        ? "create-booking"
        : "register-client";
  const pickOnAdmin = (view: AdminHomeView) => (event: MouseEvent) => {
    if (!onAdmin || !isPlainClick(event)) return;
    event.preventDefault();
    setPicked({ at: location.key, view });
    setDrawerOpen(false);
  };
  const ownerMenu = [
    { label: t`Overview`, to: paths.overview },
    { label: t`Reports`, to: paths.reports },
    {
      label: t`Register Client`,
      to: paths.admin,
      current: onAdmin && homeView === "register-client",
      onClick: pickOnAdmin("register-client"),
    },
    {
      label: t`Create Booking`,
      to: createBookingPath,
      current: onAdmin && homeView === "create-booking",
      onClick: pickOnAdmin("create-booking"),
    },
    { label: t`Clients`, to: paths.clientsList },
    { label: t`Today`, to: paths.today },
    { label: t`Manage Bookings`, to: paths.manageBookings },
    { label: t`Add Feedback`, to: paths.adminFeedback },
    { label: t`Add Milestones`, to: paths.adminMilestones },
    { label: t`Gallery`, to: paths.adminGallery },
    { label: t`Newsletter`, to: paths.adminNewsletter },
    { label: t`Instructors`, to: paths.instructors },
    { label: t`Curriculum`, to: paths.curriculum },
    { label: t`School settings`, to: paths.adminSettings },
    { label: t`Audit log`, to: paths.auditLog },
  ];
  // An instructor's menu: their day first, then their lessons' pages (docs/decisions/021, 023); on /instructors
  // they find their own hours and time off (docs/decisions/024).
  const menu = owner
    ? ownerMenu
    : instructorPaths
        .flatMap((path) => ownerMenu.filter((item) => item.to === path))
        .map((item) => (item.to === paths.instructors ? { ...item, label: t`My hours` } : item));

  return (
    <ToastProvider>
      <div className="admin">
        <header className="admin-bar">
          <button
            ref={menuButtonRef}
            type="button"
            className="admin-bar__menu"
            aria-expanded={drawerShown}
            aria-controls="admin-menu"
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <span aria-hidden="true">☰</span>
            <span className="visually-hidden">{t`Menu`}</span>
          </button>
          <Link to={paths.admin} className="admin-bar__brand">
            {content.school.name}
          </Link>
          <LanguageSwitch className="admin-bar__language" />
          <button
            type="button"
            className="admin-bar__logout"
            onClick={async () => {
              await signOut();
              goHome();
            }}
          >
            {t`Logout`}
          </button>
        </header>
        <div className="admin__body">
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the key handler is the open drawer's focus trap (Tab stays in the menu and the language link below it), not an action of its own */}
          <div
            ref={drawerRef}
            id="admin-menu"
            className={`admin-menu ${drawerOpen ? "admin-menu--open" : ""}`}
            onKeyDown={drawerShown ? trapTabKey : undefined}
          >
            <nav aria-label={t`Admin`}>
              <ul>
                {menu.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end
                      className={({ isActive }) =>
                        `admin-menu__link ${(item.current ?? isActive) ? "admin-menu__link--current" : ""}`
                      }
                      aria-current={(item.current ?? location.pathname === item.to) ? "page" : undefined}
                      onClick={item.onClick}
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <LanguageSwitch className="admin-menu__language" />
          </div>
          {drawerOpen && (
            <button
              type="button"
              className="admin-menu__scrim"
              aria-label={t`Close menu`}
              tabIndex={-1}
              onClick={closeDrawerToButton}
            />
          )}
          <main id="main" className="admin__main" inert={drawerShown}>
            <Outlet context={{ homeView } satisfies AdminOutletContext} />
          </main>
        </div>
      </div>
    </ToastProvider>
  );
}
