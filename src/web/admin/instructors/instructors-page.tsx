import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { StaffMember } from "../../../domain/lesson-schedule.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useCreateInstructor, useInstructors, useRenameStaff } from "../api/instructors.ts";
import { useIsOwner, useOwnId } from "../components/lesson-schedule-fields.tsx";
import { type IssuedPassword, TemporaryPasswordDialog } from "../components/temporary-password-dialog.tsx";
import { AvailabilityEditor } from "./availability-editor.tsx";
import "./instructors.css";

/**
 * /instructors (issue 27, docs/decisions/021, 024). The owner's: the school's staff, each with their name (what
 * families read) and their weekly hours and time off, and a form that creates an instructor's account with a
 * temporary password, shown once, as for a client. An instructor's: their own hours and time off.
 */
export function InstructorsPage() {
  return useIsOwner() ? <OwnersInstructorsPage /> : <OwnAvailabilityPage />;
}

function OwnAvailabilityPage() {
  const ownId = useOwnId();
  return (
    <section className="admin-page">
      <h1>
        <Trans>My hours and time off</Trans>
      </h1>
      <p className="booking-hint">
        <Trans>
          Lessons are booked inside your weekly hours and never in your time off. With no hours set, you may
          be booked any time.
        </Trans>
      </p>
      <AvailabilityEditor instructorId={ownId} />
    </section>
  );
}

function OwnersInstructorsPage() {
  const { t } = useLingui();
  const toast = useToast();
  const staff = useInstructors();
  const create = useCreateInstructor();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const formHeadingId = useId();
  const listHeadingId = useId();
  const ids = { firstName: useId(), lastName: useId(), email: useId(), error: useId() };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    setError(null);
    try {
      const answer = await create.mutateAsync({
        firstName: text("firstName"),
        lastName: text("lastName"),
        email: text("email"),
      });
      form.reset();
      toast("success", answer.message);
      setIssued({ clientName: answer.instructor.name, password: answer.temporaryPassword });
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status < 500;
      if (!refused) console.error("Instructor account failed", caught);
      setError({
        message: refused ? caught.message : t`The account could not be created. Please try again.`,
        field: refused ? caught.field : undefined,
      });
    }
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);

  return (
    <section className="admin-page">
      <h1>
        <Trans>Instructors</Trans>
      </h1>
      <section className="admin-card" aria-labelledby={formHeadingId}>
        <h2 id={formHeadingId}>
          <Trans>New instructor account</Trans>
        </h2>
        <p className="booking-hint">
          <Trans>
            An instructor signs in with the temporary password, chooses their own, and then sees and works
            only their own lessons: no registering, deleting, packages or payments.
          </Trans>
        </p>
        <form className="admin-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={ids.firstName}>
              <Trans>First name</Trans>
            </label>
            <input
              id={ids.firstName}
              name="firstName"
              required
              autoComplete="off"
              aria-invalid={invalid("firstName")}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.lastName}>
              <Trans>Last name</Trans>
            </label>
            <input
              id={ids.lastName}
              name="lastName"
              required
              autoComplete="off"
              aria-invalid={invalid("lastName")}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.email}>
              <Trans>Email</Trans>
            </label>
            <input
              id={ids.email}
              name="email"
              type="email"
              required
              autoComplete="off"
              aria-invalid={invalid("email")}
            />
          </div>
          {error && (
            <p id={ids.error} className="admin-form__error" role="alert">
              {error.message}
            </p>
          )}
          <div className="admin-form__actions">
            <button type="submit" className="admin-button" disabled={create.isPending}>
              {create.isPending ? t`Creating…` : t`Create Instructor Account`}
            </button>
          </div>
        </form>
      </section>

      <section aria-labelledby={listHeadingId}>
        <h2 id={listHeadingId}>
          <Trans>The school's staff</Trans>
        </h2>
        {staff.isPending ? (
          <p role="status">
            <Trans>Loading instructors…</Trans>
          </p>
        ) : staff.isError ? (
          <p className="admin-form__error" role="alert">
            <Trans>The instructors could not be loaded. Reload the page to try again.</Trans>
          </p>
        ) : (
          <ul className="staff-list">
            {staff.data.map((member) => (
              <StaffCard key={member.id} member={member} />
            ))}
          </ul>
        )}
      </section>
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </section>
  );
}

/** One staff member: name, email and role, the name families read (renamed here), and their hours and time off. */
function StaffCard({ member }: { member: StaffMember }) {
  const { t } = useLingui();
  const toast = useToast();
  const rename = useRenameStaff();
  const [open, setOpen] = useState<"name" | "availability" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const panelId = useId();

  async function onRename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setError(null);
    try {
      const answer = await rename.mutateAsync({ id: member.id, name });
      toast("success", answer.message);
      setOpen(null);
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status < 500;
      if (!refused) console.error("Staff rename failed", caught);
      setError(refused ? caught.message : t`The name could not be saved. Please try again.`);
    }
  }

  const toggle = (panel: "name" | "availability") => setOpen(open === panel ? null : panel);
  return (
    <li className="staff-card">
      <div className="staff-card__head">
        <strong>{member.name}</strong>
        <span className="staff-list__email">{member.email}</span>
        <span className="staff-list__role">{member.owner ? t`Owner` : t`Instructor`}</span>
      </div>
      <div className="staff-card__actions">
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-expanded={open === "name"}
          aria-controls={panelId}
          aria-label={t`Rename ${member.name}`}
          onClick={() => toggle("name")}
        >
          <Trans>Rename</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-expanded={open === "availability"}
          aria-controls={panelId}
          aria-label={t`Hours and time off of ${member.name}`}
          onClick={() => toggle("availability")}
        >
          <Trans>Hours and time off</Trans>
        </button>
      </div>
      <div id={panelId} className="staff-card__panel" hidden={open === null}>
        {open === "name" && (
          <form className="admin-form" onSubmit={onRename} noValidate>
            <div className="field">
              <label htmlFor={nameId}>
                <Trans>Name families read</Trans>
              </label>
              <input
                id={nameId}
                name="name"
                defaultValue={member.name}
                required
                maxLength={100}
                autoComplete="off"
                aria-invalid={error ? true : undefined}
              />
            </div>
            <p className="booking-hint">
              <Trans>
                Shown as the instructor on lessons, in Booking Details ("with …") and in reminders.
              </Trans>
            </p>
            {error && (
              <p className="admin-form__error" role="alert">
                {error}
              </p>
            )}
            <div className="admin-form__actions">
              <button type="submit" className="admin-button" disabled={rename.isPending}>
                {rename.isPending ? t`Saving…` : t`Save Name`}
              </button>
            </div>
          </form>
        )}
        {open === "availability" && <AvailabilityEditor instructorId={member.id} />}
      </div>
    </li>
  );
}
