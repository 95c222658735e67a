import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useCreateInstructor, useInstructors } from "../api/instructors.ts";
import { type IssuedPassword, TemporaryPasswordDialog } from "../components/temporary-password-dialog.tsx";
import "./instructors.css";

/**
 * /instructors (the owner's; issue 27, docs/decisions/021): the school's staff, and a form that creates an
 * instructor's account with a temporary password, shown once, as for a client. An instructor signs in to their own
 * lessons only.
 */
export function InstructorsPage() {
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
              <li key={member.id}>
                <strong>{member.name}</strong>
                <span className="staff-list__email">{member.email}</span>
                <span className="staff-list__role">{member.owner ? t`Owner` : t`Instructor`}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </section>
  );
}
