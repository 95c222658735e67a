import { randomInt } from "node:crypto";
import { type Role, type SignInInput, temporaryPasswordLength } from "../../domain/auth.ts";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { authErrorMessages, messages } from "../../domain/messages.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { appError } from "../http/errors.ts";
import { type Auth, authApiError } from "./auth.ts";
import {
  clearSignInFailures,
  countSignInAttempts,
  deleteOtherSessions,
  deleteSessionByToken,
  deleteSessionsOf,
  findUserByEmail,
  forgetAccount,
  forgetSignInAttempt,
  insertPasswordLogin,
  localesOf,
  ownerLocale,
  recordSignInAttempt,
  roleOf,
  setCredentialPassword,
  setMustChangePassword,
} from "./repository.ts";
import type { SignedIn } from "./session.ts";

export type { NewPasswordLogin } from "./repository.ts";
/** The login of someone the school registers (a client's guardian, an instructor), in the caller's transaction. */
export const createPasswordLogin = insertPasswordLogin;

// Each person's language (docs/decisions/018): what their mails, reminders and calendar feed are written in.

const asLocale = (stored: string | undefined): Locale => (isLocale(stored) ? stored : defaultLocale);

/** The stored language of each person of `userIds` (English for one who does not exist). */
export async function personLocales(db: Db, userIds: readonly string[]): Promise<Map<string, Locale>> {
  const unique = [...new Set(userIds)];
  const stored = new Map((await localesOf(db, unique)).map((row) => [row.id, row.locale]));
  return new Map(unique.map((id) => [id, asLocale(stored.get(id))]));
}

/** The stored language of one person (English for one who does not exist). */
export async function personLocale(db: Db, userId: string): Promise<Locale> {
  return (await personLocales(db, [userId])).get(userId) ?? defaultLocale;
}

/**
 * The language the school reads its own mail in (a contact form's notification): the owner's, the oldest admin
 * account's stored choice; English while there is no admin.
 */
export async function schoolLocale(db: Db): Promise<Locale> {
  return asLocale(await ownerLocale(db));
}

export interface AccountDeps {
  auth: Auth;
  db: Db;
  clock: Clock;
  config: Config;
}

export interface CallerInfo {
  ipAddress: string;
  userAgent: string | undefined;
}

function callerHeaders(caller: CallerInfo): Headers {
  const headers = new Headers({ "x-forwarded-for": caller.ipAddress });
  if (caller.userAgent) headers.set("user-agent", caller.userAgent.slice(0, 500));
  return headers;
}

/**
 * Spec §4/§8 sign-in with a distinct answer per cause (better-auth deliberately answers one merged error).
 * No more than SIGN_IN_ACCOUNT_FAILURE_LIMIT failed attempts on one account, and SIGN_IN_IP_FAILURE_LIMIT from
 * one address, within the window. The attempt is written before the password is checked, so parallel guesses
 * see each other and can never get past the limit together; it is removed again unless it failed.
 */
export async function signIn(
  deps: AccountDeps,
  input: SignInInput,
  caller: CallerInfo,
): Promise<{ cookies: Headers; role: Role; mustChangePassword: boolean }> {
  const { auth, db, clock, config } = deps;
  const now = clock.now();
  const since = new Date(now.getTime() - config.SIGN_IN_FAILURE_WINDOW_SECONDS * 1000);

  const attemptId = await recordSignInAttempt(db, {
    email: input.email,
    ipAddress: caller.ipAddress,
    at: now,
  });
  const forget = () => forgetSignInAttempt(db, attemptId);
  const counts = await countSignInAttempts(db, { email: input.email, ipAddress: caller.ipAddress, since });
  if (
    counts.byAccount > config.SIGN_IN_ACCOUNT_FAILURE_LIMIT ||
    counts.byAddress > config.SIGN_IN_IP_FAILURE_LIMIT
  ) {
    await forget();
    throw appError("too-many-requests", 429, authErrorMessages["too-many-requests"]);
  }

  const user = await findUserByEmail(db, input.email);
  if (!user) throw appError("user-not-found", 404, authErrorMessages["user-not-found"]);

  let result: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    result = await signInWithPassword(auth, input, caller);
  } catch (error) {
    const apiError = authApiError(error);
    if (apiError?.statusCode === 401)
      throw appError("wrong-password", 401, authErrorMessages["wrong-password"]);
    throw error;
  }
  await forget();

  const role = await roleOf(db, user);
  if (!role) {
    // The password was right, but the account is neither an admin nor a client: no session is left behind.
    await deleteSessionByToken(db, result.response.token);
    throw appError("permission-denied", 403, messages.permissionDenied);
  }
  return { cookies: result.headers, role, mustChangePassword: Boolean(user.mustChangePassword) };
}

function signInWithPassword(auth: Auth, input: SignInInput, caller: CallerInfo) {
  return auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    headers: callerHeaders(caller),
    returnHeaders: true,
  });
}

/** Spec §5 reset: only an admin's or a client's email gets a mail with a single-use link. */
export async function requestPasswordReset(
  deps: Pick<AccountDeps, "auth" | "db">,
  email: string,
): Promise<void> {
  const { auth, db } = deps;
  const user = await findUserByEmail(db, email);
  const role = user ? await roleOf(db, user) : null;
  if (!user || !role) throw appError("email-not-registered", 404, messages.resetEmailNotRegistered);
  await auth.api.requestPasswordReset({ body: { email: user.email } });
}

/**
 * Whether a reset link can still be used, without using it up: the reset page asks when it opens, so a used or
 * expired link is refused before anyone types a new password. better-auth keeps the token hashed
 * (`verification.storeIdentifier`); its own lookup hashes the same way.
 */
export async function checkPasswordResetToken(deps: Pick<AccountDeps, "auth">, token: string): Promise<void> {
  const context = await deps.auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  // better-auth stamps and checks the expiry with the system clock; so does this.
  const valid =
    verification !== null &&
    new Date(verification.expiresAt).getTime() > Date.now() &&
    (await context.internalAdapter.findUserById(verification.value)) !== null;
  if (!valid) throw appError("invalid-token", 400, messages.resetLinkInvalid);
}

/** Sets the new password once per token (better-auth consumes it); signs the user out everywhere. */
export async function confirmPasswordReset(
  deps: AccountDeps,
  input: { token: string; newPassword: string },
): Promise<void> {
  try {
    await deps.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    const apiError = authApiError(error);
    if (apiError?.code === "PASSWORD_TOO_SHORT" || apiError?.code === "PASSWORD_TOO_LONG") {
      throw appError("weak-password", 400, authErrorMessages["weak-password"]);
    }
    if (apiError && apiError.statusCode < 500)
      throw appError("invalid-token", 400, messages.resetLinkInvalid);
    throw error;
  }
}

/**
 * A new password for the signed-in user. While the admin's temporary password is still in place the current
 * one may be left out (the user has just signed in with it); otherwise it is required. Other sessions end.
 */
export async function changePassword(
  deps: AccountDeps,
  signedIn: SignedIn,
  input: { currentPassword?: string | undefined; newPassword: string },
  requestHeaders: Headers,
): Promise<void> {
  const { auth, db } = deps;
  if (input.currentPassword === input.newPassword) {
    throw appError("same-password", 400, messages.samePassword, { field: "newPassword" });
  }
  if (input.currentPassword === undefined) {
    if (!signedIn.mustChangePassword) {
      throw appError("validation", 400, messages.currentPasswordRequired, { field: "currentPassword" });
    }
    const context = await auth.$context;
    const account = await context.internalAdapter.findCredentialAccount(signedIn.userId);
    if (
      account?.password &&
      (await context.password.verify({ hash: account.password, password: input.newPassword }))
    ) {
      throw appError("same-password", 400, messages.samePassword, { field: "newPassword" });
    }
    await context.internalAdapter.updatePassword(
      signedIn.userId,
      await context.password.hash(input.newPassword),
    );
  } else {
    try {
      await auth.api.changePassword({
        body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
        headers: requestHeaders,
      });
    } catch (error) {
      const apiError = authApiError(error);
      if (apiError?.code === "INVALID_PASSWORD") {
        throw appError("wrong-password", 400, messages.currentPasswordWrong, { field: "currentPassword" });
      }
      if (apiError?.code === "PASSWORD_TOO_SHORT" || apiError?.code === "PASSWORD_TOO_LONG") {
        throw appError("weak-password", 400, authErrorMessages["weak-password"], { field: "newPassword" });
      }
      throw error;
    }
  }
  await setMustChangePassword(db, signedIn.userId, false);
  await deleteOtherSessions(db, signedIn.userId, signedIn.sessionId);
}

/**
 * In the caller's transaction: the account's password becomes `passwordHash`, a temporary one the person must
 * replace at the next sign-in; every session of theirs ends, and a sign-in lock from earlier failures is lifted.
 */
export async function setTemporaryPassword(
  trx: Db,
  account: { userId: string; email: string; passwordHash: string; now: string },
): Promise<void> {
  await setCredentialPassword(trx, account.userId, account.passwordHash, account.now);
  await setMustChangePassword(trx, account.userId, true);
  await deleteSessionsOf(trx, account.userId);
  await clearSignInFailures(trx, account.email);
}

/** Deletes the account in the caller's transaction, with what is keyed by its email (repository.forgetAccount). */
export const deleteAccount = (trx: Db, userId: string) => forgetAccount(trx, userId);

/** No 0/O, 1/l/I and the like: the owner reads the password out or copies it by hand. */
const passwordAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";

/** Spec §9: the 8-character password an admin hands a new client (or instructor), to be changed at first sign-in. */
export function generateTemporaryPassword(): string {
  let password = "";
  for (let i = 0; i < temporaryPasswordLength; i++)
    password += passwordAlphabet[randomInt(passwordAlphabet.length)];
  return password;
}
