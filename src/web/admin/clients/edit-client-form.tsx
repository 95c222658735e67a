import { type FormEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import { defaultPackType, type PackType } from "../../../domain/packs.ts";
import { ApiError } from "../../api/http.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useDeleteClient, useUpdateClient } from "./api.ts";
import { ClientFields, readClientFields } from "./client-fields.tsx";
import { PackSelect } from "./pack-select.tsx";

/** Edit Client (spec §2): the fields, the package (locked while a subscription is active), Update and Delete. */
export function EditClientForm({
  client,
  onDeleted,
  onSaved,
}: {
  client: Client;
  onDeleted: () => void;
  onSaved?: () => void;
}) {
  const toast = useToast();
  const update = useUpdateClient();
  const remove = useDeleteClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const errorId = useId();
  const lockId = useId();
  const locked = client.hasActiveSubscription;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const pack = new FormData(form).get("defaultPackType");
    setError(null);
    try {
      await update.mutateAsync({
        id: client.id,
        input: {
          ...readClientFields(form),
          ...(locked ? {} : { defaultPackType: String(pack) as PackType }),
        },
      });
      toast("success", messages.clientUpdated);
      onSaved?.();
    } catch (caught) {
      toast("error", messages.clientUpdateFailed);
      if (caught instanceof ApiError) setError({ message: caught.message, field: caught.field });
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(client.id);
      setConfirming(false);
      toast("success", messages.clientDeleted);
      onDeleted();
    } catch {
      setConfirming(false);
      toast("error", messages.clientDeleteFailed);
    }
  }

  return (
    <form
      className="admin-form"
      onSubmit={onSubmit}
      aria-label={`Edit ${client.firstName} ${client.lastName}`}
    >
      <ClientFields client={client} errorField={error?.field} errorId={errorId} />
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
      {error && (
        <p id={errorId} className="admin-form__error" role="alert">
          {error.message}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={update.isPending}>
          {update.isPending ? "Updating…" : "Update"}
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        question={messages.confirmDeleteClient}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
