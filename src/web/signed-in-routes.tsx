import type { RouteObject } from "react-router";
import { RouteGuard } from "./auth/route-guard.tsx";
import { paths } from "./paths.ts";

/**
 * Routes rendered in the browser only. Every page here is a lazy route, so its code is a chunk of its own that a
 * visitor of the public pages never downloads. The guard decides before any page renders.
 */

/** A guarded path whose page comes with a later release: guarded like the rest, and honest about it. */
const comingLater = (path: string, title: string, release: string): RouteObject => ({
  path,
  lazy: () =>
    import("./components/coming-later-page.tsx").then((m) => ({
      Component: () => <m.ComingLaterPage title={title} release={release} />,
    })),
  handle: { meta: { title, description: title } },
});

/** Under the public site layout: the password pages and the client area. */
export const siteShellRoutes: RouteObject[] = [
  {
    path: paths.resetPassword,
    lazy: () => import("./auth/password-pages.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
    handle: { meta: { title: "Reset password", description: "Choose a new password." } },
  },
  {
    element: <RouteGuard />,
    children: [
      {
        path: paths.changePassword,
        lazy: () => import("./auth/password-pages.tsx").then((m) => ({ Component: m.ChangePasswordPage })),
        handle: { meta: { title: "Choose your password", description: "Choose your own password." } },
      },
      {
        path: paths.clientPanel,
        lazy: () => import("./client/client-panel-page.tsx").then((m) => ({ Component: m.ClientPanelPage })),
        handle: { meta: { title: "My swim lessons", description: "Your classes, progress and photos." } },
      },
      comingLater(paths.progress, "Class Progress", "bookings"),
      comingLater(paths.feedback, "View Feedback", "bookings"),
      comingLater(paths.milestones, "Milestones", "media"),
      comingLater(paths.gallery, "Gallery", "media"),
      comingLater(paths.payments, "Choose your class package", "payments"),
      comingLater(paths.managePayments, "Manage Payments", "payments"),
      comingLater(paths.contract, "View Contract", "payments"),
    ],
  },
];

/** The admin area, with its own chrome instead of the public header and footer. */
export const adminRoutes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      {
        lazy: () => import("./admin/layout/admin-layout.tsx").then((m) => ({ Component: m.AdminLayout })),
        children: [
          {
            path: paths.admin,
            lazy: () =>
              import("./admin/register-client/register-client-page.tsx").then((m) => ({
                Component: m.AdminHomePage,
              })),
            handle: { meta: { title: "Admin", description: "Register clients and book classes." } },
          },
          {
            path: paths.clientsList,
            lazy: () =>
              import("./admin/clients/clients-list-page.tsx").then((m) => ({ Component: m.ClientsListPage })),
            handle: { meta: { title: "Clients", description: "The school's clients." } },
          },
          comingLater(paths.manageBookings, "Manage Bookings", "bookings"),
          comingLater(paths.adminFeedback, "Add Feedback", "bookings"),
          comingLater(paths.adminMilestones, "Add Milestones", "media"),
          comingLater(paths.adminGallery, "Gallery", "media"),
        ],
      },
    ],
  },
];
