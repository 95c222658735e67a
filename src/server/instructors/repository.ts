import { sql } from "kysely";
import type { Instructor } from "../../domain/lesson-schedule.ts";
import type { Db } from "../db/database.ts";

/**
 * Who may teach a lesson: the school's staff. Today that is every admin account (the owner teaches too); the
 * instructor role joins them in docs/decisions/021. A role may list several, comma-separated (better-auth's admin
 * plugin), so the match is on a whole item of the list.
 */
const isStaff = sql<boolean>`',' || replace(coalesce("role", ''), ' ', '') || ',' like '%,admin,%'`;

export async function listStaff(db: Db): Promise<Instructor[]> {
  return db
    .selectFrom("user")
    .select(["id", "name"])
    .where(isStaff)
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", 0 as never)]))
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findStaff(db: Db, userId: string): Promise<Instructor | undefined> {
  return db
    .selectFrom("user")
    .select(["id", "name"])
    .where("id", "=", userId)
    .where(isStaff)
    .executeTakeFirst();
}
