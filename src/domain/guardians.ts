import type { Role } from "./auth.ts";
import type { GuardianOf, GuardianPermissions } from "./households.ts";
import { translate } from "./translate.ts";

/**
 * Second guardians, by invitation (issue 26, docs/decisions/019): who may manage a household's guardians, what an
 * invitation carries, and the words of the family page and the invitation link, for the server and the browser.
 * The request schemas are in guardians-schemas.ts: the family page reads this module without zod.
 */

/** How long an invitation's link works. */
export const invitationLifetimeDays = 7;

/**
 * Who manages a household's guardians (invites, revokes, removes): an admin, or a guardian of that household allowed
 * everything (a "full guardian"; the household's first guardian always is one). Others may only see the list.
 */
export function managesGuardians(
  user: { role: Role; guardianOf: GuardianOf | null },
  householdId: string,
): boolean {
  if (user.role === "admin") return true;
  const of = user.guardianOf;
  return (
    of?.householdId === householdId && Object.values(of.permissions).every((allowed) => allowed === true)
  );
}

export const guardianMessages = {
  get atLeastOnePermission() {
    return translate(
      /*i18n*/ { id: "guardians.atLeastOnePermission", message: "Choose at least one thing they may do." },
    );
  },
  get alreadyHasAccount() {
    return translate(
      /*i18n*/ {
        id: "guardians.alreadyHasAccount",
        message:
          "This email already has an account. A person can be a guardian of one family only; ask them to use another email.",
      },
    );
  },
  get invitationInvalid() {
    return translate(
      /*i18n*/ {
        id: "guardians.invitationInvalid",
        message: "This invitation link is invalid or has expired. Please ask for a new one.",
      },
    );
  },
  get invitationNotFound() {
    return translate(
      /*i18n*/ { id: "guardians.invitationNotFound", message: "This invitation does not exist any more." },
    );
  },
  get guardianNotFound() {
    return translate(
      /*i18n*/ { id: "guardians.guardianNotFound", message: "This person is not a guardian of this family." },
    );
  },
  get firstGuardianStays() {
    return translate(
      /*i18n*/ {
        id: "guardians.firstGuardianStays",
        message:
          "The family's first guardian cannot be removed: the family's account is theirs. The school can delete the whole family.",
      },
    );
  },
  invitationSent: (email: string) =>
    translate(
      /*i18n*/ { id: "guardians.invitationSent", message: "Invitation sent to {email}.", values: { email } },
    ),
  get invitationRevoked() {
    return translate(/*i18n*/ { id: "guardians.invitationRevoked", message: "Invitation revoked." });
  },
  get guardianRemoved() {
    return translate(/*i18n*/ { id: "guardians.guardianRemoved", message: "Guardian removed." });
  },
  get accountReady() {
    return translate(
      /*i18n*/ { id: "guardians.accountReady", message: "Your account is ready. You can sign in now." },
    );
  },
};

export interface GuardianListItem {
  userId: string;
  name: string;
  email: string;
  permissions: GuardianPermissions;
  /** The household's first guardian: the account is theirs, they cannot be removed. */
  first: boolean;
}

export interface PendingInvitation {
  id: string;
  email: string;
  permissions: GuardianPermissions;
  expiresAt: string;
}

/** GET /api/clients/:clientId/guardians. */
export interface GuardiansResponse {
  guardians: GuardianListItem[];
  /** Not used and not expired. */
  invitations: PendingInvitation[];
}

export interface InviteGuardianResponse {
  invitation: PendingInvitation;
  message: string;
}

export interface GuardianChangeResponse {
  message: string;
}

/** GET /api/guardian-invitations/check: the invitation can be used. */
export interface InvitationCheckResponse {
  /** The family's name: its first guardian's. */
  household: string;
  email: string;
}

export interface AcceptInvitationResponse {
  email: string;
  message: string;
}
