import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { admin } from "better-auth/plugins/admin";
import { passwordMaxLength, passwordMinLength } from "../../domain/auth.ts";
import { defaultLocale, isLocale } from "../../domain/locale.ts";
import { resetPasswordPath } from "../../domain/paths.ts";
import { translate } from "../../domain/translate.ts";
import type { Clock } from "../clock.ts";
import { type Config, publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isPostgres } from "../db/portable.ts";
import type { Log } from "../http/log.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { Outbox } from "../ports/mail/outbox.ts";
import { keepAuthStoresOffWhenIdle } from "./idle-auth-stores.ts";
import { clearSignInFailures, localesOf, setMustChangePassword } from "./repository.ts";

/** Spec: the reset link expires within an hour. */
export const resetTokenLifetimeSeconds = 60 * 60;

/** Only these better-auth endpoints answer at /api/auth/*: the others would bypass our sign-in lock,
 * roles and idle sign-out (sign-in, sign-up, get-session, the admin plugin's user management), or answer in
 * better-auth's own error shape (reset-password: ours is POST /api/password-reset/confirm). */
export const exposedAuthPaths = ["/api/auth/ok"] as const;

/** The password reset mail, in the language the caller writes it in. */
function resetMail(link: string, siteUrl: string) {
  return {
    subject: translate(/*i18n*/ { id: "mails.reset.subject", message: "Reset your password" }),
    text: [
      translate(
        /*i18n*/ {
          id: "mails.reset.asked",
          message: "Someone asked to reset the password of your swim school account.",
        },
      ),
      "",
      translate(
        /*i18n*/ { id: "mails.reset.link", message: "Choose a new password here: {link}", values: { link } },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.reset.expiry",
          message:
            "The link works once and expires in one hour. If you did not ask for it, ignore this mail.",
        },
      ),
      "",
      mailWords.foot(siteUrl, "account"),
    ].join("\n"),
  };
}

export interface AuthDeps {
  config: Config;
  db: Db;
  outbox: Outbox;
  clock: Clock;
  log: Log;
}

export function createAuth(deps: AuthDeps) {
  const { config, db, outbox, clock, log } = deps;
  const baseURL = publicUrl(config);
  const secure = config.NODE_ENV === "production" || baseURL.startsWith("https:");
  const mailConfigured = Boolean(config.SMTP_URL);

  let secret = config.BETTER_AUTH_SECRET;
  if (!secret) {
    // main.ts always passes one; tools and tests get a fresh one, so their sessions end with the process.
    secret = randomBytes(32).toString("hex");
    if (config.NODE_ENV === "production")
      log("warn", "BETTER_AUTH_SECRET is not set: sessions end on restart");
  }

  keepAuthStoresOffWhenIdle();
  return betterAuth({
    appName: "Swim School",
    baseURL,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [new URL(baseURL).origin],
    // Our Kysely instance: the same tables, migrations and transactions as the rest of the app.
    database: { db, type: isPostgres(db) ? "postgres" : "sqlite", transaction: true },
    emailAndPassword: {
      enabled: true,
      // Accounts are made by an admin (clients) or at start-up / from the shell (admins), never by visitors.
      disableSignUp: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      resetPasswordTokenExpiresIn: resetTokenLifetimeSeconds,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        const link = `${baseURL}${resetPasswordPath(token)}`;
        // In the person's stored language, whatever page asked for it (docs/decisions/018).
        const [stored] = await localesOf(db, [user.id]);
        const mailId = await outbox.enqueue({
          ...inLocale(isLocale(stored?.locale) ? stored.locale : defaultLocale, () =>
            resetMail(link, baseURL),
          ),
          to: user.email,
          // better-auth stores the token hashed: the stored copy of the mail must not hold it either.
          secrets: [link, token],
        });
        // A failed first attempt stays queued: the outbox retries it while the link is still valid.
        if (mailConfigured) await outbox.deliver(mailId);
      },
      async onPasswordReset({ user }) {
        // The person proved they own the mailbox: the temporary password and any lockout no longer apply.
        await setMustChangePassword(db, user.id, false);
        await clearSignInFailures(db, user.email);
      },
    },
    user: {
      additionalFields: {
        mustChangePassword: { type: "boolean", required: false, defaultValue: false, input: false },
        locale: { type: "string", required: false, defaultValue: "en", input: false },
      },
    },
    session: {
      expiresIn: config.SESSION_MAX_AGE_SECONDS,
      // The 5-minute idle limit is ours (session.ts, on the injected clock): better-auth never extends a session,
      // so a session ends at the idle limit or SESSION_MAX_AGE_SECONDS after sign-in, whichever comes first.
      disableSessionRefresh: true,
      additionalFields: {
        lastActiveAt: { type: "date", required: false, input: false },
      },
    },
    verification: {
      // A leaked database holds no usable reset links.
      storeIdentifier: "hashed",
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => ({ data: { ...session, lastActiveAt: clock.now() } }),
        },
      },
    },
    // Our sign-in route keeps its own limits (per account and per address, in the database).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    plugins: [admin({ defaultRole: "user", adminRoles: ["admin"] })],
    logger: {
      level: config.LOG_LEVEL === "silent" ? "error" : config.LOG_LEVEL,
      disabled: config.LOG_LEVEL === "silent",
      log: (level, message, ...args) =>
        log(level, `better-auth: ${message}`, args.length > 0 ? { details: args.map(String) } : undefined),
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** An error better-auth's API threw: its HTTP status and error code. */
export function authApiError(error: unknown): { statusCode: number; code: string | undefined } | null {
  if (!(error instanceof Error) || !("statusCode" in error) || typeof error.statusCode !== "number")
    return null;
  const body = "body" in error ? (error.body as { code?: unknown } | undefined) : undefined;
  return { statusCode: error.statusCode, code: typeof body?.code === "string" ? body.code : undefined };
}
