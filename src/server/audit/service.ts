import {
  type AuditAction,
  type AuditEntryView,
  type AuditKind,
  type AuditLogResponse,
  type AuditQuery,
  type AuditValues,
  auditChanges,
  auditedValues,
  auditPageSize,
} from "../../domain/audit.ts";
import { lessonStartsAt } from "../../domain/lesson-schedule.ts";
import { addDays } from "../../domain/school-day.ts";
import type { Db } from "../db/database.ts";
import { actingPerson } from "../http/acting-person.ts";
import {
  type AuditEntryRow,
  auditEntriesPage,
  householdAuditEntries,
  insertAuditEntry,
} from "./repository.ts";

/** One change, as a feature describes it. */
export interface AuditEntry {
  kind: AuditKind;
  /** The row's id (a number is written as text). */
  id: string | number;
  action: AuditAction;
  /** The household the change concerns, when it concerns one (its data export lists them). */
  householdId?: string | null;
  /** The values before and after; only the kind's allowed fields are kept (domain/audit.ts auditedFields). */
  before?: object | null;
  after?: object | null;
}

/**
 * Records a change in the audit log, in the caller's transaction `trx`: the entry commits with the change or not at
 * all. Who made it is the person the request acts for (the session guard sets it; "system" outside a request), and
 * when is the moment it is written. Values pass the kind's allow-list, so no secret can be handed over by mistake.
 */
export async function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  const person = actingPerson();
  const before = auditedValues(entry.kind, entry.before);
  const after = auditedValues(entry.kind, entry.after);
  await insertAuditEntry(trx, {
    at: new Date().toISOString(),
    actorUserId: person?.userId ?? null,
    actorName: person?.name ?? "",
    actorRole: person?.role ?? "system",
    entityKind: entry.kind,
    entityId: String(entry.id),
    action: entry.action,
    householdId: entry.householdId ?? null,
    before: before ? JSON.stringify(before) : null,
    after: after ? JSON.stringify(after) : null,
  });
}

const parsed = (json: string | null): AuditValues | null => (json ? (JSON.parse(json) as AuditValues) : null);

export function auditEntryView(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    at: row.at,
    actorName: row.actorName,
    actorRole: row.actorRole,
    entityKind: row.entityKind,
    entityId: row.entityId,
    action: row.action,
    householdId: row.householdId,
    changes: auditChanges(row.entityKind, parsed(row.before), parsed(row.after)),
  };
}

/** The owner's page of the log: newest first, by part of a person's name and by school days (included). */
export async function auditLog(db: Db, query: AuditQuery, timeZone: string): Promise<AuditLogResponse> {
  const page = query.page ?? 1;
  const { rows, total } = await auditEntriesPage(
    db,
    {
      person: query.person || undefined,
      from: query.from ? lessonStartsAt(query.from, "00:00", timeZone).toISOString() : undefined,
      until: query.to ? lessonStartsAt(addDays(query.to, 1), "00:00", timeZone).toISOString() : undefined,
    },
    { offset: (page - 1) * auditPageSize, limit: auditPageSize },
  );
  return { entries: rows.map(auditEntryView), page, pageSize: auditPageSize, total };
}

/** Every entry about one household, oldest first, as its data export carries them. */
export async function householdAuditLog(db: Db, householdId: string): Promise<AuditEntryView[]> {
  return (await householdAuditEntries(db, householdId)).map(auditEntryView);
}
