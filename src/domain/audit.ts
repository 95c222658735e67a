import { pageNumberParam, searchTextParam } from "./query.ts";
import { isIsoDay } from "./school-day.ts";
import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/**
 * The audit log (issue 30, docs/decisions/036): who changed what, when, with the values that matter before and
 * after. Shared by the server (which writes entries through `auditedValues`) and the admin page (which shows them).
 */

/** What an entry is about. */
export const auditKinds = [
  "client",
  "guardian",
  "guardian-invitation",
  "swimmer",
  "booking",
  "feedback",
  "lesson-record",
  "lesson",
  "milestone",
  "gallery-item",
  "school-settings",
  "certificate-settings",
  "reschedule-settings",
  "cancellation-policy",
  "credit",
  "instructor",
  "instructor-hours",
  "instructor-time-off",
  "level",
  "skill",
  "rating-scale",
  "swimmer-level",
  "level-result",
  "household-export",
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditActions = [
  "created",
  "updated",
  "deleted",
  "cancelled",
  "recorded",
  "approved",
  "issued",
  "voided",
  "moved",
  "retired",
  "invited",
  "removed",
  "temporary-password-issued",
  "reset-link-sent",
  "exported",
] as const;
export type AuditAction = (typeof auditActions)[number];

/**
 * The only fields an entry keeps, per kind. Whatever else a call hands over is dropped before it is written: a
 * password, a temporary password, a token, a share token or a session id is never named here, so it never reaches
 * the table, whoever calls.
 */
export const auditedFields: Record<AuditKind, readonly string[]> = {
  client: [
    "firstName",
    "lastName",
    "email",
    "phoneNumber",
    "address",
    "accessNotes",
    "defaultPackType",
    "locale",
    "swimmers",
  ],
  guardian: ["email", "name", "permissions"],
  "guardian-invitation": ["email", "permissions"],
  swimmer: ["firstName", "lastName", "birthDate", "notes", "photoPermission"],
  booking: ["date", "dates", "swimmerIds", "instructorId", "startTime", "creditId"],
  feedback: ["date", "swimmer", "feedback"],
  "lesson-record": ["date", "swimmers", "photos", "assessments"],
  lesson: ["date", "startTime", "reason", "outcome"],
  milestone: ["date", "swimmerId"],
  "gallery-item": ["date", "mediaType", "videoLink", "swimmerId"],
  "school-settings": ["email", "phone", "socialProfileUrl", "contractFormUrl", "reels"],
  "certificate-settings": ["approveBeforePublishing"],
  "reschedule-settings": ["automatic"],
  "cancellation-policy": [
    "version",
    "noticeHours",
    "lateCancellation",
    "reschedulesPerPackage",
    "creditExpiryDays",
    "creditsSharedBy",
    "weatherNoticeHours",
  ],
  credit: ["kind", "reason", "expiresOn", "swimmerId"],
  instructor: ["name", "email"],
  "instructor-hours": ["weeklyHours"],
  "instructor-time-off": ["firstDay", "lastDay", "reason"],
  level: ["name", "nameEs", "description", "descriptionEs", "position", "skillId", "required"],
  skill: ["name", "nameEs", "description", "descriptionEs", "homeTip", "homeTipEs", "position"],
  "rating-scale": ["version", "ratings"],
  "swimmer-level": ["levelId"],
  "level-result": ["swimmerFirstName", "passedAt", "certificateNumber"],
  "household-export": ["files", "photos", "certificates"],
};

export type AuditValues = Record<string, unknown>;

/** `values` with only the fields its kind keeps (undefined ones dropped); null when none is left. */
export function auditedValues(kind: AuditKind, values: object | null | undefined): AuditValues | null {
  if (!values) return null;
  const given = values as AuditValues;
  const kept: AuditValues = {};
  for (const field of auditedFields[kind]) {
    if (given[field] !== undefined) kept[field] = given[field];
  }
  return Object.keys(kept).length > 0 ? kept : null;
}

/** One field that differs between before and after (or is only in one of them). */
export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields an entry changed, in the kind's order; a field with the same value before and after is left out. */
export function auditChanges(
  kind: string,
  before: AuditValues | null,
  after: AuditValues | null,
): AuditChange[] {
  const order = (auditedFields as Record<string, readonly string[] | undefined>)[kind] ?? [];
  const fields = [...new Set([...order, ...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (field) => (before && field in before) || (after && field in after),
  );
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

export interface AuditEntryView {
  id: number;
  /** ISO instant. */
  at: string;
  actorName: string;
  actorRole: string;
  entityKind: string;
  entityId: string;
  action: string;
  householdId: string | null;
  changes: AuditChange[];
}

export interface AuditLogResponse {
  entries: AuditEntryView[];
  page: number;
  pageSize: number;
  total: number;
}

export const auditPageSize = 25;

const dayParam = z.string().refine(
  isIsoDay,
  said(() => translate(/*i18n*/ { id: "audit.badDay", message: "Give a date as YYYY-MM-DD." })),
);

/** GET /api/audit-log: who (a part of the person's name), from and to (school days, included), the page. */
export const auditQuerySchema = z
  .object({
    person: searchTextParam(100).optional(),
    from: dayParam.optional(),
    to: dayParam.optional(),
    page: pageNumberParam("page").optional(),
  })
  .refine(
    (query) => !query.from || !query.to || query.from <= query.to,
    said(() =>
      translate(/*i18n*/ { id: "audit.fromAfterTo", message: "The first day must not be after the last." }),
    ),
  );
export type AuditQuery = z.infer<typeof auditQuerySchema>;
