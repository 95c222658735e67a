import { messages } from "../../domain/messages.ts";
import type { NewSwimmerInput, Swimmer, SwimmerSummary, UpdateSwimmerInput } from "../../domain/swimmers.ts";
import { swimmerMessages } from "../../domain/swimmers.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { appError } from "../http/errors.ts";
import {
  deleteSwimmerRow,
  householdExists,
  insertSwimmer,
  latestSwimmerCreatedAt,
  type SwimmerDetailRow,
  swimmerCountOf,
  swimmerDetailsOf,
  updateSwimmerRow,
} from "./repository.ts";
import { refreshFamilyNames } from "./service.ts";

/** A household's swimmers as the admin keeps them (issue 26): list, add, edit, remove. */

export interface SwimmerDeps {
  db: Db;
  clock: Clock;
}

const toSwimmer = (row: SwimmerDetailRow): Swimmer => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  birthDate: row.birthDate,
  notes: row.notes,
  photoPermission: row.photoPermission === 1,
  isGuardian: row.userId !== null,
  hasHistory: row.hasHistory === 1,
});

const notFound = () => appError("swimmer-not-found", 404, swimmerMessages.notFound);

async function assertHousehold(db: Db, clientId: string): Promise<void> {
  if (!(await householdExists(db, clientId)))
    throw appError("client-not-found", 404, messages.clientNotFound);
}

/** The household's swimmers in the order they joined; the admin's with notes and photo permission. */
export async function listSwimmers(
  deps: SwimmerDeps,
  clientId: string,
  forAdmin: boolean,
): Promise<Swimmer[] | SwimmerSummary[]> {
  if (forAdmin) await assertHousehold(deps.db, clientId);
  const rows = await swimmerDetailsOf(deps.db, clientId);
  if (forAdmin) return rows.map(toSwimmer);
  return rows.map(({ id, firstName, lastName, birthDate }) => ({ id, firstName, lastName, birthDate }));
}

async function findSwimmer(db: Db, clientId: string, swimmerId: string): Promise<Swimmer> {
  const [row] = await swimmerDetailsOf(db, clientId, swimmerId);
  if (!row) throw notFound();
  return toSwimmer(row);
}

export async function addSwimmer(
  deps: SwimmerDeps,
  clientId: string,
  input: NewSwimmerInput,
): Promise<Swimmer> {
  const id = crypto.randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    await assertHousehold(trx, clientId);
    // Listed after every swimmer the household has, even when they joined in the same millisecond.
    const latest = await latestSwimmerCreatedAt(trx, clientId);
    const now = deps.clock.now().getTime();
    const createdAt = new Date(latest ? Math.max(now, Date.parse(latest) + 1) : now).toISOString();
    await insertSwimmer(trx, { ...input, id, clientId, createdAt });
    await refreshFamilyNames(trx, clientId);
    await recordAudit(trx, { kind: "swimmer", id, action: "created", householdId: clientId, after: input });
  });
  return findSwimmer(deps.db, clientId, id);
}

/**
 * Changes a swimmer of the household. The swimmer who is a guardian (an adult learner) keeps the guardian's name,
 * which Edit Client's own fields change (clients/service.ts renames them together).
 */
export async function editSwimmer(
  deps: SwimmerDeps,
  clientId: string,
  swimmerId: string,
  input: UpdateSwimmerInput,
): Promise<Swimmer> {
  await deps.db.transaction().execute(async (trx) => {
    const current = await findSwimmer(trx, clientId, swimmerId);
    const renames = input.firstName !== undefined || input.lastName !== undefined;
    const changes = Object.fromEntries(
      Object.entries(input).filter(
        ([key, value]) =>
          value !== undefined && !(current.isGuardian && (key === "firstName" || key === "lastName")),
      ),
    ) as UpdateSwimmerInput;
    if (Object.keys(changes).length > 0 && !(await updateSwimmerRow(trx, clientId, swimmerId, changes))) {
      throw notFound();
    }
    if (renames && !current.isGuardian) await refreshFamilyNames(trx, clientId);
    await recordAudit(trx, {
      kind: "swimmer",
      id: swimmerId,
      action: "updated",
      householdId: clientId,
      before: current,
      after: { ...current, ...changes },
    });
  });
  return findSwimmer(deps.db, clientId, swimmerId);
}

/**
 * Removes a swimmer who has no history: one with a lesson, a milestone or a photo is kept, since the school's
 * history is never lost; a family keeps at least one swimmer.
 */
export async function removeSwimmer(deps: SwimmerDeps, clientId: string, swimmerId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const current = await findSwimmer(trx, clientId, swimmerId);
    if (current.hasHistory) throw appError("swimmer-has-history", 409, swimmerMessages.hasHistory);
    if ((await swimmerCountOf(trx, clientId)) <= 1) {
      throw appError("last-swimmer", 409, swimmerMessages.lastSwimmer);
    }
    if (!(await deleteSwimmerRow(trx, clientId, swimmerId))) throw notFound();
    await refreshFamilyNames(trx, clientId);
    await recordAudit(trx, {
      kind: "swimmer",
      id: swimmerId,
      action: "deleted",
      householdId: clientId,
      before: current,
    });
  });
}
