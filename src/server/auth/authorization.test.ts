import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  clientPassword,
  sessionUserOf,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import {
  addGuardian,
  addPassedLevel,
  createBooking,
  passwordHashOf,
} from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import { defaultPolicy } from "../../domain/policy.ts";
import { issueCredit } from "../credits/service.ts";
import type { Db } from "../db/database.ts";
import { contentSettings } from "../settings/service.ts";

/**
 * Every /api route of the app, called as a visitor, client A, client B, an admin (the owner), a second guardian of A's
 * household who may only see progress (guardianA2), a guardian removed from A's household whose session cookie is
 * still in the browser (removed), and two instructors (docs/decisions/021): I1 teaches a lesson of A's household, I2
 * one of B's. An instructor is refused every route of the owner's and of the households' own pages, payments
 * included, unless a route says otherwise; the owner's lists show them only their own lessons (instructors.test.ts). The list of routes is read from the app itself: a route that is missing here fails the first
 * test, so a new route cannot skip this matrix. A guardian reaches only their household's rows, and there only what
 * their permissions allow (the ownership guard); an admin every row.
 */
type Caller =
  | "visitor"
  | "clientA"
  | "clientB"
  | "admin"
  | "guardianA2"
  | "removed"
  | "instructorI1"
  | "instructorI2";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
const accounts = {} as Record<Exclude<Caller, "visitor">, TestAccount>;
let victims: Record<Caller, string>;
/** I1's lesson in A's household (issue 27's /today). */
let lessonOfI1: number;
/** A credit of A's household, for the owner to void. */
let creditOfA: number;
/** A request to move I1's lesson of A's household, already declined (issue 29's reschedules). */
let rescheduleOfA: number;
let registered = 0;
const callers: Caller[] = [
  "visitor",
  "clientA",
  "clientB",
  "admin",
  "guardianA2",
  "removed",
  "instructorI1",
  "instructorI2",
];

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  // Six callers, each once per route: the per-address limits (contact, newsletter, reset: five) must not answer first.
  t = buildTestApp(db, { env: { CONTACT_RATE_LIMIT: "20", PASSWORD_RESET_RATE_LIMIT: "20" } });
  accounts.admin = await signedInAdmin(t);
  accounts.clientA = await signedInClient(t, { firstName: "Alice", lastName: "A" });
  accounts.clientB = await signedInClient(t, { firstName: "Bob", lastName: "B" });
  accounts.guardianA2 = await guardianOfA({ book: false, pay: false });
  accounts.removed = await guardianOfA({});
  await db.deleteFrom("guardian").where("userId", "=", accounts.removed.id).execute();
  accounts.instructorI1 = await signedInInstructor(t, { name: "Ivy One" });
  accounts.instructorI2 = await signedInInstructor(t, { name: "Ian Two" });
  const bookingOfA = await createBooking(db, {
    clientId: accounts.clientA.id,
    dates: [{ date: "2030-01-07", instructorId: accounts.instructorI1.id }],
    // On an ended plan: A buys a package below.
    status: "cancelled",
  });
  lessonOfI1 = bookingOfA.lessonIds["2030-01-07"] as number;
  creditOfA = (
    await db.transaction().execute((trx) =>
      issueCredit(trx, {
        householdId: accounts.clientA.id,
        swimmerId: null,
        kind: "school",
        reason: "Instructor ill",
        expiresOn: "2030-12-31",
        issuedByUserId: accounts.admin.id,
        now: t.clock.now(),
        timeZone: t.config.TZ_SCHOOL,
      }),
    )
  ).id;
  rescheduleOfA = (
    await db
      .insertInto("lessonReschedule")
      .values({
        lessonId: lessonOfI1,
        fromDate: "2030-01-07",
        fromStartTime: null,
        toDate: "2030-01-08",
        toStartTime: "10:00",
        requestedByUserId: accounts.clientA.id,
        requestedAt: t.clock.now().toISOString(),
        status: "declined",
        decidedByUserId: accounts.admin.id,
        decidedAt: t.clock.now().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await createBooking(db, {
    clientId: accounts.clientB.id,
    dates: [{ date: "2030-01-07", instructorId: accounts.instructorI2.id }],
    status: "cancelled",
  });
  // Refused at its next request, which also ends the session: from then on the cookie names no one (401 below).
  const refused = await call(t, "GET", `/api/clients/${accounts.clientA.id}/bookings`, {
    cookie: accounts.removed.cookie,
  });
  expect(refused.status).toBe(403);
  // One client per caller for DELETE, so that the admin's deletion does not hide what the others could do.
  victims = {} as Record<Caller, string>;
  for (const caller of callers) {
    victims[caller] = (await signedInClient(t, { firstName: "Victim", lastName: caller })).id;
  }
});
afterAll(() => testDb.close());

/** A second guardian of client A's household, signed in. */
async function guardianOfA(permissions: Partial<GuardianPermissions>): Promise<TestAccount> {
  const guardian = await addGuardian(db, {
    clientId: accounts.clientA.id,
    permissions,
    passwordHash: await passwordHashOf(t.auth, clientPassword),
  });
  const { cookie } = await signIn(t, guardian.email, clientPassword);
  return { id: guardian.id, email: guardian.email, password: clientPassword, cookie };
}

interface RouteCase {
  /** The route as the app registers it: method and path pattern. */
  route: string;
  name: string;
  method: string;
  path: (caller: Caller) => string;
  body?: (caller: Caller) => unknown;
  headers?: (caller: Caller) => Record<string, string>;
  /** An instructor left out is refused (403). */
  expected: Record<Exclude<Caller, "instructorI1" | "instructorI2">, number> &
    Partial<Record<"instructorI1" | "instructorI2", number>>;
}

/** The instructors' answers where a route lets them through. */
const instructors = (i1: number, i2 = i1) => ({ instructorI1: i1, instructorI2: i2 });

const adminOnly = (ok: number) => ({
  visitor: 401,
  clientA: 403,
  clientB: 403,
  admin: ok,
  guardianA2: 403,
  removed: 401,
});
const signedIn = (ok: number) => ({
  visitor: 401,
  clientA: ok,
  clientB: ok,
  admin: ok,
  guardianA2: ok,
  removed: 401,
  ...instructors(ok),
});
const anyone = (status: number) => ({
  visitor: status,
  clientA: status,
  clientB: status,
  admin: status,
  guardianA2: status,
  removed: status,
  ...instructors(status),
});
/** The staff's routes: the owner and both instructors (each then limited to their own lessons). */
const staff = (ok: number) => ({ ...adminOnly(ok), ...instructors(ok) });
/** Client A's household's rows: its guardians and the admin pass the ownership guard, B does not. */
const ownerA = (ok: number) => ({
  visitor: 401,
  clientA: ok,
  clientB: 403,
  admin: ok,
  guardianA2: ok,
  removed: 401,
});
/** Client A's household's payments: as ownerA, but only for a guardian allowed to pay. */
const payerA = (ok: number) => ({ ...ownerA(ok), guardianA2: 403 });
/** Client A's household's class credits: as ownerA, but only for a guardian allowed to book (guardianA2 is not). */
const bookerA = (ok: number) => ({ ...ownerA(ok), guardianA2: 403 });

const routes: RouteCase[] = [
  {
    route: "POST /api/session/sign-in",
    name: "/api/session/sign-in (unknown email)",
    method: "POST",
    path: () => "/api/session/sign-in",
    body: () => ({ email: "nobody@example.com", password: "whatever-1" }),
    expected: anyone(404),
  },
  // A visitor gets { user: null } with 200 (see sign-in.test.ts), so every public page can ask without an error.
  {
    route: "GET /api/session",
    name: "/api/session",
    method: "GET",
    path: () => "/api/session",
    expected: anyone(200),
  },
  {
    route: "POST /api/session/heartbeat",
    name: "/api/session/heartbeat",
    method: "POST",
    path: () => "/api/session/heartbeat",
    expected: signedIn(204),
  },
  {
    route: "PUT /api/session/locale",
    name: "/api/session/locale",
    method: "PUT",
    path: () => "/api/session/locale",
    body: () => ({ locale: "es" }),
    expected: signedIn(204),
  },
  {
    route: "POST /api/session/change-password",
    name: "/api/session/change-password (too short: refused after the guard)",
    method: "POST",
    path: () => "/api/session/change-password",
    body: () => ({ newPassword: "short" }),
    expected: signedIn(400),
  },
  {
    route: "POST /api/password-reset",
    name: "/api/password-reset (unregistered email)",
    method: "POST",
    path: () => "/api/password-reset",
    body: () => ({ email: "nobody@example.com" }),
    expected: anyone(404),
  },
  {
    route: "POST /api/password-reset/confirm",
    name: "/api/password-reset/confirm (bad token)",
    method: "POST",
    path: () => "/api/password-reset/confirm",
    body: () => ({ token: "not-a-token", newPassword: "long-enough-1" }),
    expected: anyone(400),
  },
  {
    route: "GET /api/auth/*",
    name: "/api/auth/ok",
    method: "GET",
    path: () => "/api/auth/ok",
    expected: anyone(200),
  },
  {
    route: "POST /api/auth/*",
    name: "/api/auth/sign-in/email (not exposed)",
    method: "POST",
    path: () => "/api/auth/sign-in/email",
    body: () => ({ email: "a@example.com", password: "whatever-1" }),
    expected: anyone(404),
  },
  {
    route: "POST /api/auth/*",
    name: "/api/auth/reset-password (not exposed: ours is /api/password-reset/confirm)",
    method: "POST",
    path: () => "/api/auth/reset-password",
    body: () => ({ token: "not-a-token", newPassword: "long-enough-1" }),
    expected: anyone(404),
  },
  {
    route: "GET /api/clients",
    name: "/api/clients",
    method: "GET",
    path: () => "/api/clients?search=a",
    expected: adminOnly(200),
  },
  {
    route: "POST /api/clients",
    name: "/api/clients (register)",
    method: "POST",
    path: () => "/api/clients",
    body: (caller) => ({
      firstName: "New",
      lastName: caller,
      email: `new-${caller}-${registered++}@example.com`,
      phoneNumber: "5551111",
      defaultPackType: "4_50",
    }),
    expected: adminOnly(201),
  },
  {
    route: "GET /api/clients/:id",
    name: "/api/clients/:id (client A's own row)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}`,
    expected: ownerA(200),
  },
  {
    route: "GET /api/clients/:id",
    name: "/api/clients/:id (client B's row)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientB.id}`,
    expected: { visitor: 401, clientA: 403, clientB: 200, admin: 200, guardianA2: 403, removed: 401 },
  },
  {
    route: "PATCH /api/clients/:id",
    name: "/api/clients/:id (client A, even their own row)",
    method: "PATCH",
    path: () => `/api/clients/${accounts.clientA.id}`,
    body: () => ({ phoneNumber: "5552222" }),
    expected: adminOnly(200),
  },
  {
    route: "PATCH /api/clients/:id",
    name: "/api/clients/:id (client B)",
    method: "PATCH",
    path: () => `/api/clients/${accounts.clientB.id}`,
    body: () => ({ defaultPackType: "8_60" }),
    expected: adminOnly(200),
  },
  {
    route: "DELETE /api/clients/:id",
    name: "/api/clients/:id",
    method: "DELETE",
    path: (caller) => `/api/clients/${victims[caller]}`,
    expected: adminOnly(200),
  },
  {
    route: "GET /api/clients/:id",
    name: "/api/clients/:id (unknown id: refused before it is looked up, except for an admin)",
    method: "GET",
    path: () => "/api/clients/abcdefghijklmnopqrstuvwxyz012345",
    expected: adminOnly(404),
  },
  {
    route: "POST /api/contact",
    name: "/api/contact",
    method: "POST",
    path: () => "/api/contact",
    body: (caller) => ({
      firstName: "Ana",
      lastName: caller,
      email: `ana-${caller}@example.com`,
      phoneNumber: "555 0101",
      message: `Lessons for my daughter, asked as ${caller}.`,
    }),
    expected: anyone(201),
  },
  // One household's data as a ZIP is the owner's to hand over (issue 30): its own guardians are refused too.
  {
    route: "GET /api/clients/:clientId/export",
    name: "/api/clients/:clientId/export (A's household)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/export`,
    expected: adminOnly(200),
  },
  // The audit log is the owner's (issue 30): instructors and guardians are refused.
  {
    route: "GET /api/audit-log",
    name: "/api/audit-log",
    method: "GET",
    path: () => "/api/audit-log?person=ivy",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/mail/undelivered",
    name: "/api/mail/undelivered",
    method: "GET",
    path: () => "/api/mail/undelivered",
    expected: adminOnly(200),
  },
  // The owner's overview (issue 30): the staff's; an instructor's own lessons only, without money (overview.test.ts).
  {
    route: "GET /api/overview",
    name: "/api/overview",
    method: "GET",
    path: () => "/api/overview",
    expected: staff(200),
  },
  // Reports and CSV exports: the owner's only.
  {
    route: "GET /api/reports",
    name: "/api/reports",
    method: "GET",
    path: () => "/api/reports?from=2026-01&to=2026-03",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/reports/:file",
    name: "/api/reports/:file (sales.csv)",
    method: "GET",
    path: () => "/api/reports/sales.csv",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/exports/:file",
    name: "/api/exports/:file (clients.csv)",
    method: "GET",
    path: () => "/api/exports/clients.csv",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/settings",
    name: "/api/settings",
    method: "GET",
    path: () => "/api/settings",
    expected: adminOnly(200),
  },
  // School settings are the owner's: site.json's own values, saved as they are, are a valid body.
  {
    route: "PUT /api/settings",
    name: "/api/settings (site.json's values)",
    method: "PUT",
    path: () => "/api/settings",
    body: () => contentSettings,
    expected: adminOnly(200),
  },
  {
    route: "GET /api/settings/setup",
    name: "/api/settings/setup",
    method: "GET",
    path: () => "/api/settings/setup",
    expected: adminOnly(200),
  },
  {
    route: "POST /api/mail/:id/retry",
    name: "/api/mail/:id/retry (no such mail)",
    method: "POST",
    path: () => "/api/mail/999999/retry",
    expected: adminOnly(404),
  },
  // On a client nobody here is signed in as (the visitor's victim, which only the admin's DELETE above removes):
  // a new temporary password ends that client's sessions.
  {
    route: "POST /api/clients/:id/temporary-password",
    name: "/api/clients/:id/temporary-password",
    method: "POST",
    path: () => `/api/clients/${victims.visitor}/temporary-password`,
    expected: adminOnly(200),
  },
  {
    route: "POST /api/clients/:id/reset-link",
    name: "/api/clients/:id/reset-link",
    method: "POST",
    path: () => `/api/clients/${victims.visitor}/reset-link`,
    expected: adminOnly(200),
  },
  {
    route: "GET /api/password-reset/check",
    name: "/api/password-reset/check (bad token)",
    method: "GET",
    path: () => "/api/password-reset/check?token=not-a-token",
    expected: anyone(400),
  },
  {
    route: "POST /api/newsletter",
    name: "/api/newsletter (sign up)",
    method: "POST",
    path: () => "/api/newsletter",
    body: (caller) => ({ email: `news-${caller}@example.com` }),
    expected: anyone(200),
  },
  {
    route: "POST /api/newsletter/confirm",
    name: "/api/newsletter/confirm (bad token: open to anyone, refused for the token)",
    method: "POST",
    path: () => "/api/newsletter/confirm",
    body: () => ({ token: "not-a-token" }),
    expected: anyone(400),
  },
  {
    route: "POST /api/newsletter/unsubscribe",
    name: "/api/newsletter/unsubscribe (bad token: open to anyone, refused for the token)",
    method: "POST",
    path: () => "/api/newsletter/unsubscribe",
    body: () => ({ token: "1.not-signed" }),
    expected: anyone(400),
  },
  {
    route: "GET /api/newsletter/subscribers",
    name: "/api/newsletter/subscribers",
    method: "GET",
    path: () => "/api/newsletter/subscribers",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/newsletter/subscribers.csv",
    name: "/api/newsletter/subscribers.csv",
    method: "GET",
    path: () => "/api/newsletter/subscribers.csv",
    expected: adminOnly(200),
  },
  {
    route: "GET /api/subscriptions/available-packs",
    name: "/api/subscriptions/available-packs",
    method: "GET",
    path: () => "/api/subscriptions/available-packs",
    expected: anyone(200),
  },
  {
    route: "GET /api/subscriptions/used-classes/:userId",
    name: "/api/subscriptions/used-classes/:userId (client A's plan)",
    method: "GET",
    path: () => `/api/subscriptions/used-classes/${accounts.clientA.id}`,
    expected: ownerA(200),
  },
  {
    route: "POST /api/subscriptions/create-checkout-session",
    name: "/api/subscriptions/create-checkout-session (for client A)",
    method: "POST",
    path: () => "/api/subscriptions/create-checkout-session",
    body: () => ({ email: accounts.clientA.email, userId: accounts.clientA.id, packType: "4_60" }),
    expected: payerA(200),
  },
  {
    route: "GET /api/payments/local/:sessionId",
    name: "/api/payments/local/:sessionId (client A's checkout)",
    method: "GET",
    path: () => `/api/payments/local/${checkoutsOfA[0]}`,
    expected: payerA(200),
  },
  {
    route: "POST /api/payments/local/:sessionId/cancel",
    name: "/api/payments/local/:sessionId/cancel (client A's checkout)",
    method: "POST",
    path: () => `/api/payments/local/${checkoutsOfA[1]}/cancel`,
    expected: payerA(200),
  },
  {
    route: "POST /api/payments/local/:sessionId/pay",
    name: "/api/payments/local/:sessionId/pay (client A's checkout; paying twice is a no-op)",
    method: "POST",
    path: () => `/api/payments/local/${checkoutsOfA[0]}/pay`,
    expected: payerA(200),
  },
  {
    route: "POST /api/subscriptions/cancel-subscription",
    name: "/api/subscriptions/cancel-subscription (client A, no such subscription)",
    method: "POST",
    path: () => "/api/subscriptions/cancel-subscription",
    body: () => ({ subscriptionId: "local_sub_none", userId: accounts.clientA.id }),
    expected: payerA(404),
  },
  {
    route: "POST /api/payments/stripe/webhook",
    name: "/api/payments/stripe/webhook (PAYMENTS=local: none)",
    method: "POST",
    path: () => "/api/payments/stripe/webhook",
    body: () => ({ id: "evt_1", type: "checkout.session.completed" }),
    expected: anyone(404),
  },
  // Media: a client's lists and files for that client and admins; uploads and deletions for admins only.
  {
    route: "GET /api/clients/:clientId/milestones",
    name: "/api/clients/:clientId/milestones (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/milestones?year=2026`,
    expected: ownerA(200),
  },
  {
    route: "GET /api/clients/:clientId/gallery",
    name: "/api/clients/:clientId/gallery (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/gallery?type=image`,
    expected: ownerA(200),
  },
  {
    route: "GET /api/clients/:clientId/media/:mediaId/full",
    name: "/api/clients/:clientId/media/:mediaId/full (client A's, no such picture: 404 after the guard)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/media/AAAAAAAAAAAAAAAAAAAAAA/full`,
    expected: ownerA(404),
  },
  {
    route: "GET /api/clients/:clientId/media/:mediaId/thumb",
    name: "/api/clients/:clientId/media/:mediaId/thumb (client A's, no such picture: 404 after the guard)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/media/AAAAAAAAAAAAAAAAAAAAAA/thumb`,
    expected: ownerA(404),
  },
  {
    route: "POST /api/media/milestones",
    name: "/api/media/milestones (no form: refused after the guard)",
    method: "POST",
    path: () => "/api/media/milestones",
    body: () => ({ clientId: accounts.clientA.id }),
    expected: adminOnly(400),
  },
  {
    route: "POST /api/media/gallery",
    name: "/api/media/gallery (no form: refused after the guard)",
    method: "POST",
    path: () => "/api/media/gallery",
    body: () => ({ clientId: accounts.clientA.id }),
    expected: adminOnly(400),
  },
  {
    route: "DELETE /api/media/milestones/:id",
    name: "/api/media/milestones/:id (no such milestone)",
    method: "DELETE",
    path: () => "/api/media/milestones/AAAAAAAAAAAAAAAAAAAAAA",
    expected: adminOnly(404),
  },
  {
    route: "DELETE /api/media/gallery/:id",
    name: "/api/media/gallery/:id (no such item)",
    method: "DELETE",
    path: () => "/api/media/gallery/AAAAAAAAAAAAAAAAAAAAAA",
    expected: adminOnly(404),
  },
  // Class credits (issue 29): the household's guardians allowed to book read them; the owner issues and voids.
  {
    route: "GET /api/clients/:clientId/credits",
    name: "/api/clients/:clientId/credits (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/credits`,
    expected: bookerA(200),
  },
  {
    route: "POST /api/clients/:clientId/credits",
    name: "/api/clients/:clientId/credits (a goodwill credit for client A)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/credits`,
    body: () => ({ kind: "goodwill", reason: "Pool closed", expiresOn: "2030-12-31" }),
    expected: adminOnly(201),
  },
  {
    route: "POST /api/clients/:clientId/credits/:creditId/void",
    name: "/api/clients/:clientId/credits/:creditId/void (client A's credit)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/credits/${creditOfA}/void`,
    body: () => ({ reason: "Issued by mistake" }),
    expected: adminOnly(200),
  },
  // A lesson's cancellation (issue 29): the household's guardians allowed to book, and the owner for any family.
  {
    route: "GET /api/clients/:clientId/lessons/:lessonId/cancellation",
    name: "/api/clients/:clientId/lessons/:lessonId/cancellation (client A's lesson)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/lessons/${lessonOfI1}/cancellation`,
    expected: bookerA(200),
  },
  {
    // An unknown reason: whoever passes the guard is refused by the schema, so the lesson stays for the GET above.
    route: "POST /api/clients/:clientId/lessons/:lessonId/cancellation",
    name: "/api/clients/:clientId/lessons/:lessonId/cancellation (client A's lesson, no such reason)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/lessons/${lessonOfI1}/cancellation`,
    body: () => ({ reason: "whim", expectedOutcome: "credit" }),
    expected: bookerA(400),
  },
  // Moving a lesson (issue 29, docs/decisions/033): the household's guardians allowed to book, and the owner.
  {
    route: "GET /api/clients/:clientId/reschedules",
    name: "/api/clients/:clientId/reschedules (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/reschedules`,
    expected: bookerA(200),
  },
  {
    route: "GET /api/clients/:clientId/lessons/:lessonId/reschedule",
    name: "/api/clients/:clientId/lessons/:lessonId/reschedule (client A's lesson)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/lessons/${lessonOfI1}/reschedule`,
    expected: bookerA(200),
  },
  {
    // A day that is no day: whoever passes the guard is refused by the schema, so nothing is asked.
    route: "POST /api/clients/:clientId/lessons/:lessonId/reschedule",
    name: "/api/clients/:clientId/lessons/:lessonId/reschedule (client A's lesson, no such day)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/lessons/${lessonOfI1}/reschedule`,
    body: () => ({ date: "someday", startTime: "10:00" }),
    expected: bookerA(400),
  },
  {
    route: "DELETE /api/clients/:clientId/lessons/:lessonId/reschedule",
    name: "/api/clients/:clientId/lessons/:lessonId/reschedule (client A's lesson, no request waiting)",
    method: "DELETE",
    path: () => `/api/clients/${accounts.clientA.id}/lessons/${lessonOfI1}/reschedule`,
    expected: bookerA(409),
  },
  // The requests waiting: the owner every one, an instructor their own lessons' (I2 may not decide I1's).
  {
    route: "GET /api/reschedules",
    name: "/api/reschedules",
    method: "GET",
    path: () => "/api/reschedules",
    expected: staff(200),
  },
  {
    route: "POST /api/reschedules/:requestId/accept",
    name: "/api/reschedules/:requestId/accept (I1's lesson, already declined)",
    method: "POST",
    path: () => `/api/reschedules/${rescheduleOfA}/accept`,
    expected: { ...adminOnly(409), ...instructors(409, 403) },
  },
  {
    route: "POST /api/reschedules/:requestId/decline",
    name: "/api/reschedules/:requestId/decline (I1's lesson, already declined)",
    method: "POST",
    path: () => `/api/reschedules/${rescheduleOfA}/decline`,
    expected: { ...adminOnly(409), ...instructors(409, 403) },
  },
  // Class reminders and the calendar feed address: the client's own, and admins'.
  {
    route: "GET /api/clients/:clientId/reminders",
    name: "/api/clients/:clientId/reminders (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/reminders`,
    expected: ownerA(200),
  },
  {
    route: "PUT /api/clients/:clientId/reminders",
    name: "/api/clients/:clientId/reminders (client A's, kept on)",
    method: "PUT",
    path: () => `/api/clients/${accounts.clientA.id}/reminders`,
    body: () => ({ enabled: true }),
    expected: ownerA(200),
  },
  {
    route: "GET /api/clients/:clientId/calendar-feed",
    name: "/api/clients/:clientId/calendar-feed (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/calendar-feed`,
    expected: ownerA(200),
  },
  {
    route: "POST /api/clients/:clientId/calendar-feed",
    name: "/api/clients/:clientId/calendar-feed (client A's: makes or renews the address)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/calendar-feed`,
    expected: ownerA(200),
  },
  // No session at all (a calendar app has none): the token is the key; an unknown one is a 404 for everyone.
  {
    route: "GET /api/calendar-feed/:file",
    name: "/api/calendar-feed/:file (unknown token)",
    method: "GET",
    path: () => `/api/calendar-feed/${"A".repeat(43)}.ics`,
    expected: anyone(404),
  },
  // Bookings: the admin's lists and writes; a client reads only their own bookings.
  {
    route: "GET /api/bookings",
    name: "/api/bookings (an instructor's: their own lessons only)",
    method: "GET",
    path: () => "/api/bookings?search=a",
    expected: staff(200),
  },
  {
    route: "GET /api/bookings/feedback-list",
    name: "/api/bookings/feedback-list (an instructor's: their own lessons only)",
    method: "GET",
    path: () => "/api/bookings/feedback-list?page=1",
    expected: staff(200),
  },
  {
    route: "GET /api/bookings/draft/:clientId",
    name: "/api/bookings/draft/:clientId (no such client: 404 after the guard)",
    method: "GET",
    path: () => "/api/bookings/draft/abcdefghijklmnopqrstuvwxyz012345",
    expected: adminOnly(404),
  },
  {
    route: "POST /api/bookings",
    name: "/api/bookings (no such client: 404 after the guard)",
    method: "POST",
    path: () => "/api/bookings",
    body: () => ({ clientId: "abcdefghijklmnopqrstuvwxyz012345", dates: ["2030-01-07"] }),
    expected: adminOnly(404),
  },
  {
    route: "POST /api/bookings/credit-lesson",
    name: "/api/bookings/credit-lesson (no such client: 404 after the guard)",
    method: "POST",
    path: () => "/api/bookings/credit-lesson",
    body: () => ({ clientId: "abcdefghijklmnopqrstuvwxyz012345", date: "2030-01-07" }),
    expected: adminOnly(404),
  },
  {
    route: "PATCH /api/bookings/:bookingId",
    name: "/api/bookings/:bookingId (no such booking)",
    method: "PATCH",
    path: () => "/api/bookings/999999",
    body: () => ({ dates: ["2030-01-07"] }),
    expected: adminOnly(404),
  },
  {
    route: "DELETE /api/bookings/:bookingId",
    name: "/api/bookings/:bookingId (no such booking)",
    method: "DELETE",
    path: () => "/api/bookings/999999",
    expected: adminOnly(404),
  },
  {
    route: "PUT /api/bookings/:bookingId/swimmers",
    name: "/api/bookings/:bookingId/swimmers (no such booking)",
    method: "PUT",
    path: () => "/api/bookings/999999/swimmers",
    body: () => ({ date: "2030-01-07", swimmerIds: [accounts.clientA.id] }),
    expected: adminOnly(404),
  },
  {
    route: "PUT /api/bookings/:bookingId/schedule",
    name: "/api/bookings/:bookingId/schedule (no such booking)",
    method: "PUT",
    path: () => "/api/bookings/999999/schedule",
    body: () => ({ date: "2030-01-07", startTime: "10:00", instructorId: accounts.admin.id }),
    expected: staff(404),
  },
  {
    route: "GET /api/instructors",
    name: "/api/instructors",
    method: "GET",
    path: () => "/api/instructors",
    expected: adminOnly(200),
  },
  {
    route: "POST /api/instructors",
    name: "/api/instructors (a new instructor account)",
    method: "POST",
    path: () => "/api/instructors",
    body: (caller) => ({ firstName: "New", lastName: "Teacher", email: `teacher-${caller}@example.com` }),
    expected: adminOnly(201),
  },
  // Staff names are the owner's; weekly hours and time off are the owner's for anyone, an instructor's for
  // themselves only (docs/decisions/024): here I1's, so I2 is refused.
  {
    route: "PATCH /api/instructors/:instructorId",
    name: "/api/instructors/:instructorId (I1's name, unchanged)",
    method: "PATCH",
    path: () => `/api/instructors/${accounts.instructorI1.id}`,
    body: () => ({ name: "Ivy One" }),
    expected: adminOnly(200),
  },
  {
    route: "GET /api/instructors/:instructorId/availability",
    name: "/api/instructors/:instructorId/availability (I1's)",
    method: "GET",
    path: () => `/api/instructors/${accounts.instructorI1.id}/availability`,
    expected: { ...adminOnly(200), ...instructors(200, 403) },
  },
  {
    route: "PUT /api/instructors/:instructorId/weekly-hours",
    name: "/api/instructors/:instructorId/weekly-hours (I1's, none: any time)",
    method: "PUT",
    path: () => `/api/instructors/${accounts.instructorI1.id}/weekly-hours`,
    body: () => ({ weeklyHours: [] }),
    expected: { ...adminOnly(200), ...instructors(200, 403) },
  },
  {
    route: "POST /api/instructors/:instructorId/time-off",
    name: "/api/instructors/:instructorId/time-off (I1's)",
    method: "POST",
    path: () => `/api/instructors/${accounts.instructorI1.id}/time-off`,
    body: () => ({ firstDay: "2031-02-01", lastDay: "2031-02-01" }),
    expected: { ...adminOnly(201), ...instructors(201, 403) },
  },
  {
    route: "DELETE /api/instructors/:instructorId/time-off/:timeOffId",
    name: "/api/instructors/:instructorId/time-off/:timeOffId (I1's, no such time off)",
    method: "DELETE",
    path: () => `/api/instructors/${accounts.instructorI1.id}/time-off/999999`,
    expected: { ...adminOnly(404), ...instructors(404, 403) },
  },
  // The curriculum (issue 28, docs/decisions/026): staff read it, the owner alone changes it.
  {
    route: "GET /api/curriculum",
    name: "/api/curriculum",
    method: "GET",
    path: () => "/api/curriculum",
    expected: staff(200),
  },
  {
    route: "POST /api/curriculum/levels",
    name: "/api/curriculum/levels (a new level)",
    method: "POST",
    path: () => "/api/curriculum/levels",
    body: (caller) => ({ name: `Level of ${caller}` }),
    expected: adminOnly(201),
  },
  {
    route: "PATCH /api/curriculum/levels/:levelId",
    name: "/api/curriculum/levels/:levelId (the first level's name, unchanged)",
    method: "PATCH",
    path: () => "/api/curriculum/levels/1",
    body: () => ({ name: "Water babies" }),
    expected: adminOnly(200),
  },
  {
    route: "POST /api/curriculum/levels/:levelId/move",
    name: "/api/curriculum/levels/:levelId/move (no such level)",
    method: "POST",
    path: () => "/api/curriculum/levels/999999/move",
    body: () => ({ direction: "up" }),
    expected: adminOnly(404),
  },
  {
    route: "POST /api/curriculum/levels/:levelId/retire",
    name: "/api/curriculum/levels/:levelId/retire (no such level)",
    method: "POST",
    path: () => "/api/curriculum/levels/999999/retire",
    expected: adminOnly(404),
  },
  {
    route: "PUT /api/curriculum/levels/:levelId/skills/:skillId",
    name: "/api/curriculum/levels/:levelId/skills/:skillId (link: no such level)",
    method: "PUT",
    path: () => "/api/curriculum/levels/999999/skills/1",
    body: () => ({ required: true }),
    expected: adminOnly(404),
  },
  {
    route: "DELETE /api/curriculum/levels/:levelId/skills/:skillId",
    name: "/api/curriculum/levels/:levelId/skills/:skillId (unlink: no such level)",
    method: "DELETE",
    path: () => "/api/curriculum/levels/999999/skills/1",
    expected: adminOnly(404),
  },
  {
    route: "POST /api/curriculum/levels/:levelId/skills/:skillId/move",
    name: "/api/curriculum/levels/:levelId/skills/:skillId/move (no such level)",
    method: "POST",
    path: () => "/api/curriculum/levels/999999/skills/1/move",
    body: () => ({ direction: "down" }),
    expected: adminOnly(404),
  },
  {
    route: "POST /api/curriculum/skills",
    name: "/api/curriculum/skills (a new skill)",
    method: "POST",
    path: () => "/api/curriculum/skills",
    body: (caller) => ({ name: `Skill of ${caller}` }),
    expected: adminOnly(201),
  },
  {
    route: "PATCH /api/curriculum/skills/:skillId",
    name: "/api/curriculum/skills/:skillId (the first skill's name, unchanged)",
    method: "PATCH",
    path: () => "/api/curriculum/skills/1",
    body: () => ({ name: "Enjoys the water" }),
    expected: adminOnly(200),
  },
  {
    route: "POST /api/curriculum/skills/:skillId/retire",
    name: "/api/curriculum/skills/:skillId/retire (no such skill)",
    method: "POST",
    path: () => "/api/curriculum/skills/999999/retire",
    expected: adminOnly(404),
  },
  {
    route: "POST /api/curriculum/scale",
    name: "/api/curriculum/scale (a new version)",
    method: "POST",
    path: () => "/api/curriculum/scale",
    body: () => ({
      ratings: [
        { label: "Not yet", mastered: false },
        { label: "Mastered", mastered: true },
      ],
    }),
    expected: adminOnly(201),
  },
  {
    route: "PUT /api/bookings/:bookingId/feedback",
    name: "/api/bookings/:bookingId/feedback (no such booking)",
    method: "PUT",
    path: () => "/api/bookings/999999/feedback",
    body: () => ({ feedbacks: { "2030-01-07": "Great kicks." } }),
    expected: staff(404),
  },
  {
    route: "GET /api/clients/:clientId/bookings",
    name: "/api/clients/:clientId/bookings (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/bookings`,
    expected: ownerA(200),
  },
  // Progress (issue 28): the household's guardians allowed to see progress (guardianA2 is) and the owner.
  {
    route: "GET /api/clients/:clientId/progress",
    name: "/api/clients/:clientId/progress (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/progress`,
    expected: ownerA(200),
  },
  // Guardians and invitations (issue 26): every guardian of A sees A's list; only a guardian allowed everything
  // (A's first) and an admin invite, withdraw and remove; the invitation link's page answers anyone.
  {
    route: "GET /api/clients/:clientId/guardians",
    name: "/api/clients/:clientId/guardians (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/guardians`,
    expected: ownerA(200),
  },
  {
    route: "POST /api/clients/:clientId/guardians/invitations",
    name: "/api/clients/:clientId/guardians/invitations (client A's)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/guardians/invitations`,
    body: (caller) => ({
      email: `invitee-${caller.toLowerCase()}@example.com`,
      permissions: { book: false, pay: false, progress: true, mail: true },
    }),
    expected: { ...ownerA(201), guardianA2: 403 },
  },
  {
    route: "DELETE /api/clients/:clientId/guardians/invitations/:invitationId",
    name: "/api/clients/:clientId/guardians/invitations/:invitationId (no such invitation: 404 after the guard)",
    method: "DELETE",
    path: () => `/api/clients/${accounts.clientA.id}/guardians/invitations/no-such-invitation`,
    expected: { ...ownerA(404), guardianA2: 403 },
  },
  {
    route: "DELETE /api/clients/:clientId/guardians/:userId",
    name: "/api/clients/:clientId/guardians/:userId (A's first guardian: refused after the guard)",
    method: "DELETE",
    path: () => `/api/clients/${accounts.clientA.id}/guardians/${accounts.clientA.id}`,
    expected: { ...ownerA(409), guardianA2: 403 },
  },
  {
    route: "GET /api/guardian-invitations/check",
    name: "/api/guardian-invitations/check (bad token)",
    method: "GET",
    path: () => "/api/guardian-invitations/check?token=not-a-token",
    expected: anyone(400),
  },
  {
    route: "POST /api/guardian-invitations/accept",
    name: "/api/guardian-invitations/accept (bad token)",
    method: "POST",
    path: () => "/api/guardian-invitations/accept",
    body: () => ({ token: "not-a-token", firstName: "Eve", lastName: "Intruder", password: "long-enough-1" }),
    expected: anyone(400),
  },
  // An instructor's day (issue 27): the staff's; an instructor only their own lessons, the owner everyone's.
  {
    route: "GET /api/today",
    name: "/api/today (the caller's own day)",
    method: "GET",
    path: () => "/api/today?date=2030-01-07",
    expected: staff(200),
  },
  {
    route: "GET /api/today",
    name: "/api/today?instructorId= (I2's day: I1 cannot read it)",
    method: "GET",
    path: () => `/api/today?date=2030-01-07&instructorId=${accounts.instructorI2.id}`,
    expected: { ...adminOnly(200), ...instructors(403, 200) },
  },
  {
    route: "GET /api/today/queue-key",
    name: "/api/today/queue-key (the caller's own)",
    method: "GET",
    path: () => "/api/today/queue-key",
    expected: staff(200),
  },
  {
    route: "POST /api/lessons/:lessonId/record",
    name: "/api/lessons/:lessonId/record (I1's lesson, no record sent: refused after the guard and the lesson's owner)",
    method: "POST",
    path: () => `/api/lessons/${lessonOfI1}/record`,
    body: () => ({}),
    headers: (caller) => ({ "Idempotency-Key": `matrix-${caller}-key` }),
    expected: { ...adminOnly(400), ...instructors(400, 403) },
  },
  {
    route: "GET /api/lessons/:lessonId/photos/:mediaId/:variant",
    name: "/api/lessons/:lessonId/photos/:mediaId/:variant (I1's lesson, no such photo)",
    method: "GET",
    path: () => `/api/lessons/${lessonOfI1}/photos/no-such-photo/thumb`,
    expected: { ...adminOnly(404), ...instructors(404, 403) },
  },
  // The school cancels a lesson and declares a weather day (issue 29, docs/decisions/034): the staff's; an instructor
  // only their own lessons (another's is not found), the owner any. Guardians: none.
  {
    route: "GET /api/lessons/:lessonId/school-cancellation",
    name: "/api/lessons/:lessonId/school-cancellation (I1's lesson)",
    method: "GET",
    path: () => `/api/lessons/${lessonOfI1}/school-cancellation?reason=weather`,
    expected: { ...adminOnly(200), ...instructors(200, 404) },
  },
  {
    // An unknown reason: refused by the schema for whoever passes the guard, so the lesson stays for the rows above.
    route: "POST /api/lessons/:lessonId/school-cancellation",
    name: "/api/lessons/:lessonId/school-cancellation (I1's lesson, no such reason)",
    method: "POST",
    path: () => `/api/lessons/${lessonOfI1}/school-cancellation`,
    body: () => ({ reason: "whim" }),
    expected: staff(400),
  },
  {
    route: "GET /api/weather-day",
    name: "/api/weather-day (the caller's reach: an instructor's own lessons, the owner's every one)",
    method: "GET",
    path: () => "/api/weather-day?date=2030-01-07",
    expected: staff(200),
  },
  {
    route: "GET /api/weather-day",
    name: "/api/weather-day?instructorId= (I2's lessons: I1 cannot)",
    method: "GET",
    path: () => `/api/weather-day?date=2030-01-07&instructorId=${accounts.instructorI2.id}`,
    expected: { ...adminOnly(200), ...instructors(403, 200) },
  },
  {
    // B's lesson (I2's) stands and is not among those "shown": refused with the new preview, nothing applied.
    route: "POST /api/weather-day",
    name: "/api/weather-day (I2's lessons, none shown: I1 refused, the others told the list changed)",
    method: "POST",
    path: () => "/api/weather-day",
    body: () => ({
      date: "2030-01-07",
      instructorId: accounts.instructorI2.id,
      note: "Storm",
      lessonIds: [],
    }),
    expected: { ...adminOnly(409), ...instructors(403, 409) },
  },
  // A swimmer's level (issue 28): the staff place them, an instructor only the swimmers of their own lessons.
  {
    route: "PUT /api/swimmers/:swimmerId/level",
    name: "/api/swimmers/:swimmerId/level (A's swimmer, in I1's lesson, to the last level: above those passed)",
    method: "PUT",
    path: () => `/api/swimmers/${accounts.clientA.id}/level`,
    body: () => ({ levelId: levelResultsOfA.lastLevel }),
    expected: { ...adminOnly(200), ...instructors(200, 403) },
  },
  // Swimmers (issue 26): the household's guardians read them (progress); the admin alone writes.
  {
    route: "GET /api/clients/:clientId/swimmers",
    name: "/api/clients/:clientId/swimmers (client A's)",
    method: "GET",
    path: () => `/api/clients/${accounts.clientA.id}/swimmers`,
    // I1 teaches a lesson of A's household; I2 does not.
    expected: { ...ownerA(200), ...instructors(200, 403) },
  },
  {
    route: "POST /api/clients/:clientId/swimmers",
    name: "/api/clients/:clientId/swimmers (client A's, even for A)",
    method: "POST",
    path: () => `/api/clients/${accounts.clientA.id}/swimmers`,
    body: (caller) => ({ firstName: "Kid", lastName: caller }),
    expected: adminOnly(201),
  },
  {
    route: "PATCH /api/clients/:clientId/swimmers/:swimmerId",
    name: "/api/clients/:clientId/swimmers/:swimmerId (A's own swimmer, even for A)",
    method: "PATCH",
    path: () => `/api/clients/${accounts.clientA.id}/swimmers/${accounts.clientA.id}`,
    body: () => ({ notes: "Likes the deep end" }),
    expected: adminOnly(200),
  },
  {
    route: "DELETE /api/clients/:clientId/swimmers/:swimmerId",
    name: "/api/clients/:clientId/swimmers/:swimmerId (B's swimmer through A's household: not found, for the admin too)",
    method: "DELETE",
    path: () => `/api/clients/${accounts.clientA.id}/swimmers/${accounts.clientB.id}`,
    expected: adminOnly(404),
  },
  // Certificates (issue 28, docs/decisions/027): the owner approves; the PDFs are the owner's, the swimmer's
  // instructor's and the family's (guardians who see progress); the share link is the family's alone.
  {
    route: "GET /api/settings/certificates",
    name: "/api/settings/certificates",
    method: "GET",
    path: () => "/api/settings/certificates",
    expected: adminOnly(200),
  },
  {
    route: "PUT /api/settings/certificates",
    name: "/api/settings/certificates (on, as it is)",
    method: "PUT",
    path: () => "/api/settings/certificates",
    body: () => ({ approveBeforePublishing: true }),
    expected: adminOnly(200),
  },
  // "Move a class at once when a free time is chosen" (docs/decisions/033): the owner's.
  {
    route: "GET /api/settings/reschedules",
    name: "/api/settings/reschedules",
    method: "GET",
    path: () => "/api/settings/reschedules",
    expected: adminOnly(200),
  },
  {
    route: "PUT /api/settings/reschedules",
    name: "/api/settings/reschedules (off, as it is)",
    method: "PUT",
    path: () => "/api/settings/reschedules",
    body: () => ({ automatic: false }),
    expected: adminOnly(200),
  },
  // The cancellation policy (issue 29, docs/decisions/029): everyone signed in reads it; the owner edits it.
  {
    route: "GET /api/policy",
    name: "/api/policy",
    method: "GET",
    path: () => "/api/policy",
    expected: signedIn(200),
  },
  {
    route: "PUT /api/settings/policy",
    name: "/api/settings/policy (the default, as it is)",
    method: "PUT",
    path: () => "/api/settings/policy",
    body: () => defaultPolicy,
    expected: adminOnly(200),
  },
  {
    route: "GET /api/level-results",
    name: "/api/level-results (drafts to approve)",
    method: "GET",
    path: () => "/api/level-results",
    expected: adminOnly(200),
  },
  {
    route: "POST /api/level-results/:id/approve",
    name: "/api/level-results/:id/approve (a draft of A's)",
    method: "POST",
    path: () => `/api/level-results/${levelResultsOfA.draft}/approve`,
    expected: adminOnly(200),
  },
  {
    route: "GET /api/level-results/:id/certificate.pdf",
    name: "/api/level-results/:id/certificate.pdf (A's, published)",
    method: "GET",
    path: () => `/api/level-results/${levelResultsOfA.published}/certificate.pdf`,
    expected: { ...ownerA(200), clientB: 403, ...instructors(200, 403) },
  },
  {
    route: "GET /api/level-results/:id/report-card.pdf",
    name: "/api/level-results/:id/report-card.pdf (A's, published)",
    method: "GET",
    path: () => `/api/level-results/${levelResultsOfA.published}/report-card.pdf`,
    expected: { ...ownerA(200), clientB: 403, ...instructors(200, 403) },
  },
  {
    route: "POST /api/level-results/:id/share",
    name: "/api/level-results/:id/share (A's, published: the family's only)",
    method: "POST",
    path: () => `/api/level-results/${levelResultsOfA.published}/share`,
    expected: { ...ownerA(200), admin: 403 },
  },
  {
    route: "DELETE /api/level-results/:id/share",
    name: "/api/level-results/:id/share (A's, published: the family's only)",
    method: "DELETE",
    path: () => `/api/level-results/${levelResultsOfA.published}/share`,
    expected: { ...ownerA(200), admin: 403 },
  },
  {
    route: "GET /api/swimmers/:swimmerId/level-results",
    name: "/api/swimmers/:swimmerId/level-results (A's swimmer)",
    method: "GET",
    path: () => `/api/swimmers/${accounts.clientA.id}/level-results`,
    expected: { ...ownerA(200), ...instructors(200, 403) },
  },
  {
    route: "GET /api/shared-certificates/:file",
    name: "/api/shared-certificates/:file (unknown token)",
    method: "GET",
    path: () => `/api/shared-certificates/${"A".repeat(43)}.pdf`,
    expected: anyone(404),
  },
];

/** A's swimmer passed two levels: one published, one a draft waiting for the owner. */
const levelResultsOfA = { published: 0, draft: 0, lastLevel: 0 };
beforeAll(async () => {
  const levels = await db.selectFrom("level").select("id").orderBy("position").execute();
  const [first, second] = levels.map((row) => Number(row.id));
  levelResultsOfA.lastLevel = Number(levels.at(-1)?.id);
  levelResultsOfA.published = await addPassedLevel(db, {
    swimmerId: accounts.clientA.id,
    levelId: first,
    byUserId: accounts.instructorI1.id,
    publishedAt: "2026-02-03T09:00:00.000Z",
  });
  levelResultsOfA.draft = await addPassedLevel(db, {
    swimmerId: accounts.clientA.id,
    levelId: second,
    byUserId: accounts.instructorI1.id,
  });
});

/** Two local checkouts of client A, for the checkout page's routes. */
const checkoutsOfA: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const response = await call(t, "POST", "/api/subscriptions/create-checkout-session", {
      cookie: accounts.clientA.cookie,
      body: { email: accounts.clientA.email, userId: accounts.clientA.id, packType: "4_60" },
    });
    checkoutsOfA.push(((await response.json()) as { url: string }).url.split("/").pop() ?? "");
  }
});

/** Routes with a test of their own below: signing out with the shared cookies would end them for the matrix. */
const coveredBelow = ["POST /api/session/sign-out"];

describe("authorization matrix", () => {
  it("covers every /api route the app registers", () => {
    const registered = new Set(
      t.app.routes
        .filter((route) => route.method !== "ALL" && route.path.startsWith("/api/"))
        .map((route) => `${route.method} ${route.path}`),
    );
    const covered = new Set([...routes.map((route) => route.route), ...coveredBelow]);
    expect([...registered].filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !registered.has(route))).toEqual([]);
  });

  for (const route of routes) {
    it(`${route.method} ${route.name}`, async () => {
      const statuses: Record<string, number> = {};
      for (const caller of callers) {
        const response = await call(t, route.method, route.path(caller), {
          cookie: caller === "visitor" ? undefined : accounts[caller].cookie,
          body: route.body?.(caller),
          headers: route.headers?.(caller),
        });
        statuses[caller] = response.status;
        if (response.status === 401 || response.status === 403) {
          const json = (await response.json()) as { error: { code: string } };
          expect(json.error.code).toBe(response.status === 401 ? "unauthenticated" : "permission-denied");
        }
      }
      expect(statuses).toEqual({ ...instructors(403), ...route.expected });
    });
  }

  it("a denied caller changed nothing", async () => {
    const names = await db
      .selectFrom("client")
      .select("lastName")
      .where("firstName", "in", ["New", "Victim"])
      .execute();
    // Registered by the admin only; deleted by the admin only.
    expect(names.map((row) => row.lastName).sort()).toEqual([
      "admin",
      "clientA",
      "clientB",
      "guardianA2",
      "instructorI1",
      "instructorI2",
      "removed",
      "visitor",
    ]);
    const clientA = await db
      .selectFrom("client")
      .select("phoneNumber")
      .where("id", "=", accounts.clientA.id)
      .executeTakeFirst();
    expect(clientA?.phoneNumber).toBe("5552222"); // the admin's change only
    const levels = await db.selectFrom("level").select("name").where("name", "like", "Level of %").execute();
    expect(levels.map((row) => row.name)).toEqual(["Level of admin"]);
    const versions = await db.selectFrom("ratingScaleVersion").select("version").execute();
    expect(versions).toHaveLength(2);
  });

  it("sign-out is open to everyone and ends only the caller's own session", async () => {
    for (const caller of callers) {
      // A removed guardian cannot sign in again to have a second session.
      if (caller === "removed") continue;
      if (caller === "visitor") {
        expect((await call(t, "POST", "/api/session/sign-out")).status).toBe(200);
        continue;
      }
      const account = accounts[caller];
      const second = await signIn(t, account.email, account.password);
      expect((await call(t, "POST", "/api/session/sign-out", { cookie: second.cookie })).status).toBe(200);
      expect(await sessionUserOf(t, second.cookie)).toBeNull();
      expect(await sessionUserOf(t, account.cookie)).not.toBeNull();
    }
  });
});
