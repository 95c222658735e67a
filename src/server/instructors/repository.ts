import { sql } from "kysely";
import { normalizeEmail } from "../../domain/fields.ts";
import type { StaffMember } from "../../domain/lesson-schedule.ts";
import type { Db } from "../db/database.ts";

/** Whether a stored role (a comma-separated list) names `role`. */
const hasRole = (stored: string | null, role: string) =>
  (stored ?? "").split(",").some((part) => part.trim() === role);

/** Whether any account (staff or client) has this email. */
export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("user")
    .select("id")
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Who may teach a lesson: the school's staff, the owner's accounts (stored role "admin": the owner teaches too) and
 * the instructors (stored role "instructor"; docs/decisions/021). A role may list several, comma-separated
 * (better-auth's admin plugin), so the match is on a whole item of the list.
 */
const roleListed = (role: string) =>
  sql<boolean>`',' || replace(coalesce("role", ''), ' ', '') || ',' like ${`%,${role},%`}`;
const isStaff = sql<boolean>`(${roleListed("admin")} or ${roleListed("instructor")})`;

const toMember = (row: { id: string; name: string; email: string; role: string | null }): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  owner: hasRole(row.role, "admin"),
});

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom("user")
    .select(["id", "name", "email", "role"])
    .where(isStaff)
    .where((eb) => eb.or([eb("banned", "is", null), eb("banned", "=", 0 as never)]))
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toMember);
}

export async function findStaff(db: Db, userId: string): Promise<StaffMember | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["id", "name", "email", "role"])
    .where("id", "=", userId)
    .where(isStaff)
    .executeTakeFirst();
  return row && toMember(row);
}

/** Whether the instructor teaches a lesson of household `clientId`: what lets them read that household. */
export async function teachesHousehold(db: Db, instructorId: string, clientId: string): Promise<boolean> {
  const row = await db
    .selectFrom("lesson")
    .select("id")
    .where("instructorId", "=", instructorId)
    .where("clientId", "=", clientId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
