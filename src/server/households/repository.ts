import type { Db } from "../db/database.ts";

/** A household's mail recipient: a guardian allowed its mail. */
export interface GuardianContact {
  userId: string;
  clientId: string;
  email: string;
  /** For the greeting: the first guardian's first name (the household's contact), else the name they signed up with. */
  firstName: string;
  /** Their stored language (docs/decisions/018). */
  locale: string;
}

/**
 * The guardians of these households who get the household's mail; with `reminders`, only those who also kept the
 * class reminder on.
 */
export async function mailRecipientsOf(
  db: Db,
  clientIds: readonly string[],
  options: { reminders: boolean },
): Promise<GuardianContact[]> {
  if (clientIds.length === 0) return [];
  let query = db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .innerJoin("client", "client.id", "guardian.clientId")
    .select((eb) => [
      "guardian.userId",
      "guardian.clientId",
      "user.email",
      "user.locale",
      eb
        .case()
        .when("guardian.userId", "=", eb.ref("client.id"))
        .then(eb.ref("client.firstName"))
        .else(eb.ref("user.name"))
        .end()
        .as("firstName"),
    ])
    .where("guardian.clientId", "in", [...new Set(clientIds)])
    .where("guardian.getsMail", "=", 1);
  if (options.reminders) query = query.where("guardian.classRemindersEnabled", "=", 1);
  return query.orderBy("guardian.createdAt").orderBy("guardian.userId").execute();
}

/** The household's first guardian and only swimmer, as registration makes them (docs/decisions/019). */
export async function insertFirstMembers(
  trx: Db,
  household: { id: string; firstName: string; lastName: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto("guardian")
    .values({
      userId: household.id,
      clientId: household.id,
      canBook: 1,
      canPay: 1,
      canSeeProgress: 1,
      getsMail: 1,
      createdAt: household.createdAt,
    })
    .execute();
  await trx
    .insertInto("swimmer")
    .values({
      id: household.id,
      clientId: household.id,
      firstName: household.firstName,
      lastName: household.lastName,
      birthDate: null,
      userId: household.id,
      createdAt: household.createdAt,
    })
    .execute();
}

/** The swimmer who is this person (an adult learner) keeps their name when the person's name changes. */
export async function renameSwimmerOf(
  trx: Db,
  userId: string,
  name: { firstName: string; lastName: string },
): Promise<void> {
  await trx.updateTable("swimmer").set(name).where("userId", "=", userId).execute();
}

export interface SwimmerRow {
  id: string;
  firstName: string;
  lastName: string;
  /** 1 when the family allows the school to take and keep photos of them. */
  photoPermission: number;
}

/** A household's swimmers, in the order they joined it. */
export async function swimmersOf(db: Db, clientId: string): Promise<SwimmerRow[]> {
  return db
    .selectFrom("swimmer")
    .select(["id", "firstName", "lastName", "photoPermission"])
    .where("clientId", "=", clientId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

/** Whether the guardian wants class reminders; undefined for one who is not a guardian. */
export async function remindersEnabledFor(db: Db, userId: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom("guardian")
    .select("classRemindersEnabled")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row && row.classRemindersEnabled === 1;
}

/** False for one who is not a guardian. */
export async function setRemindersEnabled(db: Db, userId: string, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable("guardian")
    .set({ classRemindersEnabled: enabled ? 1 : 0 })
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The household a guardian belongs to. */
export async function householdOfGuardian(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("guardian")
    .select("clientId")
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row?.clientId;
}

/** The other guardians' logins (not the first guardian's, whose user row holds the household's). */
export async function otherGuardianIds(db: Db, clientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("guardian")
    .select("userId")
    .where("clientId", "=", clientId)
    .where("userId", "!=", clientId)
    .execute();
  return rows.map((row) => row.userId);
}
