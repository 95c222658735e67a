import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import content from "../../../content/site.json";
import { signOut, useAuth } from "../../auth/auth-store.ts";
import { useIdleSignOut } from "../../auth/idle-sign-out.ts";
import { ToastProvider } from "../../components/toast/toast.tsx";
import { paths } from "../../paths.ts";
import "../admin.css";
import "./admin-layout.css";

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 10_000 } } });

export const SHOW_BOOKING_PARAM = "showBooking";

/** Admin chrome (spec §2): top bar with the brand and Logout, side menu as a drawer at ≤ 768 px, sidebar above. */
export function AdminLayout() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const goHome = useCallback(() => navigate(paths.home, { replace: true }), [navigate]);
  useIdleSignOut(auth.status === "admin", goHome);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes whenever the page changes
  useEffect(() => setDrawerOpen(false), [location.pathname, location.search]);

  const onAdmin = location.pathname === paths.admin;
  const showBooking = onAdmin && searchParams.get(SHOW_BOOKING_PARAM) === "true";
  const menu = [
    { label: "Register Client", to: paths.admin, current: onAdmin && !showBooking },
    { label: "Create Booking", to: `${paths.admin}?${SHOW_BOOKING_PARAM}=true`, current: showBooking },
    { label: "Clients", to: paths.clientsList },
    { label: "Manage Bookings", to: paths.manageBookings },
    { label: "Add Feedback", to: paths.adminFeedback },
    { label: "Add Milestones", to: paths.adminMilestones },
    { label: "Gallery", to: paths.adminGallery },
  ];

  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <div className="admin">
          <header className="admin-bar">
            <button
              type="button"
              className="admin-bar__menu"
              aria-expanded={drawerOpen}
              aria-controls="admin-menu"
              onClick={() => setDrawerOpen((open) => !open)}
            >
              <span aria-hidden="true">☰</span>
              <span className="visually-hidden">Menu</span>
            </button>
            <Link to={paths.admin} className="admin-bar__brand">
              {content.school.name}
            </Link>
            <button
              type="button"
              className="admin-bar__logout"
              onClick={async () => {
                await signOut();
                goHome();
              }}
            >
              Logout
            </button>
          </header>
          <div className="admin__body">
            <nav
              id="admin-menu"
              className={`admin-menu ${drawerOpen ? "admin-menu--open" : ""}`}
              aria-label="Admin"
            >
              <ul>
                {menu.map((item) => (
                  <li key={item.label}>
                    <NavLink
                      to={item.to}
                      end
                      className={({ isActive }) =>
                        `admin-menu__link ${(item.current ?? isActive) ? "admin-menu__link--current" : ""}`
                      }
                      aria-current={(item.current ?? location.pathname === item.to) ? "page" : undefined}
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {drawerOpen && (
              <button
                type="button"
                className="admin-menu__scrim"
                aria-label="Close menu"
                onClick={() => setDrawerOpen(false)}
              />
            )}
            <main id="main" className="admin__main">
              <Outlet />
            </main>
          </div>
        </div>
      </ToastProvider>
    </QueryClientProvider>
  );
}
