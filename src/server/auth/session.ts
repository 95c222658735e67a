import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, getSignedCookie, setCookie } from "hono/cookie";
import type { Role } from "../../domain/auth.ts";
import type { GuardianOf, GuardianPermission } from "../../domain/households.ts";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { messages } from "../../domain/messages.ts";
import { sessionHintCookie } from "../../domain/session-hint.ts";
import { inactivitySignOutMs } from "../../domain/timing.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { keptReads } from "../db/kept-reads.ts";
import { toDate } from "../db/schema.ts";
import { actingAs } from "../http/acting-person.ts";
import type { AppEnv } from "../http/app-env.ts";
import { AppError, appError } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { assertClientAccess } from "./ownership.ts";
import { findSignedInSession, roleFrom, type SignedInSessionRow, touchSession } from "./repository.ts";

/** Who is calling, once a guard let the request through. */
export interface SignedIn {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  role: Role;
  mustChangePassword: boolean;
  locale: Locale;
  /** A guardian's household and permissions; null for an admin. */
  guardianOf: GuardianOf | null;
}

export interface SessionGuardDeps {
  auth: Auth;
  db: Db;
  clock: Clock;
}

/** Passes better-auth's Set-Cookie headers on to our answer. */
export function forwardCookies(c: Context, headers: Headers): void {
  for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
}

/** Ends the caller's session (row and cookie) through better-auth. */
export async function endSession(c: Context, auth: Auth): Promise<void> {
  const { headers } = await auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
  forwardCookies(c, headers);
  clearSessionHint(c);
}

/**
 * The "signed in on this browser" hint that prerendered pages read before they paint (domain/session-hint.ts). It
 * holds no secret and grants nothing: the session cookie does that.
 */
export function setSessionHint(c: Context, options: { maxAgeSeconds: number; secure: boolean }): void {
  setCookie(c, sessionHintCookie, "1", {
    path: "/",
    sameSite: "Lax",
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}

export function clearSessionHint(c: Context): void {
  if (getCookie(c, sessionHintCookie) !== undefined) deleteCookie(c, sessionHintCookie, { path: "/" });
}

/**
 * The session token in the request's signed cookie, or null. The cookie is better-auth's (its name, its secret, its
 * `token.signature` format, which hono's signed cookies share); a verified cookie value is remembered, so the HMAC
 * runs once per session rather than once per request. A value is only ever remembered after it verified.
 */
function sessionCookieReader(auth: Auth) {
  const verified = new Map<string, string>();
  const remembered = 10_000;
  return {
    async token(c: Context): Promise<string | null> {
      const { authCookies, secret } = await auth.$context;
      const name = authCookies.sessionToken.name;
      const raw = getCookie(c, name);
      if (!raw) return null;
      const known = verified.get(raw);
      if (known) return known;
      const token = await getSignedCookie(c, secret, name);
      if (!token) return null;
      if (verified.size >= remembered) verified.delete(verified.keys().next().value as string);
      verified.set(raw, token);
      return token;
    },
  };
}

/** How long a session read is used again before it is read afresh (docs/decisions/047). */
export const sessionRecheckMs = 1000;

/**
 * Each session's row as last read, for `sessionRecheckMs` on the guard's clock: a page's burst of requests, and the
 * polls of open pages, read it once. Any write this process makes to the tables it comes from (session, user,
 * guardian, client) forgets them all, so a sign-out, a deleted client or a changed permission is refused on this
 * instance's next request; another instance's writes are seen within `sessionRecheckMs` (db/kept-reads.ts).
 */
function sessionReads(db: Db, clock: Clock) {
  const keep = keptReads<SignedInSessionRow | undefined>(db, ["session", "user", "guardian", "client"], {
    recheckMs: sessionRecheckMs,
    now: () => clock.now().getTime(),
    capacity: 10_000,
  });
  return (token: string) => keep(token, () => findSignedInSession(db, token));
}

/**
 * The session guards every API route uses.
 *
 * Each request's session row, holder and role come from one query, kept for a second (sessionReads). Idle
 * sign-out: we keep `session.lastActiveAt` on the injected clock, written at most every few seconds
 * (touchSession). A session whose last authenticated request is 5 minutes old is deleted and refused. Every guarded
 * request counts as activity, except `whoIsSignedIn` (GET /api/session): the browser calls it on every load and may
 * poll it, and that must not keep a walked-away session alive. The browser reports real activity (mouse, keys) with
 * POST /api/session/heartbeat.
 */
export function createSessionGuard(deps: SessionGuardDeps) {
  const { auth, db, clock } = deps;

  const sessionCookie = sessionCookieReader(auth);
  const readSession = sessionReads(db, clock);

  /** Who is calling; null when no live session is named (a visitor: common, so answered without an exception). */
  async function resolve(c: Context<AppEnv>, touch: boolean): Promise<SignedIn | null> {
    const token = await sessionCookie.token(c);
    const found = token ? await readSession(token) : undefined;
    // expiresAt is better-auth's absolute limit, stamped with the system clock.
    if (!found || toDate(found.expiresAt).getTime() <= Date.now()) return null;

    const now = clock.now();
    const lastActive = toDate(found.lastActiveAt ?? found.createdAt);
    if (now.getTime() - lastActive.getTime() >= inactivitySignOutMs) {
      await endSession(c, auth);
      throw appError("unauthenticated", 401, messages.sessionExpired, { reason: "idle" });
    }

    const role = roleFrom(found.userRole, found.clientId !== null);
    if (!role) {
      // Someone with an account but neither role (spec §4): they stay signed out.
      await endSession(c, auth);
      throw appError("permission-denied", 403, messages.permissionDenied);
    }
    if (touch) await touchSession(db, { id: found.sessionId, lastActiveAt: lastActive }, now);
    return {
      userId: found.userId,
      sessionId: found.sessionId,
      email: found.email,
      name: found.name,
      role,
      mustChangePassword: Boolean(found.mustChangePassword),
      locale: isLocale(found.locale) ? found.locale : defaultLocale,
      guardianOf:
        role === "client" && found.clientId
          ? {
              householdId: found.clientId,
              permissions: {
                book: found.canBook === 1,
                pay: found.canPay === 1,
                progress: found.canSeeProgress === 1,
                mail: found.getsMail === 1,
              },
            }
          : null,
    };
  }

  const guard =
    (options: { touch: boolean; roles?: readonly Role[] }): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const signedIn = await resolve(c, options.touch);
      if (!signedIn) throw appError("unauthenticated", 401, messages.signInRequired);
      if (options.roles) {
        if (!options.roles.includes(signedIn.role)) {
          throw appError("permission-denied", 403, messages.permissionDenied);
        }
        if (signedIn.mustChangePassword) {
          throw appError("password-change-required", 403, messages.passwordChangeRequired);
        }
      }
      c.set("signedIn", signedIn);
      await actingAs({ userId: signedIn.userId, name: signedIn.name, role: signedIn.role }, next);
    };

  return {
    /**
     * Who is signed in, or null for a visitor (GET /api/session answers 200 either way: every public page asks,
     * and a 401 there would be an error in every visitor's console). Not activity.
     */
    whoIsSignedIn: async (c: Context<AppEnv>): Promise<SignedIn | null> => {
      try {
        return await resolve(c, false);
      } catch (error) {
        if (error instanceof AppError && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    /** Any signed-in admin or client; a pending password change is allowed (to make that change). */
    requireSession: guard({ touch: true }),
    /** Like requireSession, but the request itself is not activity: the heartbeat records its own moment. */
    requireSessionWithoutActivity: guard({ touch: false }),
    /** One of these roles, with no pending password change. */
    requireRole: (...roles: Role[]) => guard({ touch: true, roles }),
    /** The owner only (the stored role "admin"): an instructor is refused (docs/decisions/021). */
    requireAdmin: guard({ touch: true, roles: ["admin"] }),
    /** The owner or an instructor; the handler limits an instructor to their own lessons. */
    requireStaff: guard({ touch: true, roles: ["admin", "instructor"] }),
    requireClient: guard({ touch: true, roles: ["client"] }),
    /**
     * An admin, or a guardian of the household whose id is the path parameter `param`, allowed `permission` there
     * (assertClientAccess): the routes of one household's rows (plans, bookings, media) use it, so the check runs
     * before any row is read.
     */
    requireClientAccess:
      (param: string, permission: GuardianPermission): MiddlewareHandler<AppEnv> =>
      async (c, next) => {
        await guard({ touch: true, roles: ["admin", "client"] })(c, async () => {
          assertClientAccess(c.get("signedIn"), c.req.param(param) ?? "", permission);
          await next();
        });
      },
  };
}

export type SessionGuard = ReturnType<typeof createSessionGuard>;
