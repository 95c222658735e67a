import { useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { clientPageSize } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import { packLabel } from "../../../domain/packs.ts";
import { ConfirmDialog, Dialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useClientSearch, useDeleteClient } from "./api.ts";
import { EditClientForm } from "./edit-client-form.tsx";
import { useDebounced } from "./use-debounced.ts";

/** /clients-list: search by name, a paged table, Edit in a modal, Delete after a confirmation. */
export function ClientsListPage() {
  const [text, setText] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim());
  const query = useClientSearch(search, page, clientPageSize);
  const [editing, setEditing] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const remove = useDeleteClient();
  const toast = useToast();
  const searchId = useId();

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / clientPageSize));

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast("success", messages.clientDeleted);
    } catch {
      toast("error", messages.clientDeleteFailed);
    }
    setDeleting(null);
  }

  return (
    <section className="admin-page">
      <h1>Clients</h1>
      <search className="client-search">
        <label htmlFor={searchId}>Search by name</label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder="First or last name"
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
      </search>

      {query.isError ? (
        <p className="admin-form__error" role="alert">
          Could not load clients. Please try again.
        </p>
      ) : query.data === undefined ? (
        <p role="status">Loading clients…</p>
      ) : query.data.items.length === 0 ? (
        <p role="status">{search ? "No clients match this search." : "No clients yet."}</p>
      ) : (
        <section className="table-scroll" aria-label="Clients table">
          <table className="clients-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Pack Type</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {query.data.items.map((client) => {
                const name = `${client.firstName} ${client.lastName}`;
                return (
                  <tr key={client.id}>
                    <td>{name}</td>
                    <td>{client.email}</td>
                    <td>{client.phoneNumber}</td>
                    <td>{client.defaultPackType ? packLabel(client.defaultPackType) : "None"}</td>
                    <td className="clients-table__actions">
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-label={`Edit ${name}`}
                        onClick={() => setEditing(client)}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="admin-button admin-button--small admin-button--danger"
                        aria-label={`Delete ${name}`}
                        onClick={() => setDeleting(client)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}

      {total > clientPageSize && (
        <nav className="pager" aria-label="Clients pages">
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Prev
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="admin-button admin-button--secondary"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      )}

      <Dialog open={editing !== null} title="Edit Client" onClose={() => setEditing(null)}>
        {editing && (
          <EditClientForm
            client={editing}
            onDeleted={() => setEditing(null)}
            onSaved={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        question={messages.confirmDeleteClient}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
