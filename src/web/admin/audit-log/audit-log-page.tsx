import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId } from "react";
import { useSearchParams } from "react-router";
import type { AuditChange, AuditEntryView } from "../../../domain/audit.ts";
import { formatter } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { useAuditLog } from "../api/audit.ts";
import "./audit-log.css";

/** What an entry is about, as the owner reads it. */
const kindLabels: Record<string, MessageDescriptor> = {
  client: msg`Client`,
  guardian: msg`Guardian`,
  "guardian-invitation": msg`Guardian invitation`,
  swimmer: msg`Swimmer`,
  booking: msg`Booking`,
  feedback: msg`Feedback`,
  "lesson-record": msg`Lesson record`,
  lesson: msg`Lesson`,
  milestone: msg`Milestone`,
  "gallery-item": msg`Gallery item`,
  "school-settings": msg`School settings`,
  "certificate-settings": msg`Certificate settings`,
  "reschedule-settings": msg`Moving classes`,
  "cancellation-policy": msg`Cancellation policy`,
  credit: msg`Class credit`,
  instructor: msg`Staff account`,
  "instructor-hours": msg`Weekly hours`,
  "instructor-time-off": msg`Time off`,
  level: msg`Level`,
  skill: msg`Skill`,
  "rating-scale": msg`Rating scale`,
  "swimmer-level": msg`Swimmer's level`,
  "level-result": msg`Certificate`,
  "household-export": msg`Household data`,
};

const actionLabels: Record<string, MessageDescriptor> = {
  created: msg`created`,
  updated: msg`changed`,
  deleted: msg`deleted`,
  cancelled: msg`cancelled`,
  recorded: msg`recorded`,
  approved: msg`approved`,
  issued: msg`issued`,
  voided: msg`voided`,
  moved: msg`moved`,
  retired: msg`retired`,
  invited: msg`invited`,
  removed: msg`removed`,
  "temporary-password-issued": msg`new temporary password issued`,
  "reset-link-sent": msg`reset link sent`,
  exported: msg`downloaded as a ZIP`,
};

const roleLabels: Record<string, MessageDescriptor> = {
  admin: msg`owner`,
  instructor: msg`instructor`,
  client: msg`guardian`,
  system: msg`the school's own rule`,
};

/** The fields' names as the forms call them; a field without one shows its stored name. */
const fieldLabels: Record<string, MessageDescriptor> = {
  firstName: msg`First name`,
  lastName: msg`Last name`,
  email: msg`Email`,
  phoneNumber: msg`Phone number`,
  phone: msg`Phone number`,
  address: msg`Address`,
  accessNotes: msg`Access notes`,
  defaultPackType: msg`Package`,
  locale: msg`Language`,
  swimmers: msg`Swimmers`,
  name: msg`Name`,
  permissions: msg`Permissions`,
  birthDate: msg`Birth date`,
  notes: msg`Notes`,
  photoPermission: msg`Photo permission`,
  date: msg`Date`,
  dates: msg`Dates`,
  swimmerIds: msg`Swimmers`,
  swimmerId: msg`Swimmer`,
  swimmer: msg`Swimmer`,
  instructorId: msg`Instructor`,
  startTime: msg`Start time`,
  feedback: msg`Feedback`,
  photos: msg`Photos`,
  assessments: msg`Skills rated`,
  reason: msg`Reason`,
  outcome: msg`Outcome`,
  mediaType: msg`Kind`,
  videoLink: msg`Video link`,
  socialProfileUrl: msg`Social profile`,
  contractFormUrl: msg`Contract form`,
  reels: msg`Reels`,
  approveBeforePublishing: msg`Approve certificates before publishing`,
  version: msg`Version`,
  noticeHours: msg`Notice (hours)`,
  lateCancellation: msg`Late cancellation`,
  reschedulesPerPackage: msg`Reschedules per package`,
  creditExpiryDays: msg`Credit valid for (days)`,
  creditsSharedBy: msg`Credits shared by`,
  weatherNoticeHours: msg`Weather notice (hours)`,
  kind: msg`Kind`,
  expiresOn: msg`Last day`,
  weeklyHours: msg`Weekly hours`,
  firstDay: msg`First day`,
  lastDay: msg`Last day`,
  nameEs: msg`Name (Spanish)`,
  description: msg`Description`,
  descriptionEs: msg`Description (Spanish)`,
  homeTip: msg`Home tip`,
  homeTipEs: msg`Home tip (Spanish)`,
  position: msg`Position`,
  skillId: msg`Skill`,
  required: msg`Required`,
  ratings: msg`Ratings`,
  levelId: msg`Level`,
  swimmerFirstName: msg`Swimmer`,
  passedAt: msg`Passed on`,
  certificateNumber: msg`Certificate number`,
  files: msg`Files`,
  certificates: msg`Certificates`,
};

/**
 * /audit-log (issue 30, docs/decisions/036), the owner's: who changed what and when, newest first, searched by part of
 * a person's name and by a range of days; 25 entries a page, each with the values before and after. The search is in
 * the address, so a page can be reloaded, shared or gone back to.
 */
export function AuditLogPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const search = {
    person: params.get("person") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const log = useAuditLog(search);
  const ids = { person: useId(), from: useId(), to: useId(), results: useId() };

  const go = (next: Partial<typeof search>) => {
    const merged = { ...search, ...next };
    const query = new URLSearchParams();
    if (merged.person) query.set("person", merged.person);
    if (merged.from) query.set("from", merged.from);
    if (merged.to) query.set("to", merged.to);
    if (merged.page > 1) query.set("page", String(merged.page));
    setParams(query);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    go({
      person: String(form.get("person") ?? "").trim(),
      from: String(form.get("from") ?? ""),
      to: String(form.get("to") ?? ""),
      page: 1,
    });
  };

  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <section className="admin-page audit-log">
      <h1>
        <Trans>Audit log</Trans>
      </h1>
      <p className="audit-log__hint">
        <Trans>
          Every change the owner and the instructors make, with who made it and when. Entries are never
          changed or deleted.
        </Trans>
      </p>
      <form
        className="admin-card admin-form audit-log__search"
        aria-label={t`Search the audit log`}
        onSubmit={onSubmit}
      >
        <div className="field">
          <label htmlFor={ids.person}>
            <Trans>Person</Trans>
          </label>
          <input
            id={ids.person}
            name="person"
            type="search"
            defaultValue={search.person}
            key={`person-${search.person}`}
            autoComplete="off"
            maxLength={100}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.from}>
            <Trans>From</Trans>
          </label>
          <input
            id={ids.from}
            name="from"
            type="date"
            defaultValue={search.from}
            key={`from-${search.from}`}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.to}>
            <Trans>To</Trans>
          </label>
          <input id={ids.to} name="to" type="date" defaultValue={search.to} key={`to-${search.to}`} />
        </div>
        <div className="admin-form__actions">
          <button type="submit" className="admin-button">
            <Trans>Search</Trans>
          </button>
          {search.person || search.from || search.to ? (
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => go({ person: "", from: "", to: "", page: 1 })}
            >
              <Trans>Show everything</Trans>
            </button>
          ) : null}
        </div>
      </form>

      {log.isPending ? (
        <p role="status">
          <Trans>Loading the audit log…</Trans>
        </p>
      ) : log.isError ? (
        <div className="admin-form__error" role="alert">
          <p>
            {t`Could not load the audit log.`} {errorMessageOf(log.error)}
          </p>
          <button type="button" className="admin-button" onClick={() => void log.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <section aria-labelledby={ids.results} aria-busy={log.isFetching}>
          <h2 id={ids.results} className="audit-log__count">
            {plural(log.data.total, { one: "# entry", other: "# entries" })}
          </h2>
          {log.data.entries.length === 0 ? (
            <p className="audit-log__empty">
              {search.person || search.from || search.to ? (
                <Trans>No change matches this search.</Trans>
              ) : (
                <Trans>No change has been recorded yet.</Trans>
              )}
            </p>
          ) : (
            <ol className="audit-log__list">
              {log.data.entries.map((entry) => (
                <Entry key={entry.id} entry={entry} />
              ))}
            </ol>
          )}
          {pages > 1 ? (
            <nav className="audit-log__pages" aria-label={t`Audit log pages`}>
              <button
                type="button"
                className="admin-button admin-button--secondary admin-button--small"
                disabled={search.page <= 1}
                onClick={() => go({ page: search.page - 1 })}
              >
                <Trans>Newer</Trans>
              </button>
              <span>
                <Trans>
                  Page {search.page} of {pages}
                </Trans>
              </span>
              <button
                type="button"
                className="admin-button admin-button--secondary admin-button--small"
                disabled={search.page >= pages}
                onClick={() => go({ page: search.page + 1 })}
              >
                <Trans>Older</Trans>
              </button>
            </nav>
          ) : null}
        </section>
      )}
    </section>
  );
}

function Entry({ entry }: { entry: AuditEntryView }) {
  const { t, i18n } = useLingui();
  const label = (labels: Record<string, MessageDescriptor>, key: string) => {
    const descriptor = labels[key];
    return descriptor ? i18n._(descriptor) : key;
  };
  const when = formatter(i18n.locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(entry.at));
  const who = entry.actorName || label(roleLabels, "system");
  return (
    <li className="admin-card audit-log__entry">
      <p className="audit-log__what">
        <strong>
          {label(kindLabels, entry.entityKind)} {label(actionLabels, entry.action)}
        </strong>{" "}
        <span className="audit-log__id">#{entry.entityId}</span>
      </p>
      <p className="audit-log__who">
        <time dateTime={entry.at}>{when}</time> · {who}
        {entry.actorName ? ` (${label(roleLabels, entry.actorRole)})` : null}
      </p>
      {entry.changes.length > 0 ? (
        <dl className="audit-log__changes">
          {entry.changes.map((change) => (
            <div key={change.field}>
              <dt>{label(fieldLabels, change.field)}</dt>
              <dd>
                <Change change={change} none={t`(none)`} yes={t`Yes`} no={t`No`} />
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

/** One field's before and after; only the after for a new value, only the before for a removed one. */
function Change({ change, none, yes, no }: { change: AuditChange; none: string; yes: string; no: string }) {
  const { t } = useLingui();
  const shown = (value: unknown): string => {
    if (value === undefined || value === null || value === "") return none;
    if (typeof value === "boolean") return value ? yes : no;
    if (Array.isArray(value)) {
      return value.length === 0 ? none : value.map((each) => shown(each)).join(", ");
    }
    if (typeof value === "object") {
      return Object.entries(value as Record<string, unknown>)
        .filter(([, each]) => each !== undefined)
        .map(([key, each]) => `${key}: ${shown(each)}`)
        .join("; ");
    }
    return String(value);
  };
  const had = change.before !== undefined;
  const has = change.after !== undefined;
  return (
    <>
      {had ? (
        <span className="audit-log__before">
          <span className="visually-hidden">{t`Before:`} </span>
          {shown(change.before)}
        </span>
      ) : null}
      {had && has ? <span aria-hidden="true"> → </span> : null}
      {has ? (
        <span className="audit-log__after">
          <span className="visually-hidden">{t`After:`} </span>
          {shown(change.after)}
        </span>
      ) : null}
    </>
  );
}
