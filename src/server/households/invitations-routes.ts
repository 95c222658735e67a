import { Hono } from "hono";
import {
  type AcceptInvitationResponse,
  type GuardianChangeResponse,
  type GuardiansResponse,
  guardianMessages,
  type InvitationCheckResponse,
  type InviteGuardianResponse,
} from "../../domain/guardians.ts";
import {
  acceptInvitationSchema,
  invitationTokenSchema,
  inviteGuardianSchema,
} from "../../domain/guardians-schemas.ts";
import { queryParams } from "../../domain/paths.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { httpMessages } from "../http/http-messages.ts";
import { clientIdParam, parseJsonBody } from "../http/validate.ts";
import {
  acceptInvitation,
  checkInvitation,
  type InvitationDeps,
  inviteGuardian,
  listGuardians,
  removeGuardian,
  revokeInvitation,
} from "./invitations-service.ts";

/** Ids of rows named in a path: a guardian's user id or an invitation's id (never trusted, only looked up). */
function idParam(c: { req: { param: (name: string) => string | undefined } }, name: string): string {
  const value = c.req.param(name) ?? "";
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(value))
    throw appError("validation", 400, httpMessages.invalidRequest, { field: name });
  return value;
}

/**
 * /api/clients/:clientId/guardians: a household's guardians and pending invitations. Every guardian of the
 * household (and an admin) sees them; only an admin or a guardian allowed everything invites, revokes and removes
 * (the service checks, before any row is read).
 */
export function guardianRoutes(deps: InvitationDeps & { guard: SessionGuard }) {
  const signedIn = deps.guard.requireRole("admin", "client");
  return new Hono<AppEnv>()
    .get("/:clientId/guardians", signedIn, async (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json<GuardiansResponse>(await listGuardians(deps, c.get("signedIn"), clientIdParam(c)));
    })
    .post("/:clientId/guardians/invitations", signedIn, async (c) => {
      const clientId = clientIdParam(c);
      const input = await parseJsonBody(c, inviteGuardianSchema);
      const invitation = await inviteGuardian(deps, c.get("signedIn"), clientId, input);
      return c.json<InviteGuardianResponse>(
        { invitation, message: guardianMessages.invitationSent(invitation.email) },
        201,
      );
    })
    .delete("/:clientId/guardians/invitations/:invitationId", signedIn, async (c) => {
      await revokeInvitation(deps, c.get("signedIn"), clientIdParam(c), idParam(c, "invitationId"));
      return c.json<GuardianChangeResponse>({ message: guardianMessages.invitationRevoked });
    })
    .delete("/:clientId/guardians/:userId", signedIn, async (c) => {
      await removeGuardian(deps, c.get("signedIn"), clientIdParam(c), idParam(c, "userId"));
      return c.json<GuardianChangeResponse>({ message: guardianMessages.guardianRemoved });
    });
}

/**
 * /api/guardian-invitations: the invitation link's page, without a session. As with the reset link, an unknown, a
 * used and an expired link get the same answer; the (slow) password hash runs only for a link that works.
 */
export function invitationAcceptRoutes(deps: InvitationDeps) {
  return new Hono<AppEnv>()
    .get("/check", async (c) => {
      c.header("Cache-Control", "no-store");
      const token = invitationTokenSchema.safeParse(c.req.query(queryParams.token));
      if (!token.success) throw appError("invalid-token", 400, guardianMessages.invitationInvalid);
      return c.json<InvitationCheckResponse>(await checkInvitation(deps, token.data));
    })
    .post("/accept", async (c) => {
      const input = await parseJsonBody(c, acceptInvitationSchema, {
        token: "invalid-token",
        password: "weak-password",
      });
      const { email } = await acceptInvitation(deps, input, c.get("locale"));
      return c.json<AcceptInvitationResponse>({ email, message: guardianMessages.accountReady });
    });
}
