import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type GuardianChange,
  useConfirmedGuardianChange,
  useGuardians,
  useInviteGuardian,
} from "../../api/guardians.ts";
import { errorMessageOf } from "../../api/http.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import {
  invitationFrom,
  PermissionChecks,
  PermissionList,
  useGuardianChangeWords,
} from "../../components/guardian-permissions.tsx";
import { useToast } from "../../components/toast/toast.tsx";

/**
 * Edit Client's Guardians (issue 26): the people who sign in for the family, what each may do, the invitations
 * still waiting, and an invitation for one more. The first guardian holds the account and is never removed; the
 * others are removed, and invitations revoked, after a confirmation. The server says what went wrong; it is shown.
 */
export function HouseholdGuardians({ clientId }: { clientId: string }) {
  const { t, i18n } = useLingui();
  const query = useGuardians(clientId);
  const change = useConfirmedGuardianChange(clientId);
  const toast = useToast();
  const [pending, setPending] = useState<GuardianChange | null>(null);
  const words = useGuardianChangeWords(pending);
  const headingId = useId();
  const invitationsId = useId();
  const data = query.data;
  const expiry = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale, { dateStyle: "long" });

  async function confirm() {
    if (!pending) return;
    try {
      toast("success", await change.apply(pending));
    } catch (caught) {
      toast("error", errorMessageOf(caught));
    }
    setPending(null);
  }

  return (
    <section className="household-swimmers household-guardians" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Guardians</Trans>
      </h3>
      {query.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>Could not load the guardians. Please try again.</Trans>
        </p>
      ) : data === undefined ? (
        <p role="status">
          <Trans>Loading guardians…</Trans>
        </p>
      ) : (
        <>
          <ul className="household-swimmers__list" aria-labelledby={headingId}>
            {data.guardians.map((guardian) => (
              <li key={guardian.userId} className="household-swimmers__item">
                <p className="household-swimmers__name">
                  {guardian.name}
                  {guardian.first && (
                    <span className="household-swimmers__tag">
                      {" "}
                      <Trans>(account holder)</Trans>
                    </span>
                  )}
                </p>
                <p className="household-swimmers__details">{guardian.email}</p>
                <PermissionList permissions={guardian.permissions} />
                {!guardian.first && (
                  <div className="admin-form__actions">
                    <button
                      type="button"
                      className="admin-button admin-button--small admin-button--danger"
                      aria-label={t`Remove guardian ${guardian.name}`}
                      onClick={() => setPending({ kind: "remove", guardian })}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <h4 id={invitationsId}>
            <Trans>Pending invitations</Trans>
          </h4>
          {data.invitations.length === 0 ? (
            <p className="household-swimmers__details">
              <Trans>No invitation is waiting for an answer.</Trans>
            </p>
          ) : (
            <ul className="household-swimmers__list" aria-labelledby={invitationsId}>
              {data.invitations.map((invitation) => {
                const date = expiry(invitation.expiresAt);
                return (
                  <li key={invitation.id} className="household-swimmers__item">
                    <p className="household-swimmers__name">{invitation.email}</p>
                    <p className="household-swimmers__details">
                      <Trans>The link works until {date}.</Trans>
                    </p>
                    <PermissionList permissions={invitation.permissions} />
                    <div className="admin-form__actions">
                      <button
                        type="button"
                        className="admin-button admin-button--small admin-button--danger"
                        aria-label={t`Revoke the invitation to ${invitation.email}`}
                        onClick={() => setPending({ kind: "revoke", invitation })}
                      >
                        <Trans>Revoke</Trans>
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <InviteForm clientId={clientId} />
      <ConfirmDialog
        open={pending !== null}
        question={words.question}
        confirmLabel={words.confirmLabel}
        busy={change.busy}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

/** One more guardian: their e-mail and what they may do; the server mails them a link to join. */
function InviteForm({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const invite = useInviteGuardian(clientId);
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const errorId = useId();
  const headingId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      const { message } = await invite.mutateAsync(invitationFrom(form));
      form.reset();
      toast("success", message);
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  }

  return (
    <form
      className="admin-form household-swimmers__form"
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
    >
      <h4 id={headingId}>
        <Trans>Invite a guardian</Trans>
      </h4>
      <div className="field">
        <label htmlFor={emailId}>
          <Trans>Their email</Trans>
        </label>
        <input id={emailId} name="email" type="email" autoComplete="off" maxLength={254} required />
      </div>
      <PermissionChecks />
      {error && (
        <p id={errorId} className="admin-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--secondary" disabled={invite.isPending}>
          {invite.isPending ? t`Sending…` : t`Send invitation`}
        </button>
      </div>
    </form>
  );
}
