/**
 * What `npm run bench` measures: each request as the page that makes it sends it, who sends it, and which of issue
 * 31's bars it is held to. The bars are read from here alone (report.ts).
 */

/**
 * Who asks: nobody; the owner; a seeded household's first guardian (the account holder); a second guardian of a
 * seeded family with children (the family's pages); an instructor with lessons on the benched day.
 */
export type Caller = "visitor" | "admin" | "client" | "guardian" | "instructor";

/**
 * Which of issue 31's bars a route is held to: a ratio to the bare route by kind, p99 and errors for every one. A
 * "page" is a client page the server draws with the parent's data (docs/decisions/058): HTML, measured when the site
 * is built.
 */
export type RouteKind = "session" | "client read" | "admin list" | "search" | "page" | "other";

/** The least ratio to the bare route each kind must reach (issue 31); "other" has none. */
export const ratioBar: Record<RouteKind, number | null> = {
  session: 0.35,
  "client read": 0.2,
  "admin list": 0.1,
  search: 0.1,
  page: null,
  other: null,
};
/** Every route: p99 at most this (ms), and no error. */
export const p99Bar = 50;
/** A search's p50 at the largest size at most this many times its p50 at the smallest. */
export const searchGrowthBar = 2;

/** The ids a route's address is made of, found in the seeded database. */
export interface BenchIds {
  /** The household of the `client` caller (whose first swimmer has a long history of assessments). */
  clientId: string;
  /** The household of the `guardian` caller: a family with children, credits, milestones and gallery items. */
  familyId: string;
}

export interface Route {
  name: string;
  kind: RouteKind;
  path: (ids: BenchIds) => string;
  as: Caller;
  /**
   * How many rows the answer holds, checked once before the load: a route that answers with none is not measuring
   * what a person waits for, and the run stops. Unset: any 2xx answer will do.
   */
  rows?: (body: Answer) => number;
  /**
   * Asked once before the load, with its time printed: a route that serves a counting it keeps for a while (the
   * overview, the reports) is measured as served, and its first, cold counting is reported beside it.
   */
  warm?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: a JSON answer, read for a count only; a page's HTML as text.
type Answer = any;
/** The answers a drawn page carries for the app (its queries' data): none, and the page was not drawn. */
const drawnAnswers = (html: string) => html.match(/"queryKey":/g)?.length ?? 0;
const items = (body: Answer) => body.items.length;
const bookings = (body: Answer) => body.bookings.length;
const credits = (body: Answer) => body.credits.length;
/** Swimmers the school has started on the curriculum: their skills are what /progress shows. */
const startedSwimmers = (body: Answer) =>
  body.swimmers.filter((swimmer: { started: boolean }) => swimmer.started).length;

const clientPath = (id: string, what: string) => `/api/clients/${id}/${what}`;

export const routes: Route[] = [
  { name: "GET /healthz", kind: "other", path: () => "/healthz", as: "visitor" },
  { name: "GET /api/session, signed in", kind: "session", path: () => "/api/session", as: "admin" },
  {
    name: "GET /api/clients page 1",
    kind: "admin list",
    path: () => "/api/clients",
    as: "admin",
    rows: items,
  },
  {
    name: "GET /api/clients?search=vega",
    kind: "search",
    path: () => "/api/clients?search=vega",
    as: "admin",
    rows: items,
  },
  {
    name: "GET /api/clients?search=zzzz (no match)",
    kind: "search",
    path: () => "/api/clients?search=zzzz",
    as: "admin",
  },
  // One and two letters (issue 31): what an admin types first.
  {
    name: "GET /api/clients?search=g",
    kind: "search",
    path: () => "/api/clients?search=g",
    as: "admin",
    rows: items,
  },
  {
    name: "GET /api/clients?search=ga",
    kind: "search",
    path: () => "/api/clients?search=ga",
    as: "admin",
    rows: items,
  },
  // Short keys few names start with: read from the word tables (decision 043), not along the whole order.
  {
    name: "GET /api/clients?search=zq (no name starts so)",
    kind: "search",
    path: () => "/api/clients?search=zq",
    as: "admin",
  },
  {
    name: "GET /api/clients?search=fe (a few dozen at 1,000)",
    kind: "search",
    path: () => "/api/clients?search=fe",
    as: "admin",
    rows: items,
  },
  {
    name: "Manage Bookings: GET /api/bookings page 1",
    kind: "admin list",
    path: () => "/api/bookings",
    as: "admin",
    rows: items,
  },
  {
    name: "Manage Bookings: GET /api/bookings?search=garcia",
    kind: "search",
    path: () => "/api/bookings?search=garcia",
    as: "admin",
    rows: items,
  },
  {
    name: "Manage Bookings: GET /api/bookings?search=g",
    kind: "search",
    path: () => "/api/bookings?search=g",
    as: "admin",
    rows: items,
  },
  {
    name: "Manage Bookings: GET /api/bookings?search=ga",
    kind: "search",
    path: () => "/api/bookings?search=ga",
    as: "admin",
    rows: items,
  },
  {
    name: "Manage Bookings: GET /api/bookings?search=zq",
    kind: "search",
    path: () => "/api/bookings?search=zq",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=g",
    kind: "search",
    path: () => "/api/bookings/feedback-list?search=g",
    as: "admin",
    rows: items,
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=ga",
    kind: "search",
    path: () => "/api/bookings/feedback-list?search=ga",
    as: "admin",
    rows: items,
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=zq",
    kind: "search",
    path: () => "/api/bookings/feedback-list?search=zq",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=lopez",
    kind: "search",
    path: () => "/api/bookings/feedback-list?search=lopez",
    as: "admin",
    rows: items,
  },
  // The owner's overview (issue 30): as served (counted at most once a minute) and counted afresh each request.
  {
    name: "Overview: GET /api/overview",
    kind: "other",
    path: () => "/api/overview",
    as: "admin",
    warm: true,
  },
  {
    name: "Overview counted afresh: GET /api/overview?fresh=1",
    kind: "other",
    path: () => "/api/overview?fresh=1",
    as: "admin",
  },
  {
    name: "Reports: GET /api/reports (12 months)",
    kind: "other",
    path: () => "/api/reports",
    as: "admin",
    warm: true,
  },
  // Edit Client's class credits: the owner's list of one household's credits.
  {
    name: "Edit Client credits (owner): GET /api/clients/:id/credits",
    kind: "admin list",
    path: ({ familyId }) => clientPath(familyId, "credits"),
    as: "admin",
    rows: credits,
  },
  {
    name: "Dashboard: GET /api/clients/:id/bookings",
    kind: "client read",
    path: ({ clientId }) => clientPath(clientId, "bookings"),
    as: "client",
    rows: bookings,
  },
  {
    name: "Payments: GET /api/subscriptions/used-classes/:id",
    kind: "client read",
    path: ({ clientId }) => `/api/subscriptions/used-classes/${clientId}`,
    as: "client",
  },
  {
    name: "/progress for a swimmer with 200 assessments: GET /api/clients/:id/progress",
    kind: "client read",
    path: ({ clientId }) => clientPath(clientId, "progress"),
    as: "client",
    rows: startedSwimmers,
  },
  // The family dashboard (/client-panel) as a second guardian of a family with children: every call it makes on
  // load besides /api/session. Its bookings answer also serves /feedback and /progress's calendar.
  {
    name: "Family dashboard (guardian): GET /api/clients/:id/bookings",
    kind: "client read",
    path: ({ familyId }) => clientPath(familyId, "bookings"),
    as: "guardian",
    rows: bookings,
  },
  {
    name: "Family dashboard (guardian): GET /api/clients/:id/credits",
    kind: "client read",
    path: ({ familyId }) => clientPath(familyId, "credits"),
    as: "guardian",
    rows: credits,
  },
  {
    name: "Family dashboard (guardian): GET /api/clients/:id/reminders",
    kind: "client read",
    path: ({ familyId }) => clientPath(familyId, "reminders"),
    as: "guardian",
  },
  {
    name: "Family dashboard (guardian): GET /api/clients/:id/calendar-feed",
    kind: "client read",
    path: ({ familyId }) => clientPath(familyId, "calendar-feed"),
    as: "guardian",
  },
  {
    name: "Family /progress skills (guardian): GET /api/clients/:id/progress",
    kind: "client read",
    path: ({ familyId }) => clientPath(familyId, "progress"),
    as: "guardian",
    rows: startedSwimmers,
  },
  {
    name: "Family /milestones (guardian): GET /api/clients/:id/milestones?page=1",
    kind: "client read",
    path: ({ familyId }) => `${clientPath(familyId, "milestones")}?page=1`,
    as: "guardian",
    rows: items,
  },
  {
    name: "Family /gallery (guardian): GET /api/clients/:id/gallery?page=1",
    kind: "client read",
    path: ({ familyId }) => `${clientPath(familyId, "gallery")}?page=1`,
    as: "guardian",
    rows: items,
  },
  // The pages a parent opens most, drawn by the server with their family's data: its render, and the in-process
  // answers it draws from, are the costliest work a page load asks of the server.
  {
    name: "Family dashboard page drawn (guardian): GET /client-panel",
    kind: "page",
    path: () => "/client-panel",
    as: "guardian",
    rows: drawnAnswers,
  },
  {
    name: "Family /progress page drawn (guardian): GET /progress",
    kind: "page",
    path: () => "/progress",
    as: "guardian",
    rows: drawnAnswers,
  },
  // An instructor's day as /today first asks for it: no date (the school's today), their own lessons. A staff
  // member's list, so held to the admin lists' bar.
  {
    name: "/today (instructor): GET /api/today",
    kind: "admin list",
    path: () => "/api/today",
    as: "instructor",
    rows: (body) => body.lessons.length,
  },
];
