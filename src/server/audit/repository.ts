import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { containsPattern } from "../db/portable.ts";
import type { AuditEntryTable } from "../db/schema.ts";

export type AuditEntryRow = {
  [K in keyof AuditEntryTable]: K extends "id" ? number : AuditEntryTable[K];
};
export type NewAuditEntry = Omit<AuditEntryRow, "id">;

/** The only write to the table: entries are inserted, never updated or deleted (its triggers refuse both). */
export async function insertAuditEntry(trx: Db, entry: NewAuditEntry): Promise<void> {
  await trx.insertInto("auditEntry").values(entry).execute();
}

export interface AuditFilter {
  /** Part of the person's name, folded to lower case. */
  person?: string;
  /** ISO instants: from included, until excluded. */
  from?: string;
  until?: string;
  householdId?: string;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom("auditEntry");
  if (filter.person) {
    const pattern = containsPattern(filter.person.toLowerCase());
    query = query.where(sql<boolean>`lower(${sql.ref("actorName")}) like ${pattern} escape '\\'`);
  }
  if (filter.from) query = query.where("at", ">=", filter.from);
  if (filter.until) query = query.where("at", "<", filter.until);
  if (filter.householdId) query = query.where("householdId", "=", filter.householdId);
  return query;
}

/** One page of the entries matching `filter`, newest first, and how many match in all. */
export async function auditEntriesPage(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AuditEntryRow[], total: Number(count.total) };
}

/** Every entry about one household, oldest first (its data export). */
export async function householdAuditEntries(db: Db, householdId: string): Promise<AuditEntryRow[]> {
  return (await db
    .selectFrom("auditEntry")
    .selectAll()
    .where("householdId", "=", householdId)
    .orderBy("at")
    .orderBy("id")
    .execute()) as AuditEntryRow[];
}
