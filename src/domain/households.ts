/**
 * Families (docs/decisions/019): a household (the spec's client account) holds plans, bookings and payments; its
 * guardians sign in, each with what they may do there; its swimmers are who swim.
 */

/** What a guardian may do in their household. The household's first guardian may do everything. */
export interface GuardianPermissions {
  /** Book and cancel classes. */
  book: boolean;
  /** Buy and cancel the package. */
  pay: boolean;
  /** See the calendar, progress, feedback and photos. */
  progress: boolean;
  /** Get the household's mail: class reminders, feedback. */
  mail: boolean;
}

export type GuardianPermission = keyof GuardianPermissions;

export const allPermissions: GuardianPermissions = { book: true, pay: true, progress: true, mail: true };

/** The household a signed-in guardian acts for, and what they may do there. */
export interface GuardianOf {
  householdId: string;
  permissions: GuardianPermissions;
}

/**
 * The household a signed-in client's pages show: their guardian household's id (which the client routes call the
 * client id). A client always has one; the fallback is the id a household's first guardian shares with it.
 */
export function householdIdOf(user: { id: string; guardianOf: GuardianOf | null }): string {
  return user.guardianOf?.householdId ?? user.id;
}
