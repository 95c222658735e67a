import type {
  Client,
  ClientListQuery,
  ClientPage,
  RegistrationInput,
  UpdateClientInput,
} from "../../domain/clients.ts";
import { messages } from "../../domain/messages.ts";
import { recordAudit } from "../audit/service.ts";
import type { Auth } from "../auth/auth.ts";
import {
  createPasswordLogin,
  deleteAccount,
  generateTemporaryPassword,
  requestPasswordReset,
  setTemporaryPassword,
} from "../auth/service.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import {
  householdExists,
  insertFirstMembers,
  insertSwimmer,
  otherGuardianIds,
  refreshFamilyNames,
  renameSwimmerOf,
  type SwimmerName,
  swimmerNamesOf,
} from "../households/service.ts";
import { appError } from "../http/errors.ts";
import { activePlanCountsOf, schoolTimeOf } from "../plans/service.ts";
import type { ClientDeletionHooks } from "./after-deletion.ts";
import {
  type ClientRow,
  emailInUse,
  findClientRow,
  insertClientRow,
  listClients,
  updateClientAccount,
} from "./repository.ts";

/** Whether a client of this id exists: media and the calendar feed ask before they write for one. */
export const clientExists = householdExists;

export interface ClientDeps {
  db: Db;
  auth: Auth;
  clock: Clock;
  clientDeletion: ClientDeletionHooks;
  /** TZ_SCHOOL: each plan's used classes are its booked dates past in the school's time zone. */
  config: Pick<Config, "TZ_SCHOOL">;
}

/**
 * The clients with their active plans and the classes used of each (asked of the plans feature), and their
 * swimmers' names: a list's page brings its swimmers with it (`swimmers`), a single client asks for them.
 */
async function withPlans(
  deps: ClientDeps,
  db: Db,
  rows: readonly (ClientRow & { swimmers?: readonly SwimmerName[] })[],
): Promise<Client[]> {
  const ids = rows.map((row) => row.id);
  const plans = await activePlanCountsOf(db, ids, schoolTimeOf(deps));
  const swimmers = new Map<string, { firstName: string; userId: string | null }[]>();
  const listed = rows.every((row) => row.swimmers !== undefined);
  for (const swimmer of listed ? rows.flatMap((row) => row.swimmers ?? []) : await swimmerNamesOf(db, ids)) {
    swimmers.set(swimmer.clientId, [...(swimmers.get(swimmer.clientId) ?? []), swimmer]);
  }
  return rows.map(({ createdAt, swimmers: _, ...row }) => {
    const { plan, count } = plans.get(row.id) ?? {};
    const family = swimmers.get(row.id) ?? [];
    // A family of one (the client is its only swimmer) shows as today: no names under it.
    const onlyTheClient = family.length === 1 && family[0]?.userId === row.id;
    return {
      ...row,
      swimmerNames: onlyTheClient ? [] : family.map((swimmer) => swimmer.firstName),
      hasActiveSubscription: plan !== undefined,
      plan: plan
        ? {
            totalClasses: plan.totalClasses,
            usedClasses: count?.used ?? 0,
            packType: plan.packType,
          }
        : null,
      createdAt,
    };
  });
}

async function findClient(deps: ClientDeps, db: Db, id: string): Promise<Client | undefined> {
  const row = await findClientRow(db, id);
  return row && (await withPlans(deps, db, [row]))[0];
}

/** The temporary password an admin hands out (auth's, shared with the instructors' accounts). */
export { generateTemporaryPassword };

const emailTaken = () =>
  appError("email-already-in-use", 409, messages.registrationFailed(messages.emailTaken), { field: "email" });

export async function searchClients(deps: ClientDeps, query: ClientListQuery): Promise<ClientPage> {
  const { items, total, totalAtLeast } = await listClients(deps.db, query);
  return {
    items: await withPlans(deps, deps.db, items),
    page: query.page,
    pageSize: query.pageSize,
    total,
    ...(totalAtLeast && { totalAtLeast }),
  };
}

export async function getClient(deps: ClientDeps, id: string): Promise<Client> {
  const client = await findClient(deps, deps.db, id);
  if (!client) throw appError("client-not-found", 404, messages.clientNotFound);
  return client;
}

/**
 * The admin registers a client (spec §4, without the old sign-out/sign-in dance): the user, its password
 * account and the client row are written in one transaction, with a random temporary password hashed by
 * better-auth. The client must choose a new password at first sign-in.
 */
export async function registerClient(
  deps: ClientDeps,
  input: RegistrationInput,
): Promise<{ client: Client; temporaryPassword: string }> {
  const { db, auth, clock } = deps;
  const swims = input.clientSwims ?? true;
  const swimmers = input.swimmers ?? [];
  const temporaryPassword = generateTemporaryPassword();
  const context = await auth.$context;
  const passwordHash = await context.password.hash(temporaryPassword);
  const id = context.generateId({ model: "user" }) || crypto.randomUUID();
  const accountId = context.generateId({ model: "account" }) || crypto.randomUUID();

  try {
    await db.transaction().execute(async (trx) => {
      if (await emailInUse(trx, input.email)) throw emailTaken();
      const now = clock.now().toISOString();
      // The login, then the household's row: all of it exists or none does.
      await createPasswordLogin(trx, {
        id,
        accountId,
        name: `${input.firstName} ${input.lastName}`,
        email: input.email,
        role: "user",
        passwordHash,
        now,
        locale: input.locale,
      });
      await insertClientRow(trx, { ...input, id, now });
      // The household's first guardian and, when they swim (today's one-person client), its first swimmer.
      await insertFirstMembers(trx, {
        id,
        firstName: input.firstName,
        lastName: input.lastName,
        createdAt: now,
        swims,
      });
      // The other swimmers in the order the form gave them: each a moment later, so the household lists them so.
      for (const [index, swimmer] of swimmers.entries()) {
        await insertSwimmer(trx, {
          ...swimmer,
          id: crypto.randomUUID(),
          clientId: id,
          createdAt: new Date(Date.parse(now) + index + 1).toISOString(),
        });
      }
      if (swimmers.length > 0) await refreshFamilyNames(trx, id);
      await recordAudit(trx, {
        kind: "client",
        id,
        action: "created",
        householdId: id,
        after: { ...input, swimmers: swimmers.map((swimmer) => `${swimmer.firstName} ${swimmer.lastName}`) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return { client: await getClient(deps, id), temporaryPassword };
}

export async function updateClient(deps: ClientDeps, id: string, input: UpdateClientInput): Promise<Client> {
  const { db, clock } = deps;
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findClient(deps, trx, id);
      if (!current) throw appError("client-not-found", 404, messages.clientNotFound);
      const packChanges =
        input.defaultPackType !== undefined && input.defaultPackType !== current.defaultPackType;
      // Spec §4: while a plan is active the admin cannot change the client's package type.
      if (packChanges && current.hasActiveSubscription) {
        throw appError("package-locked", 409, messages.packLocked, { field: "defaultPackType" });
      }
      const email = input.email ?? current.email;
      if (email !== current.email && (await emailInUse(trx, email, id))) throw emailTaken();
      const name = {
        firstName: input.firstName ?? current.firstName,
        lastName: input.lastName ?? current.lastName,
      };
      await renameSwimmerOf(trx, id, name);
      const changed = {
        ...name,
        email,
        phoneNumber: input.phoneNumber ?? current.phoneNumber,
        defaultPackType:
          input.defaultPackType === undefined ? current.defaultPackType : input.defaultPackType,
        address: input.address ?? current.address,
        accessNotes: input.accessNotes ?? current.accessNotes,
      };
      await updateClientAccount(trx, id, changed, clock.now().toISOString());
      await recordAudit(trx, {
        kind: "client",
        id,
        action: "updated",
        householdId: id,
        before: current,
        after: changed,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return getClient(deps, id);
}

/**
 * Removes the household in one transaction, or nothing: its other guardians' accounts, then its first guardian's,
 * whose user row the household's hangs on, so the database's ON DELETE CASCADE takes every row that references the
 * household (sessions, plans, swimmers, and each feature's tables). Once it committed, the features'
 * clean-up outside the database (stored files) runs through the deletion hooks.
 */
export async function deleteClient(deps: ClientDeps, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const client = await findClient(deps, trx, id);
    if (!client) throw appError("client-not-found", 404, messages.clientNotFound);
    for (const guardian of await otherGuardianIds(trx, id)) await deleteAccount(trx, guardian);
    await deleteAccount(trx, id);
    await recordAudit(trx, { kind: "client", id, action: "deleted", householdId: id, before: client });
  });
  await deps.clientDeletion.afterCommit(id);
}

/**
 * For a client who lost the temporary password (or their own): a new temporary password, answered this once. The
 * client must choose their own again at the next sign-in; every session of theirs ends, and a sign-in lock from
 * earlier failed attempts is lifted, since the admin vouches for them.
 */
export async function issueTemporaryPassword(deps: ClientDeps, id: string): Promise<string> {
  const { db, auth, clock } = deps;
  // Refuse an unknown id before paying for a password hash.
  if (!(await findClient(deps, db, id))) throw appError("client-not-found", 404, messages.clientNotFound);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await (await auth.$context).password.hash(temporaryPassword);
  await db.transaction().execute(async (trx) => {
    const client = await findClient(deps, trx, id);
    if (!client) throw appError("client-not-found", 404, messages.clientNotFound);
    await setTemporaryPassword(trx, {
      userId: id,
      email: client.email,
      passwordHash,
      now: clock.now().toISOString(),
    });
    // That one was issued, never the password itself.
    await recordAudit(trx, { kind: "client", id, action: "temporary-password-issued", householdId: id });
  });
  return temporaryPassword;
}

/** Mails the client the same single-use reset link as Forgot Password? does; answers the address it went to. */
export async function sendResetLink(deps: ClientDeps, id: string): Promise<string> {
  const client = await getClient(deps, id);
  await requestPasswordReset(deps, client.email);
  return client.email;
}
