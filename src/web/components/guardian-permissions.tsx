import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { InviteGuardianInput } from "../../domain/guardians-schemas.ts";
import type { GuardianPermission, GuardianPermissions } from "../../domain/households.ts";
import type { GuardianChange } from "../api/guardians.ts";
import "./guardian-permissions.css";

/**
 * What a guardian may do, as the family page (a guardian's) and Edit Client (the admin's) both show and ask it.
 */
const permissionLabels: Record<GuardianPermission, MessageDescriptor> = {
  book: msg`Book and cancel classes`,
  pay: msg`Buy and cancel the package`,
  progress: msg`See progress, feedback and photos`,
  mail: msg`Get class reminders and feedback by e-mail`,
};
const permissionOrder: GuardianPermission[] = ["book", "pay", "progress", "mail"];

/** What the guardian or invitation allows, in plain words. */
export function PermissionList({ permissions }: { permissions: GuardianPermissions }) {
  const { i18n } = useLingui();
  const allowed = permissionOrder.filter((permission) => permissions[permission]);
  return (
    <ul className="guardian-permissions">
      {allowed.map((permission) => (
        <li key={permission}>{i18n._(permissionLabels[permission])}</li>
      ))}
    </ul>
  );
}

/** An invitation form's four checkboxes ("They may"); seeing progress is ticked to begin with. */
export function PermissionChecks() {
  const { i18n } = useLingui();
  return (
    <fieldset>
      <legend>
        <Trans>They may</Trans>
      </legend>
      {permissionOrder.map((permission) => (
        <label key={permission} className="guardian-permissions__check">
          <input type="checkbox" name={permission} defaultChecked={permission === "progress"} />
          <span>{i18n._(permissionLabels[permission])}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** The invitation an invite form asks for: its `email` field and the permissions its PermissionChecks tick. */
export function invitationFrom(form: HTMLFormElement): InviteGuardianInput {
  const data = new FormData(form);
  const permissions = Object.fromEntries(
    permissionOrder.map((permission) => [permission, data.get(permission) === "on"]),
  ) as unknown as GuardianPermissions;
  return { email: String(data.get("email") ?? ""), permissions };
}

/** A change's confirmation: its question and its button. */
export function useGuardianChangeWords(change: GuardianChange | null) {
  const { t } = useLingui();
  if (change?.kind === "remove") {
    const name = change.guardian.name;
    return {
      question: t`Remove ${name} from this family? They are signed out at once and can no longer sign in.`,
      confirmLabel: t`Remove guardian`,
    };
  }
  const email = change?.invitation.email ?? "";
  return {
    question: t`Revoke the invitation to ${email}? The link in their mail stops working.`,
    confirmLabel: t`Revoke invitation`,
  };
}
