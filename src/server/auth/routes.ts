import { Hono } from "hono";
import {
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type SessionUser,
  signInSchema,
} from "../../domain/auth.ts";
import { messages } from "../../domain/messages.ts";
import type { AppEnv } from "../http/app-env.ts";
import { type AddressLimit, limitPerAddress } from "../http/limit-per-address.ts";
import { parseJsonBody } from "../http/validate.ts";
import {
  type AccountDeps,
  changePassword,
  confirmPasswordReset,
  requestPasswordReset,
  signIn,
} from "./service.ts";
import { endSession, forwardCookies, type SessionGuard } from "./session.ts";

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
      return c.json({ role: result.role, mustChangePassword: result.mustChangePassword });
    })
    .post("/sign-out", async (c) => {
      await endSession(c, deps.auth);
      return c.json({ signedOut: true });
    })
    .get("/", async (c) => {
      const signedIn = await guard.whoIsSignedIn(c);
      const user: SessionUser | null = signedIn && {
        id: signedIn.userId,
        email: signedIn.email,
        name: signedIn.name,
        role: signedIn.role,
        mustChangePassword: signedIn.mustChangePassword,
      };
      c.header("Cache-Control", "no-store");
      return c.json({ user });
    })
    .post("/heartbeat", guard.requireSession, (c) => c.body(null, 204))
    .post("/change-password", guard.requireSession, async (c) => {
      const input = await parseJsonBody(c, changePasswordSchema, { newPassword: "weak-password" });
      await changePassword(deps, c.get("signedIn"), input, c.req.raw.headers);
      return c.json({ message: messages.passwordChanged });
    });
}

/** /api/password-reset: ask for the mail, then set the new password with the token from its link. */
export function passwordResetRoutes(deps: AccountDeps & AddressLimit) {
  return new Hono<AppEnv>()
    .post("/", limitPerAddress("password-reset", deps), async (c) => {
      const { email } = await parseJsonBody(c, passwordResetRequestSchema);
      await requestPasswordReset(deps, email);
      return c.json({ message: messages.resetEmailSent });
    })
    .post("/confirm", async (c) => {
      const input = await parseJsonBody(c, passwordResetConfirmSchema, {
        newPassword: "weak-password",
        token: "invalid-token",
      });
      await confirmPasswordReset(deps, input);
      return c.json({ message: messages.passwordReset });
    });
}
