import { createHash, randomBytes, randomUUID } from "node:crypto";
import content from "../../content/site.json" with { type: "json" };
import {
  type GuardiansResponse,
  guardianMessages,
  type InvitationCheckResponse,
  invitationLifetimeDays,
  managesGuardians,
  type PendingInvitation,
} from "../../domain/guardians.ts";
import type { AcceptInvitationInput, InviteGuardianInput } from "../../domain/guardians-schemas.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import type { Locale } from "../../domain/locale.ts";
import { messages } from "../../domain/messages.ts";
import { acceptInvitationPath } from "../../domain/paths.ts";
import { translate } from "../../domain/translate.ts";
import { recordAudit } from "../audit/service.ts";
import type { Auth } from "../auth/auth.ts";
import { deleteAccount } from "../auth/service.ts";
import type { SignedIn } from "../auth/session.ts";
import type { Clock } from "../clock.ts";
import { type Config, publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import { appError } from "../http/errors.ts";
import type { Outbox } from "../ports/mail/outbox.ts";
import {
  accountHasEmail,
  claimInvitation,
  deletePendingInvitation,
  guardiansOf,
  householdName,
  type InvitationRow,
  insertGuardianAccount,
  isGuardianOf,
  type PermissionFlags,
  pendingInvitationsOf,
  replaceInvitation,
  usableInvitation,
} from "./repository.ts";
import { refreshFamilyNames } from "./service.ts";

export interface InvitationDeps {
  db: Db;
  auth: Auth;
  clock: Clock;
  config: Config;
  outbox: Outbox;
}

const dayMs = 24 * 60 * 60 * 1000;

/** The link's secret is only ever stored as this: a leaked database holds no usable invitation. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

const flagsOf = (permissions: GuardianPermissions): PermissionFlags => ({
  canBook: permissions.book ? 1 : 0,
  canPay: permissions.pay ? 1 : 0,
  canSeeProgress: permissions.progress ? 1 : 0,
  getsMail: permissions.mail ? 1 : 0,
});

const permissionsOf = (row: PermissionFlags): GuardianPermissions => ({
  book: row.canBook === 1,
  pay: row.canPay === 1,
  progress: row.canSeeProgress === 1,
  mail: row.getsMail === 1,
});

const pendingOf = (row: InvitationRow): PendingInvitation => ({
  id: row.id,
  email: row.email,
  permissions: permissionsOf(row),
  expiresAt: row.expiresAt,
});

const invitationInvalid = () => appError("invalid-token", 400, guardianMessages.invitationInvalid);

/** Any guardian of the household (whatever their permissions) and an admin may see its guardians. */
function assertMember(signedIn: SignedIn, clientId: string): void {
  if (signedIn.role === "admin" || signedIn.guardianOf?.householdId === clientId) return;
  throw appError("permission-denied", 403, messages.permissionDenied);
}

/** Only an admin or a full guardian of the household invites, revokes and removes (domain/guardians.ts). */
function assertManager(signedIn: SignedIn, clientId: string): void {
  if (managesGuardians(signedIn, clientId)) return;
  throw appError("permission-denied", 403, messages.permissionDenied);
}

async function householdNameOrThrow(db: Db, clientId: string): Promise<string> {
  const name = await householdName(db, clientId);
  if (name === undefined) throw appError("client-not-found", 404, messages.clientNotFound);
  return name;
}

export async function listGuardians(
  deps: Pick<InvitationDeps, "db" | "clock">,
  signedIn: SignedIn,
  clientId: string,
): Promise<GuardiansResponse> {
  assertMember(signedIn, clientId);
  await householdNameOrThrow(deps.db, clientId);
  const [guardians, invitations] = await Promise.all([
    guardiansOf(deps.db, clientId),
    pendingInvitationsOf(deps.db, clientId, deps.clock.now().toISOString()),
  ]);
  return {
    guardians: guardians.map((row) => ({
      userId: row.userId,
      name: row.name,
      email: row.email,
      permissions: permissionsOf(row),
      first: row.userId === clientId,
    })),
    invitations: invitations.map(pendingOf),
  };
}

/** The invitation mail, in the language it is written in (inLocale; the inviter's, by default the request's). */
function invitationMail(link: string, household: string, inviter: string) {
  const school = content.school.name;
  return {
    subject: translate(
      /*i18n*/ {
        id: "mails.invitation.subject",
        message: "You are invited to the {household} family at {school}",
        values: { household, school },
      },
    ),
    text: [
      translate(
        /*i18n*/ {
          id: "mails.invitation.invited",
          message:
            "{inviter} invited you to be a guardian of the {household} family at {school}: you will sign in to see their swim classes.",
          values: { inviter, household, school },
        },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.invitation.link",
          message: "Choose your password and open your account here: {link}",
          values: { link },
        },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.invitation.expiry",
          message:
            "The link works once and expires in {days} days. If you do not know this family, ignore this mail.",
          values: { days: invitationLifetimeDays },
        },
      ),
    ].join("\n"),
  };
}

/**
 * Invites `input.email` to the household with the chosen permissions and mails them the link. An address that
 * already has an account is refused (a person is a guardian of one household); inviting an address again replaces
 * its unused invitation, so only the newest link works.
 */
export async function inviteGuardian(
  deps: InvitationDeps,
  signedIn: SignedIn,
  clientId: string,
  input: InviteGuardianInput,
): Promise<PendingInvitation> {
  assertManager(signedIn, clientId);
  const { db, clock, outbox } = deps;
  const household = await householdNameOrThrow(db, clientId);
  const token = randomBytes(32).toString("base64url");
  const link = `${publicUrl(deps.config)}${acceptInvitationPath(token)}`;
  const now = clock.now();
  const invitation = {
    id: randomUUID(),
    clientId,
    email: input.email,
    ...flagsOf(input.permissions),
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(now.getTime() + invitationLifetimeDays * dayMs).toISOString(),
    invitedByUserId: signedIn.userId,
    createdAt: now.toISOString(),
  };
  const mailId = await db.transaction().execute(async (trx) => {
    if (await accountHasEmail(trx, input.email)) {
      throw appError("email-already-in-use", 409, guardianMessages.alreadyHasAccount, { field: "email" });
    }
    await replaceInvitation(trx, invitation);
    await recordAudit(trx, {
      kind: "guardian-invitation",
      id: invitation.id,
      action: "invited",
      householdId: clientId,
      after: input,
    });
    // The link is the mail's secret: the outbox's stored copy and production logs never hold it.
    return outbox.enqueue(
      { ...invitationMail(link, household, signedIn.name), to: input.email, secrets: [link, token] },
      trx,
    );
  });
  // A failed first attempt stays queued: the outbox retries it while the link is still valid.
  if (deps.config.SMTP_URL) await outbox.deliver(mailId);
  return pendingOf(invitation);
}

export async function revokeInvitation(
  deps: Pick<InvitationDeps, "db">,
  signedIn: SignedIn,
  clientId: string,
  invitationId: string,
): Promise<void> {
  assertManager(signedIn, clientId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deletePendingInvitation(trx, clientId, invitationId))) {
      throw appError("invitation-not-found", 404, guardianMessages.invitationNotFound);
    }
    await recordAudit(trx, {
      kind: "guardian-invitation",
      id: invitationId,
      action: "deleted",
      householdId: clientId,
    });
  });
}

/**
 * Removes a guardian from the household: their guardian row and their login go together (the database's cascade
 * takes their sessions, so their next request is refused). Never the household's first guardian, whose login holds
 * the household. A full guardian may remove themselves this way (leaving the family).
 */
export async function removeGuardian(
  deps: Pick<InvitationDeps, "db">,
  signedIn: SignedIn,
  clientId: string,
  userId: string,
): Promise<void> {
  assertManager(signedIn, clientId);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await isGuardianOf(trx, userId, clientId))) {
      throw appError("guardian-not-found", 404, guardianMessages.guardianNotFound);
    }
    if (userId === clientId) throw appError("first-guardian", 409, guardianMessages.firstGuardianStays);
    await deleteAccount(trx, userId);
    await recordAudit(trx, { kind: "guardian", id: userId, action: "removed", householdId: clientId });
    // Their name no longer finds the family in the clients search (migration 0013).
    await refreshFamilyNames(trx, clientId);
  });
}

/** Whether an invitation link can still be used, without using it: the accept page asks as it opens. */
export async function checkInvitation(
  deps: Pick<InvitationDeps, "db" | "clock">,
  token: string,
): Promise<InvitationCheckResponse> {
  const invitation = await usableInvitation(
    deps.db,
    hashInvitationToken(token),
    deps.clock.now().toISOString(),
  );
  if (!invitation) throw invitationInvalid();
  return { household: await householdNameOrThrow(deps.db, invitation.clientId), email: invitation.email };
}

/**
 * The invited person's account: a login with the password they chose and a guardian row with the invitation's
 * permissions, made in one transaction that also uses the invitation up. Unknown, used and expired links get one
 * answer. The (slow) password hash is only computed for a link that works.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, "db" | "clock" | "auth">,
  input: AcceptInvitationInput,
  locale: Locale,
): Promise<{ email: string }> {
  const { db, clock, auth } = deps;
  const tokenHash = hashInvitationToken(input.token);
  if (!(await usableInvitation(db, tokenHash, clock.now().toISOString()))) throw invitationInvalid();
  const context = await auth.$context;
  const passwordHash = await context.password.hash(input.password);
  const userId = context.generateId({ model: "user" }) || randomUUID();
  const accountId = context.generateId({ model: "account" }) || randomUUID();
  try {
    return await db.transaction().execute(async (trx) => {
      const now = clock.now().toISOString();
      const invitation = await claimInvitation(trx, tokenHash, now);
      if (!invitation) throw invitationInvalid();
      if (await accountHasEmail(trx, invitation.email)) {
        throw appError("email-already-in-use", 409, guardianMessages.alreadyHasAccount);
      }
      await insertGuardianAccount(trx, {
        userId,
        accountId,
        clientId: invitation.clientId,
        name: `${input.firstName} ${input.lastName}`,
        email: invitation.email,
        locale,
        passwordHash,
        now,
        canBook: invitation.canBook,
        canPay: invitation.canPay,
        canSeeProgress: invitation.canSeeProgress,
        getsMail: invitation.getsMail,
      });
      // The clients search finds the family by the new guardian's name too (migration 0013).
      await refreshFamilyNames(trx, invitation.clientId);
      return { email: invitation.email };
    });
  } catch (error) {
    // Another account took the address meanwhile (two households invited it, one accept won).
    if (isUniqueViolation(error))
      throw appError("email-already-in-use", 409, guardianMessages.alreadyHasAccount);
    throw error;
  }
}
