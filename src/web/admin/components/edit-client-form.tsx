import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import { defaultPackType, type PackType } from "../../../domain/packs.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import {
  useDeleteClient,
  useIssueTemporaryPassword,
  useSendResetLink,
  useUpdateClient,
} from "../api/clients.ts";
import {
  ClientFields,
  type FieldError,
  focusFieldOf,
  isClientFieldError,
  readClientFields,
} from "./client-fields.tsx";
import { PackSelect } from "./pack-select.tsx";
import { PlanSummary } from "./plan-summary.tsx";
import { type IssuedPassword, TemporaryPasswordDialog } from "./temporary-password-dialog.tsx";

/**
 * Edit Client (spec §2): the fields, the package (locked while a subscription is active), Update and Delete; and,
 * for a client who lost their password, a new temporary password or a reset link. Cancel when `onCancel` is given.
 */
export function EditClientForm({
  client,
  onDeleted,
  onSaved,
  onCancel,
}: {
  client: Client;
  onDeleted: () => void;
  onSaved?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const update = useUpdateClient();
  const remove = useDeleteClient();
  const [confirming, setConfirming] = useState<"delete" | "new-password" | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const errorId = useId();
  const lockId = useId();
  const addressId = useId();
  const accessId = useId();
  const locked = client.hasActiveSubscription;
  const name = `${client.firstName} ${client.lastName}`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const pack = data.get("defaultPackType");
    setError(null);
    try {
      await update.mutateAsync({
        id: client.id,
        input: {
          ...readClientFields(form),
          ...(locked ? {} : { defaultPackType: String(pack) as PackType }),
          address: String(data.get("address") ?? ""),
          accessNotes: String(data.get("accessNotes") ?? ""),
        },
      });
      toast("success", messages.clientUpdated);
      onSaved?.();
    } catch (caught) {
      toast("error", messages.clientUpdateFailed);
      if (caught instanceof ApiError) {
        const refusal = { message: caught.message, field: caught.field };
        setError(refusal);
        focusFieldOf(form, refusal);
      }
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(client.id);
      setConfirming(null);
      toast("success", messages.clientDeleted);
      onDeleted();
    } catch {
      setConfirming(null);
      toast("error", messages.clientDeleteFailed);
    }
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} aria-label={t`Edit ${name}`}>
      <ClientFields client={client} error={error} />
      <PackSelect
        name="defaultPackType"
        defaultValue={client.defaultPackType ?? defaultPackType}
        disabled={locked}
        describedBy={locked ? lockId : undefined}
      />
      {locked && (
        <p id={lockId} className="admin-form__warning">
          {messages.packLocked}
        </p>
      )}
      <PlanSummary plan={client.plan} />
      <div className="field">
        <label htmlFor={addressId}>
          <Trans>Address for lessons</Trans>
        </label>
        <input
          id={addressId}
          name="address"
          type="text"
          autoComplete="off"
          maxLength={300}
          defaultValue={client.address}
        />
      </div>
      <div className="field swimmer-fields__notes">
        <label htmlFor={accessId}>
          <Trans>Access notes (gate code, parking, pool heater)</Trans>
        </label>
        <textarea
          id={accessId}
          name="accessNotes"
          rows={2}
          maxLength={1000}
          defaultValue={client.accessNotes}
        />
      </div>
      {error && !isClientFieldError(error) && (
        <p id={errorId} className="admin-form__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={update.isPending}>
          {update.isPending ? t`Updating…` : t`Update`}
        </button>
        {onCancel && (
          <button type="button" className="admin-button admin-button--secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
        <button
          type="button"
          className="admin-button admin-button--danger admin-form__push-end"
          onClick={() => setConfirming("delete")}
        >
          <Trans>Delete</Trans>
        </button>
      </div>
      <PasswordHelp client={client} onNewPassword={() => setConfirming("new-password")} />
      <ConfirmDialog
        open={confirming === "delete"}
        question={messages.confirmDeleteClient}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(null)}
      />
      <NewPasswordConfirm
        client={client}
        open={confirming === "new-password"}
        onDone={() => setConfirming(null)}
      />
    </form>
  );
}

/** For a client who lost their password: the two ways back in, explained. */
function PasswordHelp({ client, onNewPassword }: { client: Client; onNewPassword: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const sendLink = useSendResetLink();
  const headingId = useId();

  async function onSendLink() {
    try {
      const { message } = await sendLink.mutateAsync(client.id);
      toast("success", message);
    } catch (caught) {
      toast("error", caught instanceof ApiError ? caught.message : messages.resetLinkFailed);
    }
  }

  return (
    <fieldset className="password-help" aria-labelledby={headingId}>
      <legend id={headingId}>
        <Trans>Lost password</Trans>
      </legend>
      <p className="password-help__text">
        <Trans>
          Give the client a new temporary password to read out, or mail them a link to choose their own.
        </Trans>
      </p>
      <div className="admin-form__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onNewPassword}>
          <Trans>New temporary password</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--secondary"
          onClick={onSendLink}
          disabled={sendLink.isPending}
        >
          {sendLink.isPending ? t`Sending…` : t`Send reset link`}
        </button>
      </div>
    </fieldset>
  );
}

/** Asks first (the client's current password stops working and they are signed out), then shows the new one. */
function NewPasswordConfirm({ client, open, onDone }: { client: Client; open: boolean; onDone: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const issue = useIssueTemporaryPassword();
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const name = `${client.firstName} ${client.lastName}`;

  async function onConfirm() {
    try {
      const { temporaryPassword, message } = await issue.mutateAsync(client.id);
      toast("success", message);
      onDone();
      setIssued({ clientName: name, password: temporaryPassword });
    } catch (caught) {
      onDone();
      toast("error", caught instanceof ApiError ? errorMessageOf(caught) : messages.temporaryPasswordFailed);
    }
  }

  return (
    <>
      <ConfirmDialog
        open={open}
        question={t`Give ${name} a new temporary password? Their current password stops working and they are signed out.`}
        confirmLabel={t`Give new password`}
        busy={issue.isPending}
        onConfirm={onConfirm}
        onCancel={onDone}
      />
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
