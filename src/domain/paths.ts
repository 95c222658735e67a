/**
 * One table of paths, shared by the web app and the server: links, the router, the route guard, the server's page
 * list and app shell, and the links in mails all read it.
 */
export const paths = {
  home: "/",
  services: "/services",
  about: "/about",
  ourTeam: "/our-team",
  contact: "/contact",
  shop: "/shop",
  cart: "/cart",
  resetPassword: "/reset-password",
  acceptInvitation: "/accept-invitation",
  changePassword: "/change-password",
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",

  clientPanel: "/client-panel",
  progress: "/progress",
  feedback: "/feedback",
  milestones: "/milestones",
  gallery: "/gallery",
  payments: "/payments",
  managePayments: "/manage-payments",
  contract: "/contract",
  family: "/family",

  admin: "/admin",
  manageBookings: "/manage-bookings",
  adminFeedback: "/admin-feedback",
  adminMilestones: "/admin-milestones",
  adminGallery: "/admin-gallery",
  clientsList: "/clients-list",
  adminNewsletter: "/admin-newsletter",
  adminSettings: "/admin-settings",
  instructors: "/instructors",
  /** The staff member's day on a phone, offline too (issue 27, docs/decisions/023). */
  today: "/today",
  curriculum: "/curriculum",
  /** The owner, or an instructor for their own lessons, cancels a day's classes for the weather (docs/decisions/034). */
  weatherDay: "/weather-day",
  /** The owner approves the certificates of levels passed (issue 28, docs/decisions/027). */
  certificates: "/certificates",
  /** Who changed what, the owner's (issue 30, docs/decisions/036). */
  auditLog: "/audit-log",
  /** The owner's landing page: the school at a glance; an instructor's own lessons (issue 30, docs/decisions/035). */
  overview: "/overview",
  /** The owner's reports by month, with charts and CSV (issue 30). */
  reports: "/reports",
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Prerendered to HTML at build time. */
export const publicPaths: readonly AppPath[] = [
  paths.home,
  paths.services,
  paths.about,
  paths.ourTeam,
  paths.contact,
  paths.shop,
  paths.cart,
];

/**
 * The only guarded paths a client may open (spec §2 "Route guard"), plus /manage-payments: the dashboard tile links
 * there and the header menu to /payments, so both serve the payments page.
 */
export const clientPaths: readonly AppPath[] = [
  paths.clientPanel,
  paths.feedback,
  paths.progress,
  paths.milestones,
  paths.gallery,
  paths.payments,
  paths.managePayments,
  paths.contract,
  paths.family,
];

/**
 * The local checkout page (docs/decisions/006): one address per checkout session, opened by its client or an
 * admin. `localCheckoutRoute` is the router's pattern; `isLocalCheckoutPath` tells whether an address is one
 * (the route guard and the server's app shell read it). Links are built by `localCheckoutPath` in
 * domain/subscriptions.ts.
 */
export const localCheckoutRoute = "/checkout/local/:sessionId";
const localCheckoutAddress = /^\/checkout\/local\/[A-Za-z0-9_-]{1,255}$/;
export const isLocalCheckoutPath = (pathname: string) => localCheckoutAddress.test(pathname);

export const adminPaths: readonly AppPath[] = [
  paths.admin,
  paths.manageBookings,
  paths.adminFeedback,
  paths.adminMilestones,
  paths.adminGallery,
  paths.clientsList,
  paths.adminNewsletter,
  paths.adminSettings,
  paths.instructors,
  paths.today,
  paths.curriculum,
  paths.certificates,
  paths.weatherDay,
  paths.auditLog,
  paths.overview,
  paths.reports,
];

/**
 * The admin-area pages an instructor may open (docs/decisions/021, 023, 024): their day, Manage Bookings and Add
 * Feedback, which show them their own lessons only, and /instructors, which shows them their own hours and time off.
 * The first is where they land.
 */
export const instructorPaths: readonly AppPath[] = [
  paths.today,
  paths.overview,
  paths.manageBookings,
  paths.adminFeedback,
  paths.instructors,
  paths.weatherDay,
];

/**
 * Where a signed-in person lands: the owner on the overview (issue 30; /admin keeps the spec's Register Client and
 * Create Booking), an instructor on their day, a client on the dashboard.
 */
export const homeOf = (role: "admin" | "instructor" | "client"): AppPath =>
  role === "admin" ? paths.overview : role === "instructor" ? paths.today : paths.clientPanel;

/**
 * A certificate a family shares (issue 28, docs/decisions/027): one signed-out address per share link, its token in
 * the path. `sharedCertificateRoute` is the router's pattern; links are built by `sharedCertificatePath`.
 */
export const sharedCertificateRoute = "/certificate/:token";
export const sharedCertificatePath = (token: string) => `/certificate/${token}`;
const sharedCertificateAddress = /^\/certificate\/[A-Za-z0-9_-]{43}$/;
export const isSharedCertificatePath = (pathname: string) => sharedCertificateAddress.test(pathname);

/** Rendered in the browser only, behind the guard. */
export const guardedPaths: readonly AppPath[] = [...clientPaths, ...adminPaths];

/** Rendered in the browser from the app shell: the guarded pages and the password pages. */
export const shellPaths: readonly AppPath[] = [
  ...guardedPaths,
  paths.resetPassword,
  paths.acceptInvitation,
  paths.changePassword,
  paths.newsletterConfirm,
  paths.newsletterUnsubscribe,
];

const shell = new Set<string>(shellPaths);

/**
 * The addresses rendered in the browser from the app shell (app.html): the signed-in pages, the password and
 * newsletter-link pages, the local checkout and a shared certificate. The server answers them with the shell; a prerendered public page
 * reaches them with a full page load, since its lighter router knows only the public pages.
 */
export function opensInAppShell(pathname: string): boolean {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return shell.has(route) || isLocalCheckoutPath(route) || isSharedCertificatePath(route);
}

/** Every query parameter a page reads: pages read them by these names and links are built by the helpers below. */
export const queryParams = {
  /** /admin?showBooking=true opens the Create Booking view (spec §2). */
  showBooking: "showBooking",
  /** /reset-password?token=… from the reset mail; /accept-invitation, /newsletter/confirm and /newsletter/unsubscribe too. */
  token: "token",
  /** /clients-list?q=…&p=…: the search text and page live in the address, so reload and Back keep them. */
  clientSearch: "q",
  clientPage: "p",
  /** /milestones and /gallery: ?month=1…12&year=YYYY&type=image|video&p=N (absent month or type: all). */
  mediaMonth: "month",
  mediaYear: "year",
  mediaType: "type",
  mediaPage: "p",
  /** /progress, /feedback, /milestones, /gallery of a household of several swimmers: ?swimmer=<id> (absent: all). */
  swimmer: "swimmer",
  /** /feedback?month=1…12&year=YYYY (absent: All Months, All Years). */
  feedbackMonth: "month",
  feedbackYear: "year",
  /**
   * /today?for=YYYY-MM-DD&teacher=<id>&lesson=<id> (absent day: the school's today; absent teacher: oneself; a
   * lesson: that lesson's screen). Not "date" and "instructor": those words are strings of their own elsewhere.
   */
  todayDate: "for",
  todayInstructor: "teacher",
  todayLesson: "lesson",
  /** /weather-day?when=YYYY-MM-DD: the day the form starts on (/today links with its own). */
  weatherDayDate: "when",
} as const;

const withQuery = (path: AppPath, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;

/** The side menu's Create Booking link from any other admin page. */
export const createBookingPath = withQuery(paths.admin, { [queryParams.showBooking]: "true" });

export function showsCreateBooking(search: URLSearchParams): boolean {
  return search.get(queryParams.showBooking) === "true";
}

/** A day on /today, of an instructor the owner switched to (none: the signed-in person's own). */
export function todayPath(date: string, instructorId?: string | null): string {
  return withQuery(paths.today, {
    [queryParams.todayDate]: date,
    ...(instructorId ? { [queryParams.todayInstructor]: instructorId } : {}),
  });
}

/** /weather-day starting on `date`. */
export function weatherDayPath(date: string): string {
  return withQuery(paths.weatherDay, { [queryParams.weatherDayDate]: date });
}

/** The page the password-reset mail links to (prefix the site's public URL). */
export function resetPasswordPath(token: string): string {
  return withQuery(paths.resetPassword, { [queryParams.token]: token });
}

/** The page the guardian invitation mail links to (prefix the site's public URL). */
export function acceptInvitationPath(token: string): string {
  return withQuery(paths.acceptInvitation, { [queryParams.token]: token });
}

/** The pages the newsletter mails link to (prefix the site's public URL). */
export function newsletterConfirmPath(token: string): string {
  return withQuery(paths.newsletterConfirm, { [queryParams.token]: token });
}

export function newsletterUnsubscribePath(token: string): string {
  return withQuery(paths.newsletterUnsubscribe, { [queryParams.token]: token });
}
