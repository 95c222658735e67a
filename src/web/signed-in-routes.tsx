import { msg } from "@lingui/core/macro";
import type { RouteObject } from "react-router";
import { localCheckoutRoute, paths, sharedCertificateRoute } from "../domain/paths.ts";
import { RouteGuard } from "./auth/route-guard.tsx";
import { addCatalogues } from "./i18n/catalogues.ts";

/**
 * Routes rendered in the browser only. Every page here is a lazy route, so its code is a chunk of its own that a
 * visitor of the public pages never downloads. The guard decides before any page renders. Titles are messages
 * (`msg`), translated when the page is shown, in its language.
 */

/**
 * Guarded by the route guard, then given the signed-in pages' one query cache. The cache is a lazy route of its
 * own, so TanStack Query never reaches the public pages' bundle.
 */
const signedIn = (children: RouteObject[]): RouteObject => ({
  element: <RouteGuard />,
  children: [
    {
      lazy: () => import("./api/query-layout.tsx").then((m) => ({ Component: m.QueryLayout })),
      children,
    },
  ],
});

/**
 * The payments page: the header menu links to /payments and the dashboard tile to /manage-payments (spec §2). One
 * page, one name for people wherever it is named (tile, menu, hints, title): Manage Payments, the tile's words, as
 * the page is where a package is bought and a subscription canceled (issue 24).
 */
const paymentsRoute = (path: string): RouteObject => ({
  path,
  lazy: () => import("./client/payments/payments-page.tsx").then((m) => ({ Component: m.PaymentsPage })),
  handle: {
    meta: {
      title: msg`Manage Payments`,
      description: msg`Choose your class package and manage your subscription.`,
    },
  },
});

/** Under the public site layout: the password pages and the client area. */
export const siteShellRoutes: RouteObject[] = [
  {
    path: paths.resetPassword,
    lazy: () => import("./auth/password-pages.tsx").then((m) => ({ Component: m.ResetPasswordPage })),
    handle: { meta: { title: msg`Reset password`, description: msg`Choose a new password.` } },
  },
  {
    path: paths.acceptInvitation,
    lazy: () =>
      import("./auth/accept-invitation-page.tsx").then((m) => ({ Component: m.AcceptInvitationPage })),
    handle: {
      meta: {
        title: msg`Accept invitation`,
        description: msg`Open your guardian account and choose a password.`,
      },
    },
  },
  {
    path: paths.newsletterConfirm,
    lazy: () =>
      import("./public/newsletter/newsletter-link-pages.tsx").then((m) => ({
        Component: m.NewsletterConfirmPage,
      })),
    handle: {
      meta: { title: msg`Newsletter subscription`, description: msg`Confirm your newsletter subscription.` },
    },
  },
  {
    path: paths.newsletterUnsubscribe,
    lazy: () =>
      import("./public/newsletter/newsletter-link-pages.tsx").then((m) => ({
        Component: m.NewsletterUnsubscribePage,
      })),
    handle: { meta: { title: msg`Unsubscribe`, description: msg`Leave the newsletter.` } },
  },
  {
    // A certificate a family shares: anyone with the link, signed out (issue 28, docs/decisions/027).
    path: sharedCertificateRoute,
    lazy: () =>
      import("./public/certificate/shared-certificate-page.tsx").then((m) => ({
        Component: m.SharedCertificatePage,
      })),
    handle: {
      meta: { title: msg`Certificate`, description: msg`A swimming certificate, shared by a family.` },
    },
  },
  signedIn([
    {
      path: paths.changePassword,
      lazy: () => import("./auth/password-pages.tsx").then((m) => ({ Component: m.ChangePasswordPage })),
      handle: { meta: { title: msg`Choose your password`, description: msg`Choose your own password.` } },
    },
    {
      path: paths.clientPanel,
      lazy: () => import("./client/client-panel-page.tsx").then((m) => ({ Component: m.ClientPanelPage })),
      handle: { meta: { title: msg`My swim lessons`, description: msg`Your classes, progress and photos.` } },
    },
    {
      path: paths.progress,
      lazy: () => import("./client/progress/progress-page.tsx").then((m) => ({ Component: m.ProgressPage })),
      handle: {
        meta: { title: msg`Class Progress`, description: msg`Your booked classes and your package.` },
      },
    },
    {
      path: paths.feedback,
      lazy: () => import("./client/feedback/feedback-page.tsx").then((m) => ({ Component: m.FeedbackPage })),
      handle: {
        meta: { title: msg`View Feedback`, description: msg`Your instructor's feedback for each class.` },
      },
    },
    {
      path: paths.milestones,
      lazy: () =>
        import("./client/milestones/milestones-page.tsx").then((m) => ({ Component: m.MilestonesPage })),
      handle: { meta: { title: msg`Milestones`, description: msg`Your milestone photos.` } },
    },
    {
      path: paths.gallery,
      lazy: () => import("./client/gallery/gallery-page.tsx").then((m) => ({ Component: m.GalleryPage })),
      handle: { meta: { title: msg`Gallery`, description: msg`Your swim photos and videos.` } },
    },
    paymentsRoute(paths.payments),
    paymentsRoute(paths.managePayments),
    {
      path: localCheckoutRoute,
      lazy: () =>
        import("./client/payments/local-checkout-page.tsx").then((m) => ({ Component: m.LocalCheckoutPage })),
      handle: { meta: { title: msg`Checkout`, description: msg`Pay for your class package.` } },
    },
    {
      path: paths.family,
      lazy: () => import("./client/family/family-page.tsx").then((m) => ({ Component: m.FamilyPage })),
      handle: {
        meta: {
          title: msg`Family and guardians`,
          description: msg`Who signs in for your family, and what they may do.`,
        },
      },
    },
    {
      path: paths.contract,
      lazy: () => import("./client/contract/contract-page.tsx").then((m) => ({ Component: m.ContractPage })),
      handle: { meta: { title: msg`View Contract`, description: msg`Your swim-lesson contract form.` } },
    },
  ]),
];

/** The admin area, with its own chrome instead of the public header and footer. */
export const adminRoutes: RouteObject[] = [
  signedIn([
    {
      // The admin's words come with its chrome: an admin who signed in on a page of the app shell (whose start
      // loaded the client area's only) gets them before the first admin page paints.
      lazy: () =>
        Promise.all([import("./admin/layout/admin-layout.tsx"), addCatalogues(["admin"])]).then(([m]) => ({
          Component: m.AdminLayout,
        })),
      children: [
        {
          path: paths.admin,
          lazy: () =>
            import("./admin/home/admin-home-page.tsx").then((m) => ({
              Component: m.AdminHomePage,
            })),
          handle: { meta: { title: msg`Admin`, description: msg`Register clients and book classes.` } },
        },
        {
          path: paths.overview,
          lazy: () =>
            import("./admin/overview/overview-page.tsx").then((m) => ({ Component: m.OverviewPage })),
          handle: {
            meta: { title: msg`Overview`, description: msg`The school at a glance, and what needs you.` },
          },
        },
        {
          path: paths.reports,
          lazy: () => import("./admin/reports/reports-page.tsx").then((m) => ({ Component: m.ReportsPage })),
          handle: {
            meta: {
              title: msg`Reports`,
              description: msg`Sales, classes, attendance and progress by month.`,
            },
          },
        },
        {
          path: paths.clientsList,
          lazy: () =>
            import("./admin/clients/clients-list-page.tsx").then((m) => ({ Component: m.ClientsListPage })),
          handle: { meta: { title: msg`Clients`, description: msg`The school's clients.` } },
        },
        {
          path: paths.adminNewsletter,
          lazy: () =>
            import("./admin/newsletter/newsletter-page.tsx").then((m) => ({ Component: m.NewsletterPage })),
          handle: {
            meta: { title: msg`Newsletter`, description: msg`The newsletter's confirmed subscribers.` },
          },
        },
        {
          path: paths.instructors,
          lazy: () =>
            import("./admin/instructors/instructors-page.tsx").then((m) => ({
              Component: m.InstructorsPage,
            })),
          handle: {
            meta: { title: msg`Instructors`, description: msg`The school's instructors and their accounts.` },
          },
        },
        {
          path: paths.curriculum,
          lazy: () =>
            import("./admin/curriculum/curriculum-page.tsx").then((m) => ({ Component: m.CurriculumPage })),
          handle: {
            meta: {
              title: msg`Curriculum`,
              description: msg`The school's swim levels, their skills and the rating scale.`,
            },
          },
        },
        {
          path: paths.certificates,
          lazy: () =>
            import("./admin/certificates/certificates-page.tsx").then((m) => ({
              Component: m.CertificatesPage,
            })),
          handle: {
            meta: {
              title: msg`Certificates`,
              description: msg`Approve the certificates of the levels swimmers passed.`,
            },
          },
        },
        {
          path: paths.auditLog,
          lazy: () =>
            import("./admin/audit-log/audit-log-page.tsx").then((m) => ({ Component: m.AuditLogPage })),
          handle: {
            meta: {
              title: msg`Audit log`,
              description: msg`Who changed what in the school's data, and when.`,
            },
          },
        },
        {
          path: paths.adminSettings,
          lazy: () =>
            import("./admin/settings/school-settings-page.tsx").then((m) => ({
              Component: m.SchoolSettingsPage,
            })),
          handle: {
            meta: {
              title: msg`School settings`,
              description: msg`The school's contacts, contract form, social profile and reels.`,
            },
          },
        },
        {
          path: paths.today,
          lazy: () => import("./admin/today/today-page.tsx").then((m) => ({ Component: m.TodayPage })),
          handle: {
            meta: { title: msg`Today`, description: msg`Your lessons of the day, with or without signal.` },
          },
        },
        {
          path: paths.weatherDay,
          lazy: () =>
            import("./admin/weather-day/weather-day-page.tsx").then((m) => ({ Component: m.WeatherDayPage })),
          handle: {
            meta: {
              title: msg`Weather day`,
              description: msg`Cancel a day's classes for the weather, each family credited and mailed.`,
            },
          },
        },
        {
          path: paths.manageBookings,
          lazy: () =>
            import("./admin/bookings/manage-bookings-page.tsx").then((m) => ({
              Component: m.ManageBookingsPage,
            })),
          handle: {
            meta: { title: msg`Manage Bookings`, description: msg`Edit and delete class bookings.` },
          },
        },
        {
          path: paths.adminFeedback,
          lazy: () =>
            import("./admin/feedback/admin-feedback-page.tsx").then((m) => ({
              Component: m.AdminFeedbackPage,
            })),
          handle: {
            meta: { title: msg`Add Feedback`, description: msg`Write feedback for each booked class.` },
          },
        },
        {
          path: paths.adminMilestones,
          lazy: () =>
            import("./admin/milestones/admin-milestones-page.tsx").then((m) => ({
              Component: m.AdminMilestonesPage,
            })),
          handle: {
            meta: { title: msg`Add Milestones`, description: msg`Upload milestone photos for a client.` },
          },
        },
        {
          path: paths.adminGallery,
          lazy: () =>
            import("./admin/gallery/admin-gallery-page.tsx").then((m) => ({ Component: m.AdminGalleryPage })),
          handle: {
            meta: {
              title: msg`Gallery`,
              description: msg`Upload gallery pictures and video links for a client.`,
            },
          },
        },
      ],
    },
  ]),
];
