import type { Expression } from "kysely";
import { jsonArrayFrom as postgresJsonArray } from "kysely/helpers/postgres";
import { jsonArrayFrom as sqliteJsonArray } from "kysely/helpers/sqlite";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { writeNameWords } from "../db/name-words.ts";
import { isPostgres } from "../db/portable.ts";

/** A household's mail recipient: a guardian allowed its mail. */
export interface GuardianContact {
  userId: string;
  clientId: string;
  email: string;
  /** For the greeting: the first guardian's first name (the household's contact), else the name they signed up with. */
  firstName: string;
  /** Their stored language (docs/decisions/018). */
  locale: string;
  /** 1 when they may see the swimmers' progress (the "progress" permission). */
  canSeeProgress: number;
}

/**
 * The guardians of these households who get the household's mail; with `reminders`, only those who also kept the
 * class reminder on.
 */
export async function mailRecipientsOf(
  db: Db,
  clientIds: readonly string[],
  options: { reminders: boolean; progress?: boolean },
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
      "guardian.canSeeProgress",
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
  if (options.progress) query = query.where("guardian.canSeeProgress", "=", 1);
  return query.orderBy("guardian.createdAt").orderBy("guardian.userId").execute();
}

/**
 * The household's first guardian and only swimmer, as registration makes them (docs/decisions/019); with
 * `swims: false` (a parent registering their children, issue 26) the guardian only.
 */
export async function insertFirstMembers(
  trx: Db,
  household: { id: string; firstName: string; lastName: string; createdAt: string; swims?: boolean },
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
  if (household.swims === false) return;
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
export const swimmersOf = (db: Db, clientId: string): Promise<SwimmerRow[]> =>
  swimmersOfRead(db, { clientId });
const swimmersOfRead = compiledOnce((db, value: CallValue<{ clientId: string }>) =>
  db
    .selectFrom("swimmer")
    .select(["id", "firstName", "lastName", "photoPermission"])
    .where("clientId", "=", value("clientId"))
    .orderBy("createdAt")
    .orderBy("id"),
);

/** Whether the guardian wants class reminders; undefined for one who is not a guardian. */
export async function remindersEnabledFor(db: Db, userId: string): Promise<boolean | undefined> {
  const [row] = await remindersRead(db, { userId });
  return row && row.classRemindersEnabled === 1;
}
const remindersRead = compiledOnce((db, value: CallValue<{ userId: string }>) =>
  db.selectFrom("guardian").select("classRemindersEnabled").where("userId", "=", value("userId")),
);

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

// Guardians and invitations (issue 26).

const permissionColumns = ["canBook", "canPay", "canSeeProgress", "getsMail"] as const;

export interface PermissionFlags {
  canBook: number;
  canPay: number;
  canSeeProgress: number;
  getsMail: number;
}

export interface GuardianRow extends PermissionFlags {
  userId: string;
  name: string;
  email: string;
}

/** A household's guardians, the first one first, then in the order they joined. */
export async function guardiansOf(db: Db, clientId: string): Promise<GuardianRow[]> {
  return db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .select([
      "guardian.userId",
      "user.name",
      "user.email",
      ...permissionColumns.map((c) => `guardian.${c}` as const),
    ])
    .where("guardian.clientId", "=", clientId)
    .orderBy((eb) => eb.case().when("guardian.userId", "=", clientId).then(0).else(1).end())
    .orderBy("guardian.createdAt")
    .orderBy("guardian.userId")
    .execute();
}

/** Whether `userId` is a guardian of household `clientId`. */
export async function isGuardianOf(db: Db, userId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom("guardian")
    .select("userId")
    .where("userId", "=", userId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The household's name as its invitations say it: its first guardian's; undefined for no such household. */
export async function householdName(db: Db, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("client")
    .select(["firstName", "lastName"])
    .where("id", "=", clientId)
    .executeTakeFirst();
  return row && `${row.firstName} ${row.lastName}`.trim();
}

export interface InvitationRow extends PermissionFlags {
  id: string;
  clientId: string;
  email: string;
  expiresAt: string;
}

/** A household's invitations that are neither used nor expired at `now`, oldest first. */
export async function pendingInvitationsOf(db: Db, clientId: string, now: string): Promise<InvitationRow[]> {
  return db
    .selectFrom("guardianInvitation")
    .select(["id", "clientId", "email", "expiresAt", ...permissionColumns])
    .where("clientId", "=", clientId)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export interface NewInvitation extends PermissionFlags {
  id: string;
  clientId: string;
  email: string;
  tokenHash: string;
  expiresAt: string;
  invitedByUserId: string;
  createdAt: string;
}

/**
 * Stores an invitation in place of any unused one of the household for the same address (inviting again sends a
 * fresh link; the old link stops working).
 */
export async function replaceInvitation(trx: Db, invitation: NewInvitation): Promise<void> {
  await trx
    .deleteFrom("guardianInvitation")
    .where("clientId", "=", invitation.clientId)
    .where("email", "=", invitation.email)
    .where("acceptedAt", "is", null)
    .execute();
  await trx
    .insertInto("guardianInvitation")
    .values({ ...invitation, acceptedAt: null })
    .execute();
}

/** Deletes the household's unused invitation `id`; false when there is none. */
export async function deletePendingInvitation(db: Db, clientId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("guardianInvitation")
    .where("id", "=", id)
    .where("clientId", "=", clientId)
    .where("acceptedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The invitation whose token hashes to `tokenHash`, if it is unused and not expired at `now`. */
export async function usableInvitation(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom("guardianInvitation")
    .select(["id", "clientId", "email", "expiresAt", ...permissionColumns])
    .where("tokenHash", "=", tokenHash)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/**
 * Marks the invitation used, only if it still is usable: one conditional UPDATE, so of two accepts racing with the
 * same link exactly one gets the row back (the other waits for the first's row lock, then finds it used).
 */
export async function claimInvitation(
  trx: Db,
  tokenHash: string,
  now: string,
): Promise<InvitationRow | undefined> {
  return trx
    .updateTable("guardianInvitation")
    .set({ acceptedAt: now })
    .where("tokenHash", "=", tokenHash)
    .where("acceptedAt", "is", null)
    .where("expiresAt", ">", now)
    .returning(["id", "clientId", "email", "expiresAt", ...permissionColumns])
    .executeTakeFirst();
}

export interface NewGuardianAccount extends PermissionFlags {
  userId: string;
  accountId: string;
  clientId: string;
  name: string;
  email: string;
  locale: string;
  /** better-auth's hash of the password the person chose. */
  passwordHash: string;
  now: string;
}

/** The better-auth user and credential account of a new guardian, and their guardian row, in the caller's transaction. */
export async function insertGuardianAccount(trx: Db, guardian: NewGuardianAccount): Promise<void> {
  await trx
    .insertInto("user")
    .values({
      id: guardian.userId,
      name: guardian.name,
      email: guardian.email,
      emailVerified: 1,
      image: null,
      createdAt: guardian.now,
      updatedAt: guardian.now,
      role: "user",
      banned: 0,
      banReason: null,
      banExpires: null,
      mustChangePassword: 0,
      locale: guardian.locale,
    })
    .execute();
  await trx
    .insertInto("account")
    .values({
      id: guardian.accountId,
      accountId: guardian.userId,
      providerId: "credential",
      userId: guardian.userId,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: guardian.passwordHash,
      createdAt: guardian.now,
      updatedAt: guardian.now,
    })
    .execute();
  await trx
    .insertInto("guardian")
    .values({
      userId: guardian.userId,
      clientId: guardian.clientId,
      canBook: guardian.canBook,
      canPay: guardian.canPay,
      canSeeProgress: guardian.canSeeProgress,
      getsMail: guardian.getsMail,
      createdAt: guardian.now,
    })
    .execute();
}

/** Whether a login (any person: admin, guardian) already has this normalised email. */
export async function accountHasEmail(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined;
}

/** A swimmer as the admin keeps it (issue 26): every column the pages show, and what protects it from removal. */
export interface SwimmerDetailRow {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  notes: string;
  photoPermission: number;
  userId: string | null;
  createdAt: string;
  hasHistory: number;
}

/** A household's swimmers with everything the admin edits, in the order they joined it. */
export async function swimmerDetailsOf(
  db: Db,
  clientId: string,
  swimmerId?: string,
): Promise<SwimmerDetailRow[]> {
  let query = db
    .selectFrom("swimmer")
    .select([
      "swimmer.id",
      "swimmer.clientId",
      "swimmer.firstName",
      "swimmer.lastName",
      "swimmer.birthDate",
      "swimmer.notes",
      "swimmer.photoPermission",
      "swimmer.userId",
      "swimmer.createdAt",
    ])
    // The swimmer's own rows the school keeps: a lesson they were in, a milestone, a photo or video.
    .select((eb) =>
      eb
        .case()
        .when(
          eb.or([
            eb.exists(
              eb
                .selectFrom("lessonSwimmer")
                .select("lessonId")
                .whereRef("lessonSwimmer.swimmerId", "=", "swimmer.id"),
            ),
            eb.exists(
              eb
                .selectFrom("milestone")
                .select("milestone.id")
                .whereRef("milestone.swimmerId", "=", "swimmer.id"),
            ),
            eb.exists(
              eb
                .selectFrom("galleryItem")
                .select("galleryItem.id")
                .whereRef("galleryItem.swimmerId", "=", "swimmer.id"),
            ),
          ]),
        )
        .then(1)
        .else(0)
        .end()
        .as("hasHistory"),
    )
    .where("swimmer.clientId", "=", clientId);
  if (swimmerId !== undefined) query = query.where("swimmer.id", "=", swimmerId);
  const rows = await query.orderBy("swimmer.createdAt").orderBy("swimmer.id").execute();
  return rows.map((row) => ({ ...row, hasHistory: Number(row.hasHistory) }));
}

export interface NewSwimmerRow {
  id: string;
  clientId: string;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  notes: string;
  photoPermission: boolean;
  createdAt: string;
}

export async function insertSwimmer(db: Db, swimmer: NewSwimmerRow): Promise<void> {
  await db
    .insertInto("swimmer")
    .values({ ...swimmer, photoPermission: swimmer.photoPermission ? 1 : 0, userId: null })
    .execute();
}

export interface SwimmerChanges {
  firstName?: string;
  lastName?: string;
  birthDate?: string | null;
  notes?: string;
  photoPermission?: boolean;
}

/** Changes a swimmer of this household; false when the household has no such swimmer. */
export async function updateSwimmerRow(
  db: Db,
  clientId: string,
  swimmerId: string,
  changes: SwimmerChanges,
): Promise<boolean> {
  const { photoPermission, ...rest } = changes;
  const result = await db
    .updateTable("swimmer")
    .set({ ...rest, ...(photoPermission === undefined ? {} : { photoPermission: photoPermission ? 1 : 0 }) })
    .where("clientId", "=", clientId)
    .where("id", "=", swimmerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a swimmer of this household; false when the household has no such swimmer. */
export async function deleteSwimmerRow(db: Db, clientId: string, swimmerId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("swimmer")
    .where("clientId", "=", clientId)
    .where("id", "=", swimmerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** How many swimmers the household has. */
export async function swimmerCountOf(db: Db, clientId: string): Promise<number> {
  const row = await db
    .selectFrom("swimmer")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .where("clientId", "=", clientId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The swimmers' first names of these households, in the order each joined, and which swimmer is a guardian. */
export async function swimmerNamesOf(
  db: Db,
  clientIds: readonly string[],
): Promise<{ id: string; clientId: string; firstName: string; userId: string | null }[]> {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom("swimmer")
    .select(["id", "clientId", "firstName", "userId"])
    .where("clientId", "in", [...new Set(clientIds)])
    .orderBy("clientId")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}

export type SwimmerName = Awaited<ReturnType<typeof swimmerNamesOf>>[number];

/**
 * The household's swimmers as swimmerNamesOf gives them, as a column (JSON) of a query over households: `clientId`
 * is that query's household id. A page of households and their swimmers in one statement; read the column with
 * swimmerNamesFromColumn.
 */
export function swimmerNamesColumn(db: Db, clientId: Expression<string>) {
  const swimmers = db
    .selectFrom("swimmer")
    .select(["swimmer.id", "swimmer.clientId", "swimmer.firstName", "swimmer.userId", "swimmer.createdAt"])
    .where("swimmer.clientId", "=", clientId);
  return (isPostgres(db) ? postgresJsonArray(swimmers) : sqliteJsonArray(swimmers)).as("swimmerNames");
}

/** The swimmers of swimmerNamesColumn, in swimmerNamesOf's order (by when each joined, then id). */
export function swimmerNamesFromColumn(value: unknown): SwimmerName[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : value) as (SwimmerName & {
    createdAt: string;
  })[];
  const before = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => before(a.createdAt, b.createdAt) || before(a.id, b.id))
    .map(({ id, clientId, firstName, userId }) => ({ id, clientId, firstName, userId }));
}

/**
 * The names a household is also found by in the clients search (migration 0013): the first and last names of its
 * swimmers and guardians other than the household's first guardian (whose own are the client row's), raw.
 */
export async function memberNamesOf(db: Db, clientId: string): Promise<string[]> {
  const swimmers = await db
    .selectFrom("swimmer")
    .select(["firstName", "lastName"])
    .where("clientId", "=", clientId)
    .where((eb) => eb.or([eb("userId", "is", null), eb("userId", "!=", clientId)]))
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const guardians = await db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .select("user.name")
    .where("guardian.clientId", "=", clientId)
    .where("guardian.userId", "!=", clientId)
    .orderBy("guardian.createdAt")
    .orderBy("guardian.userId")
    .execute();
  return [...swimmers.flatMap((row) => [row.firstName, row.lastName]), ...guardians.map((row) => row.name)];
}

/** The household's search names (migration 0013), already folded, and their words (migration 0029). */
export async function setFamilyNamesSearch(db: Db, clientId: string, names: string): Promise<void> {
  const changed = await db
    .updateTable("client")
    .set({ familyNamesSearch: names })
    .where("id", "=", clientId)
    .where("familyNamesSearch", "!=", names)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) await writeNameWords(db, clientId);
}

export async function householdExists(db: Db, clientId: string): Promise<boolean> {
  return (await householdRead(db, { clientId })).length > 0;
}
const householdRead = compiledOnce((db, value: CallValue<{ clientId: string }>) =>
  db.selectFrom("client").select("id").where("id", "=", value("clientId")),
);

/** When the household's newest swimmer joined, if any. */
export async function latestSwimmerCreatedAt(db: Db, clientId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("swimmer")
    .select((eb) => eb.fn.max("createdAt").as("latest"))
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return row?.latest ?? undefined;
}
