import type { CancellationPolicy, PolicyVersion } from "../../domain/policy.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { isUniqueViolation } from "../db/portable.ts";
import {
  insertPolicyVersion,
  readCurrentPolicy,
  readCurrentVersionNumber,
  readPolicyVersions,
} from "./repository.ts";

/**
 * The school's cancellation policy (issue 29, docs/decisions/029): the version in force, any version by number, and
 * the owner's edit, which writes a new version. What a cancellation leads to under a version is
 * domain/policy.ts's cancellationOutcome, and its plain words policyWords.
 */

/** The version in force. */
export const currentPolicy = (db: Db): Promise<PolicyVersion> => readCurrentPolicy(db);

/**
 * The version a new lesson is booked under, read in the booking's own transaction (the bookings service writes it
 * on each lesson it inserts).
 */
export const currentPolicyVersion = (trx: Db): Promise<number> => readCurrentVersionNumber(trx);

/** The versions asked for, by number (a lesson's `policyVersion`); a number with no version is left out. */
export async function policiesByVersion(
  db: Db,
  versions: readonly number[],
): Promise<Map<number, PolicyVersion>> {
  return new Map((await readPolicyVersions(db, versions)).map((found) => [found.version, found]));
}

/** One version by number (a lesson's `policyVersion`), or undefined. */
export async function policyByVersion(db: Db, version: number): Promise<PolicyVersion | undefined> {
  return (await policiesByVersion(db, [version])).get(version);
}

const samePolicy = (a: CancellationPolicy, b: CancellationPolicy) =>
  (Object.keys(a) as (keyof CancellationPolicy)[]).every((field) => a[field] === b[field]);

/**
 * The owner's edit: a new version, the old ones untouched, so every lesson keeps what it was promised. Saving the
 * policy in force unchanged writes nothing. Two owners saving at once each get their own version (the second
 * one's insert meets the first's number and is tried again with the next).
 */
export async function savePolicy(
  deps: { db: Db; clock: Clock },
  policy: CancellationPolicy,
  userId: string,
): Promise<PolicyVersion> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const current = await readCurrentPolicy(trx);
        if (samePolicy(current.policy, policy)) return current;
        const at = deps.clock.now().toISOString();
        const version = await insertPolicyVersion(trx, policy, { userId, at });
        await recordAudit(trx, {
          kind: "cancellation-policy",
          id: version,
          action: "created",
          before: { version: current.version, ...current.policy },
          after: { version, ...policy },
        });
        return { version, policy, createdAt: at };
      });
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}
