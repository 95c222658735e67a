import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Swimmer } from "../../../domain/swimmers.ts";
import { ApiError } from "../../api/http.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useAddSwimmer, useHouseholdSwimmers, useRemoveSwimmer, useUpdateSwimmer } from "../api/swimmers.ts";
import { type FieldError, focusFieldOf } from "../components/client-fields.tsx";
import { readSwimmerFields, SwimmerFields } from "../components/swimmer-fields.tsx";

/**
 * Edit Client's Swimmers (issue 26): the household's swimmers, each shown with its birth date, notes and photo
 * permission, edited in place; one more added; one removed after a confirmation. The server refuses to remove a
 * swimmer with lessons, milestones or photos (the school keeps its history) and a family's last swimmer, and says
 * so; the message is shown here.
 */
export function HouseholdSwimmers({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const swimmers = useHouseholdSwimmers(clientId);
  const remove = useRemoveSwimmer(clientId);
  const toast = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Swimmer | null>(null);
  const headingId = useId();
  const removingName = removing ? `${removing.firstName} ${removing.lastName}` : "";

  async function onRemove() {
    if (!removing) return;
    try {
      const { message } = await remove.mutateAsync(removing.id);
      toast("success", message);
    } catch (caught) {
      toast(
        "error",
        caught instanceof ApiError ? caught.message : t`Could not remove the swimmer. Please try again.`,
      );
    }
    setRemoving(null);
  }

  return (
    <section className="household-swimmers" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Swimmers</Trans>
      </h3>
      {swimmers.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>Could not load the swimmers. Please try again.</Trans>
        </p>
      ) : swimmers.data === undefined ? (
        <p role="status">
          <Trans>Loading swimmers…</Trans>
        </p>
      ) : (
        <ul className="household-swimmers__list">
          {swimmers.data.map((swimmer) => (
            <li key={swimmer.id} className="household-swimmers__item">
              {editing === swimmer.id ? (
                <SwimmerForm clientId={clientId} swimmer={swimmer} onDone={() => setEditing(null)} />
              ) : (
                <SwimmerSummary
                  swimmer={swimmer}
                  onEdit={() => setEditing(swimmer.id)}
                  onRemove={() => setRemoving(swimmer)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <SwimmerForm clientId={clientId} onDone={() => setAdding(false)} />
      ) : (
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={() => setAdding(true)}
        >
          <Trans>Add a swimmer</Trans>
        </button>
      )}
      <ConfirmDialog
        open={removing !== null}
        question={t`Remove ${removingName} from this family?`}
        confirmLabel={t`Remove`}
        busy={remove.isPending}
        onConfirm={onRemove}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}

function SwimmerSummary({
  swimmer,
  onEdit,
  onRemove,
}: {
  swimmer: Swimmer;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const name = `${swimmer.firstName} ${swimmer.lastName}`;
  const born = swimmer.birthDate;
  return (
    <div className="household-swimmers__summary">
      <p className="household-swimmers__name">
        {name}
        {swimmer.isGuardian && (
          <span className="household-swimmers__tag">
            {" "}
            <Trans>(the client)</Trans>
          </span>
        )}
      </p>
      <p className="household-swimmers__details">
        {born ? t`Born ${born}` : t`Birth date not given`}
        {" · "}
        {swimmer.photoPermission ? t`Photos allowed` : t`No photos`}
      </p>
      {swimmer.notes && <p className="household-swimmers__notes">{swimmer.notes}</p>}
      <div className="admin-form__actions">
        <button
          type="button"
          className="admin-button admin-button--small"
          aria-label={t`Edit swimmer ${name}`}
          onClick={onEdit}
        >
          <Trans>Edit</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--small admin-button--danger"
          aria-label={t`Remove swimmer ${name}`}
          onClick={onRemove}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </div>
  );
}

/** A swimmer's own form: adds one when given no swimmer, else edits it. */
function SwimmerForm({
  clientId,
  swimmer,
  onDone,
}: {
  clientId: string;
  swimmer?: Swimmer;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const add = useAddSwimmer(clientId);
  const update = useUpdateSwimmer(clientId);
  const [error, setError] = useState<FieldError | null>(null);
  const busy = add.isPending || update.isPending;
  const name = swimmer ? `${swimmer.firstName} ${swimmer.lastName}` : "";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = readSwimmerFields(form);
    setError(null);
    try {
      const { message } = swimmer
        ? await update.mutateAsync({
            id: swimmer.id,
            input: swimmer.isGuardian ? { ...values, firstName: undefined, lastName: undefined } : values,
          })
        : await add.mutateAsync(values);
      toast("success", message);
      onDone();
    } catch (caught) {
      const refusal = {
        message:
          caught instanceof ApiError ? caught.message : t`Could not save the swimmer. Please try again.`,
        field: caught instanceof ApiError ? caught.field : undefined,
      };
      toast("error", refusal.message);
      setError(refusal);
      focusFieldOf(form, refusal);
    }
  }

  return (
    <form
      className="admin-form household-swimmers__form"
      onSubmit={onSubmit}
      aria-label={swimmer ? t`Edit swimmer ${name}` : t`New swimmer`}
    >
      <SwimmerFields swimmer={swimmer} error={error} namesLocked={swimmer?.isGuardian} />
      {error && !error.field && (
        <p className="admin-form__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {swimmer ? t`Save swimmer` : t`Add swimmer`}
        </button>
        <button type="button" className="admin-button admin-button--secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
