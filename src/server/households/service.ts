import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import type { SignedIn } from "../auth/session.ts";
import type { Db } from "../db/database.ts";
import { type GuardianContact, mailRecipientsOf } from "./repository.ts";

export {
  householdOfGuardian,
  insertFirstMembers,
  otherGuardianIds,
  remindersEnabledFor,
  renameSwimmerOf,
  type SwimmerRow,
  setRemindersEnabled,
  swimmersOf,
} from "./repository.ts";

/**
 * Whose own settings (reminder choice, calendar feed) a request about household `clientId` reads: a guardian's
 * their own; an admin's those of the household's first guardian, whose user id is the household's id
 * (docs/decisions/019). Call after assertClientAccess.
 */
export function guardianActingFor(signedIn: SignedIn, clientId: string): string {
  return signedIn.guardianOf ? signedIn.userId : clientId;
}

export type MailRecipient = Omit<GuardianContact, "locale"> & { locale: Locale };

/** Who gets a household's mail (`reminders`: the class reminder), each in their own language. */
export async function mailRecipients(
  db: Db,
  clientIds: readonly string[],
  options: { reminders: boolean },
): Promise<MailRecipient[]> {
  const rows = await mailRecipientsOf(db, clientIds, options);
  return rows.map((row) => ({ ...row, locale: isLocale(row.locale) ? row.locale : defaultLocale }));
}
