/** One table of paths: links, the router, the route guard and the server's page list all read it. */
export const paths = {
  home: "/",
  services: "/services",
  about: "/about",
  ourTeam: "/our-team",
  contact: "/contact",
  shop: "/shop",
  cart: "/cart",
  resetPassword: "/reset-password",
  changePassword: "/change-password",

  clientPanel: "/client-panel",
  progress: "/progress",
  feedback: "/feedback",
  milestones: "/milestones",
  gallery: "/gallery",
  payments: "/payments",
  managePayments: "/manage-payments",
  contract: "/contract",

  admin: "/admin",
  manageBookings: "/manage-bookings",
  adminFeedback: "/admin-feedback",
  adminMilestones: "/admin-milestones",
  adminGallery: "/admin-gallery",
  clientsList: "/clients-list",
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

/** The only guarded paths a client may open (spec §2 "Route guard"). */
export const clientPaths: readonly AppPath[] = [
  paths.clientPanel,
  paths.feedback,
  paths.progress,
  paths.milestones,
  paths.gallery,
  paths.payments,
  paths.contract,
];

export const adminPaths: readonly AppPath[] = [
  paths.admin,
  paths.manageBookings,
  paths.adminFeedback,
  paths.adminMilestones,
  paths.adminGallery,
  paths.clientsList,
];

/** Rendered in the browser only, behind the guard. */
export const guardedPaths: readonly AppPath[] = [...clientPaths, paths.managePayments, ...adminPaths];

/** Rendered in the browser from the app shell: the guarded pages and the password pages. */
export const shellPaths: readonly AppPath[] = [...guardedPaths, paths.resetPassword, paths.changePassword];
