import { Hono } from "hono";
import type {
  ChangePasswordResponse,
  PasswordResetCheckResponse,
  PasswordResetConfirmResponse,
  PasswordResetRequestResponse,
  SessionResponse,
  SignInResponse,
  SignOutResponse,
} from "../../domain/api.ts";
import {
  changePasswordSchema,
  heartbeatSchema,
  localeChoiceSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type SessionUser,
  signInSchema,
} from "../../domain/auth.ts";
import { messages } from "../../domain/messages.ts";
import { publicUrl } from "../config.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { type AddressLimit, limitPerAddress } from "../http/limit-per-address.ts";
import { parseJsonBody } from "../http/validate.ts";
import { recordActivity, setLocale } from "./repository.ts";
import {
  type AccountDeps,
  changePassword,
  checkPasswordResetToken,
  confirmPasswordReset,
  requestPasswordReset,
  signIn,
} from "./service.ts";
import {
  clearSessionHint,
  endSession,
  forwardCookies,
  type SessionGuard,
  setSessionHint,
} from "./session.ts";

/** /api/session: sign-in, sign-out, who is signed in, activity, password change. */
export function sessionRoutes(deps: AccountDeps & { guard: SessionGuard }) {
  const { guard } = deps;
  return new Hono<AppEnv>()
    .post("/sign-in", async (c) => {
      const input = await parseJsonBody(c, signInSchema, { email: "invalid-credential" });
      const result = await signIn(deps, input, {
        ipAddress: c.get("clientIp"),
        userAgent: c.req.header("user-agent"),
      });
      forwardCookies(c, result.cookies);
      setSessionHint(c, {
        maxAgeSeconds: deps.config.SESSION_MAX_AGE_SECONDS,
        secure: deps.config.NODE_ENV === "production" || publicUrl(deps.config).startsWith("https:"),
      });
      return c.json<SignInResponse>({ role: result.role, mustChangePassword: result.mustChangePassword });
    })
    .post("/sign-out", async (c) => {
      await endSession(c, deps.auth);
      return c.json<SignOutResponse>({ signedOut: true });
    })
    .get("/", async (c) => {
      const signedIn = await guard.whoIsSignedIn(c);
      const user: SessionUser | null = signedIn && {
        id: signedIn.userId,
        email: signedIn.email,
        name: signedIn.name,
        role: signedIn.role,
        mustChangePassword: signedIn.mustChangePassword,
        locale: signedIn.locale,
        guardianOf: signedIn.guardianOf,
      };
      if (!user) clearSessionHint(c);
      c.header("Cache-Control", "no-store");
      return c.json<SessionResponse>({ user });
    })
    .post("/heartbeat", guard.requireSessionWithoutActivity, async (c) => {
      // The browser says how long ago the person last did something, so both halves of the idle rule count from
      // the same moment (domain/activity-tracker.ts). It can only move the moment later, never earlier.
      const { idleMs } = (await c.req.text())
        ? await parseJsonBody(c, heartbeatSchema)
        : heartbeatSchema.parse({});
      const signedIn = c.get("signedIn");
      await recordActivity(deps.db, signedIn.sessionId, new Date(deps.clock.now().getTime() - idleMs));
      return c.body(null, 204);
    })
    .put("/locale", guard.requireSessionWithoutActivity, async (c) => {
      const { locale } = await parseJsonBody(c, localeChoiceSchema);
      await setLocale(deps.db, c.get("signedIn").userId, locale);
      return c.body(null, 204);
    })
    .post("/change-password", guard.requireSession, async (c) => {
      const input = await parseJsonBody(c, changePasswordSchema, { newPassword: "weak-password" });
      await changePassword(deps, c.get("signedIn"), input, c.req.raw.headers);
      return c.json<ChangePasswordResponse>({ message: messages.passwordChanged });
    });
}

/** /api/password-reset: ask for the mail, then set the new password with the token from its link. */
export function passwordResetRoutes(deps: AccountDeps & AddressLimit) {
  return new Hono<AppEnv>()
    .post("/", limitPerAddress("password-reset", deps), async (c) => {
      const { email } = await parseJsonBody(c, passwordResetRequestSchema);
      await requestPasswordReset(deps, email);
      return c.json<PasswordResetRequestResponse>({ message: messages.resetEmailSent });
    })
    .get("/check", async (c) => {
      // A missing or malformed token is simply a link that does not work: the same answer as a used one.
      const token = passwordResetConfirmSchema.shape.token.safeParse(c.req.query("token"));
      if (!token.success) throw appError("invalid-token", 400, messages.resetLinkInvalid);
      await checkPasswordResetToken(deps, token.data);
      c.header("Cache-Control", "no-store");
      return c.json<PasswordResetCheckResponse>({ valid: true });
    })
    .post("/confirm", async (c) => {
      const input = await parseJsonBody(c, passwordResetConfirmSchema, {
        newPassword: "weak-password",
        token: "invalid-token",
      });
      await confirmPasswordReset(deps, input);
      return c.json<PasswordResetConfirmResponse>({ message: messages.passwordReset });
    });
}
