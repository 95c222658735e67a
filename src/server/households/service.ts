import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { searchKey } from "../../domain/search.ts";
import type { SignedIn } from "../auth/session.ts";
import type { Db } from "../db/database.ts";
import { type GuardianContact, mailRecipientsOf, memberNamesOf, setFamilyNamesSearch } from "./repository.ts";

export {
  householdExists,
  householdOfGuardian,
  insertFirstMembers,
  insertSwimmer,
  type NewSwimmerRow,
  otherGuardianIds,
  remindersEnabledFor,
  renameSwimmerOf,
  type SwimmerName,
  type SwimmerRow,
  setRemindersEnabled,
  swimmerNamesColumn,
  swimmerNamesFromColumn,
  swimmerNamesOf,
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

export type MailRecipient = Omit<GuardianContact, "locale" | "canSeeProgress"> & {
  locale: Locale;
  /** May see the swimmers' progress: a mail shows them skills only then. */
  seesProgress: boolean;
};

/**
 * Who gets a household's mail (`reminders`: the class reminder; `progress`: news of a swimmer's progress, only for
 * guardians who may see it), each in their own language.
 */
export async function mailRecipients(
  db: Db,
  clientIds: readonly string[],
  options: { reminders: boolean; progress?: boolean },
): Promise<MailRecipient[]> {
  const rows = await mailRecipientsOf(db, clientIds, options);
  return rows.map(({ canSeeProgress, ...row }) => ({
    ...row,
    locale: isLocale(row.locale) ? row.locale : defaultLocale,
    seesProgress: Number(canSeeProgress) === 1,
  }));
}

/**
 * The folded first and last names of the household's swimmers and guardians other than its first guardian, one a
 * line (migration 0013): a search text has no control character, so it matches within one name, as the client
 * row's own first and last names are matched.
 */
export function familyNamesSearchOf(names: readonly string[]): string {
  return [...new Set(names.map(searchKey).filter(Boolean))].join("\n");
}

/** Brings the household's search names up to date: call after its swimmers or guardians changed, in the same transaction. */
export async function refreshFamilyNames(db: Db, clientId: string): Promise<void> {
  await setFamilyNamesSearch(db, clientId, familyNamesSearchOf(await memberNamesOf(db, clientId)));
}
