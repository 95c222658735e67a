import { type CompiledQuery, type InferResult, sql } from "kysely";
import type { Role } from "../../domain/auth.ts";
import { normalizeEmail } from "../../domain/fields.ts";
import type { Locale } from "../../domain/locale.ts";
import { sessionTouchIntervalMs } from "../../domain/timing.ts";
import type { Db } from "../db/database.ts";

/** The admin plugin may store several roles, comma-separated. */
export function hasAdminRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((part) => part.trim() === "admin");
}

/** An instructor account (docs/decisions/021): the stored role "instructor". */
export function hasInstructorRole(role: string | null | undefined): boolean {
  return (role ?? "").split(",").some((part) => part.trim() === "instructor");
}

/**
 * Spec §4: an admin (the owner) by the admin role; an instructor by the instructor role (docs/decisions/021); a
 * client by being a guardian of a household (a client row, whose role is 'client'; docs/decisions/019); else nobody.
 */
export function roleFrom(userRole: string | null | undefined, isGuardian: boolean): Role | null {
  if (hasAdminRole(userRole)) return "admin";
  if (hasInstructorRole(userRole)) return "instructor";
  return isGuardian ? "client" : null;
}

export async function roleOf(db: Db, user: { id: string; role?: string | null }): Promise<Role | null> {
  if (hasAdminRole(user.role)) return "admin";
  if (hasInstructorRole(user.role)) return "instructor";
  const guardian = await db
    .selectFrom("guardian")
    .innerJoin("client", "client.id", "guardian.clientId")
    .select("guardian.userId")
    .where("guardian.userId", "=", user.id)
    .where("client.role", "=", "client")
    .executeTakeFirst();
  return roleFrom(user.role, Boolean(guardian));
}

/**
 * The session a token names, with its holder and whether they have a client row, in one read: the guard runs it
 * on every API request. Compiled once; each call only binds the token.
 */
function signedInSessionQuery(db: Db) {
  return db
    .selectFrom("session")
    .innerJoin("user", "user.id", "session.userId")
    .leftJoin("guardian", "guardian.userId", "user.id")
    .leftJoin("client", (join) =>
      join.onRef("client.id", "=", "guardian.clientId").on("client.role", "=", sql.lit("client")),
    )
    .select([
      "session.id as sessionId",
      "session.expiresAt",
      "session.createdAt",
      "session.lastActiveAt",
      "user.id as userId",
      "user.email",
      "user.name",
      "user.role as userRole",
      "user.mustChangePassword",
      "user.locale",
      "client.id as clientId",
      "guardian.canBook",
      "guardian.canPay",
      "guardian.canSeeProgress",
      "guardian.getsMail",
    ])
    .where("session.token", "=", "");
}

const compiledSessionQueries = new WeakMap<Db, CompiledQuery<SignedInSessionRow>>();
export type SignedInSessionRow = InferResult<ReturnType<typeof signedInSessionQuery>>[number];

export async function findSignedInSession(db: Db, token: string): Promise<SignedInSessionRow | undefined> {
  let compiled = compiledSessionQueries.get(db);
  if (!compiled) {
    compiled = signedInSessionQuery(db).compile();
    compiledSessionQueries.set(db, compiled);
  }
  const { rows } = await db.executeQuery<SignedInSessionRow>({ ...compiled, parameters: [token] });
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "name", "role", "mustChangePassword"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

/** The stored language of each of `userIds` that exists. */
export async function localesOf(
  db: Db,
  userIds: readonly string[],
): Promise<{ id: string; locale: string }[]> {
  if (userIds.length === 0) return [];
  return db.selectFrom("user").select(["id", "locale"]).where("id", "in", userIds).execute();
}

/**
 * The school owner's stored language: the oldest admin account's (the first admin made at start-up). The admin
 * role may share its column with others ("admin,user"), so every account whose role mentions it is a candidate.
 */
export async function ownerLocale(db: Db): Promise<string | undefined> {
  const admins = await db
    .selectFrom("user")
    .select(["role", "locale"])
    .where("role", "like", "%admin%")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return admins.find((admin) => hasAdminRole(admin.role))?.locale;
}

export async function setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.updateTable("user").set({ locale }).where("id", "=", userId).execute();
}

export async function setMustChangePassword(db: Db, userId: string, value: boolean): Promise<void> {
  await db
    .updateTable("user")
    .set({ mustChangePassword: value ? 1 : 0 })
    .where("id", "=", userId)
    .execute();
}

/**
 * Records a request at `now` as the session's last activity, unless the stored moment is less than
 * `sessionTouchIntervalMs` old: one write per session every few seconds instead of one (and an fsync) per request.
 * The idle rule then counts from at most that much before the real last request (decision 013).
 */
export async function touchSession(
  db: Db,
  session: { id: string; lastActiveAt: Date },
  now: Date,
): Promise<void> {
  if (now.getTime() - session.lastActiveAt.getTime() < sessionTouchIntervalMs) return;
  await recordActivity(db, session.id, now);
}

/** Activity reported by the browser at `at`: moves the session's last activity later, never earlier. */
export async function recordActivity(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable("session")
    .set({ lastActiveAt: at.toISOString() })
    .where("id", "=", sessionId)
    .where((eb) => eb.or([eb("lastActiveAt", "is", null), eb("lastActiveAt", "<", at.toISOString())]))
    .execute();
}

/**
 * Deletes the sessions nobody can use any more: idle for the inactivity limit, or past better-auth's expiry.
 * Only tidiness: the guards refuse such sessions anyway.
 */
export async function pruneSessions(db: Db, now: Date, idleMs: number): Promise<number> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  const result = await db
    .deleteFrom("session")
    // expiresAt is better-auth's, stamped with the system clock.
    .where((eb) =>
      eb.or([eb("lastActiveAt", "<=", idleSince), eb("expiresAt", "<=", new Date().toISOString())]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom("session").where("token", "=", token).execute();
}

export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).where("id", "!=", keepSessionId).execute();
}

/** A sign-in attempt, written before the password is checked; kept only when the attempt failed. */
export async function recordSignInAttempt(
  db: Db,
  attempt: { email: string; ipAddress: string; at: Date },
): Promise<number> {
  const row = await db
    .insertInto("signInFailure")
    .values({ email: attempt.email, ipAddress: attempt.ipAddress, createdAt: attempt.at.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function forgetSignInAttempt(db: Db, id: number): Promise<void> {
  await db.deleteFrom("signInFailure").where("id", "=", id).execute();
}

/** Attempts after `since` on this account and from this address (the caller's own included). */
export async function countSignInAttempts(
  db: Db,
  by: { email: string; ipAddress: string; since: Date },
): Promise<{ byAccount: number; byAddress: number }> {
  const since = by.since.toISOString();
  // Rows older than the window never count again.
  await db.deleteFrom("signInFailure").where("createdAt", "<=", since).execute();
  const counts = await db
    .selectFrom("signInFailure")
    .select((eb) => [
      eb.fn.countAll<string | number>().filterWhere("email", "=", by.email).as("byAccount"),
      eb.fn.countAll<string | number>().filterWhere("ipAddress", "=", by.ipAddress).as("byAddress"),
    ])
    .where("createdAt", ">", since)
    .where((eb) => eb.or([eb("email", "=", by.email), eb("ipAddress", "=", by.ipAddress)]))
    .executeTakeFirstOrThrow();
  return { byAccount: Number(counts.byAccount), byAddress: Number(counts.byAddress) };
}

/** The user's password sign-in (better-auth's credential account) gets this hash. */
export async function setCredentialPassword(
  trx: Db,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable("account")
    .set({ password: passwordHash, updatedAt: now })
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .execute();
}

export async function deleteSessionsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom("signInFailure").where("email", "=", normalizeEmail(email)).execute();
}

/**
 * Deletes a user in the caller's transaction. Rows that reference the user or its client row go with it by the
 * schema's ON DELETE CASCADE; here only what is keyed by the email or the id without a foreign key: reset
 * tokens, sign-in records and the mail addressed to them.
 */
export async function forgetAccount(trx: Db, userId: string): Promise<void> {
  const emails = await trx
    .selectFrom("user")
    .select("email")
    .where("id", "=", userId)
    .union(trx.selectFrom("client").select("email").where("id", "=", userId))
    .execute();
  const addresses = emails.map((row) => row.email);
  await trx.deleteFrom("verification").where("value", "=", userId).execute();
  if (addresses.length > 0) {
    await trx.deleteFrom("signInFailure").where("email", "in", addresses).execute();
    await trx.deleteFrom("mailOutbox").where("toAddress", "in", addresses).execute();
  }
  await trx.deleteFrom("user").where("id", "=", userId).execute();
}

/** A login made by the school for someone (a client, an instructor), who changes its temporary password first. */
export interface NewPasswordLogin {
  id: string;
  accountId: string;
  name: string;
  email: string;
  /** better-auth's stored role: "user" for a family's guardian, "instructor" for an instructor. */
  role: string;
  /** better-auth's hash of the temporary password. */
  passwordHash: string;
  now: string;
  /** The person's language (mails, reminders); the column's default, English, when unset. */
  locale?: string;
}

/**
 * The better-auth user and credential account (the rows its admin createUser writes), in the caller's transaction,
 * with the password change due at the first sign-in.
 */
export async function insertPasswordLogin(trx: Db, login: NewPasswordLogin): Promise<void> {
  await trx
    .insertInto("user")
    .values({
      id: login.id,
      name: login.name,
      email: login.email,
      emailVerified: 0,
      image: null,
      createdAt: login.now,
      updatedAt: login.now,
      role: login.role,
      banned: 0,
      banReason: null,
      banExpires: null,
      mustChangePassword: 1,
      ...(login.locale ? { locale: login.locale } : {}),
    })
    .execute();
  await trx
    .insertInto("account")
    .values({
      id: login.accountId,
      accountId: login.id,
      providerId: "credential",
      userId: login.id,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: login.passwordHash,
      createdAt: login.now,
      updatedAt: login.now,
    })
    .execute();
}
