import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import {
  type GuardianListItem,
  type GuardiansResponse,
  managesGuardians,
  type PendingInvitation,
} from "../../../domain/guardians.ts";
import { householdIdOf } from "../../../domain/households.ts";
import { paths } from "../../../domain/paths.ts";
import {
  type GuardianChange,
  useConfirmedGuardianChange,
  useGuardians,
  useInviteGuardian,
} from "../../api/guardians.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import {
  invitationFrom,
  PermissionChecks,
  PermissionList,
  useGuardianChangeWords,
} from "../../components/guardian-permissions.tsx";
import { ListState } from "../../components/list-state.tsx";
import "../client-panel.css";
import "./family.css";

/** A change waiting for its confirmation: removing a guardian or revoking an invitation. */
type Pending = GuardianChange | null;

/**
 * /family (issue 26): the household's guardians and pending invitations. Every guardian sees the list; a guardian
 * allowed everything (the first one always is) also invites, revokes and removes, each after a confirmation.
 */
export function FamilyPage() {
  const auth = useAuth();
  return (
    <div className="client-panel family">
      <h1>
        <Trans>Family and guardians</Trans>
      </h1>
      {auth.status === "client" ? (
        <Family
          clientId={householdIdOf(auth.user)}
          userId={auth.user.id}
          manages={managesGuardians(auth.user, householdIdOf(auth.user))}
        />
      ) : (
        <p className="client-panel__note">
          <Trans>
            Each family sees its guardians here. As an admin, see the families on{" "}
            <Link to={paths.clientsList}>the clients list</Link>.
          </Trans>
        </p>
      )}
    </div>
  );
}

function Family({ clientId, userId, manages }: { clientId: string; userId: string; manages: boolean }) {
  const { t } = useLingui();
  const query = useGuardians(clientId);
  const [pending, setPending] = useState<Pending>(null);
  const [status, setStatus] = useState<string | null>(null);
  const data = query.data;
  return (
    <>
      <p className="family__intro">
        {manages ? (
          <Trans>
            Invite another parent or carer to sign in with their own password. Choose what they may do; you
            can remove them at any time.
          </Trans>
        ) : (
          <Trans>
            The people who sign in for this family. A guardian allowed to do everything can change this.
          </Trans>
        )}
      </p>
      <p className="family__status" role="status">
        {status}
      </p>
      <ListState
        what={t`your family's guardians`}
        loadingClassName="family__loading"
        isError={query.isError}
        error={query.error}
        loaded={data !== undefined}
        onRetry={() => void query.refetch()}
      />
      {data && !query.isError && (
        <Lists
          data={data}
          userId={userId}
          manages={manages}
          onRemove={(guardian) => setPending({ kind: "remove", guardian })}
          onRevoke={(invitation) => setPending({ kind: "revoke", invitation })}
        />
      )}
      {manages && <InviteForm clientId={clientId} onSent={setStatus} />}
      <ConfirmChange
        clientId={clientId}
        pending={pending}
        onDone={setStatus}
        onClose={() => setPending(null)}
      />
    </>
  );
}

function Lists({
  data,
  userId,
  manages,
  onRemove,
  onRevoke,
}: {
  data: GuardiansResponse;
  userId: string;
  manages: boolean;
  onRemove: (guardian: GuardianListItem) => void;
  onRevoke: (invitation: PendingInvitation) => void;
}) {
  const { i18n } = useLingui();
  const guardiansId = useId();
  const invitationsId = useId();
  const expiry = (iso: string) => new Date(iso).toLocaleDateString(i18n.locale, { dateStyle: "long" });
  return (
    <>
      <section aria-labelledby={guardiansId}>
        <h2 id={guardiansId}>
          <Trans>Guardians</Trans>
        </h2>
        <ul className="family__list">
          {data.guardians.map((guardian) => (
            <li key={guardian.userId} className="family__item">
              <div className="family__who">
                <strong>{guardian.name}</strong>
                <span className="family__email">{guardian.email}</span>
                {guardian.first && (
                  <span className="family__tag">
                    <Trans>First guardian</Trans>
                  </span>
                )}
                {guardian.userId === userId && (
                  <span className="family__tag">
                    <Trans>You</Trans>
                  </span>
                )}
              </div>
              <PermissionList permissions={guardian.permissions} />
              {manages && !guardian.first && guardian.userId !== userId && (
                <button type="button" className="button family__danger" onClick={() => onRemove(guardian)}>
                  <Trans>
                    Remove <span className="visually-hidden">{guardian.name}</span>
                  </Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={invitationsId}>
        <h2 id={invitationsId}>
          <Trans>Pending invitations</Trans>
        </h2>
        {data.invitations.length === 0 ? (
          <p className="client-panel__note">
            <Trans>No invitation is waiting for an answer.</Trans>
          </p>
        ) : (
          <ul className="family__list">
            {data.invitations.map((invitation) => {
              const date = expiry(invitation.expiresAt);
              return (
                <li key={invitation.id} className="family__item">
                  <div className="family__who">
                    <strong className="family__email">{invitation.email}</strong>
                    <span>
                      <Trans>The link works until {date}.</Trans>
                    </span>
                  </div>
                  <PermissionList permissions={invitation.permissions} />
                  {manages && (
                    <button
                      type="button"
                      className="button family__danger"
                      onClick={() => onRevoke(invitation)}
                    >
                      <Trans>
                        Revoke <span className="visually-hidden">the invitation to {invitation.email}</span>
                      </Trans>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

function InviteForm({ clientId, onSent }: { clientId: string; onSent: (message: string) => void }) {
  const { t } = useLingui();
  const invite = useInviteGuardian(clientId);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const emailId = useId();
  const errorId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setError(null);
    try {
      const { message } = await invite.mutateAsync(invitationFrom(form));
      form.reset();
      onSent(message);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : errorMessageOf(caught));
    }
  }

  return (
    <section className="family__invite" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Invite a guardian</Trans>
      </h2>
      <form className="family__form" onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
        <label htmlFor={emailId}>
          <Trans>Their email</Trans>
        </label>
        <input id={emailId} name="email" type="email" autoComplete="off" maxLength={254} required />
        <PermissionChecks />
        {error && (
          <p id={errorId} className="family__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button button--blue" disabled={invite.isPending}>
          {invite.isPending ? t`Sending…` : t`Send invitation`}
        </button>
      </form>
    </section>
  );
}

function ConfirmChange({
  clientId,
  pending,
  onDone,
  onClose,
}: {
  clientId: string;
  pending: Pending;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const change = useConfirmedGuardianChange(clientId);
  const words = useGuardianChangeWords(pending);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm() {
    if (!pending) return;
    setError(null);
    try {
      onDone(await change.apply(pending));
      close();
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  }

  return (
    <Dialog open={pending !== null} title={t`Please confirm`} onClose={close}>
      <p>{words.question}</p>
      {error && (
        <p className="family__error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button family__secondary" onClick={close}>
          <Trans>Keep</Trans>
        </button>
        <button
          type="button"
          className="button family__danger"
          disabled={change.busy}
          onClick={() => void confirm()}
        >
          {words.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
