import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import type { Client } from "../../../domain/clients.ts";
import { clientPageSize } from "../../../domain/clients.ts";
import { groupedPhoneNumber, phoneHref } from "../../../domain/fields.ts";
import { messages } from "../../../domain/messages.ts";
import { packTitle } from "../../../domain/packs.ts";
import { queryParams } from "../../../domain/paths.ts";
import { ConfirmDialog, Dialog } from "../../components/dialog/dialog.tsx";
import { Pager, pagingOf } from "../../components/pager.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useClientSearch, useDeleteClient } from "../api/clients.ts";
import { EditClientForm } from "../components/edit-client-form.tsx";
import { PlanSummary } from "../components/plan-summary.tsx";
import { ShortSearchHint } from "../components/short-search-hint.tsx";
import { useDebounced } from "../components/use-debounced.ts";
import { HouseholdCredits } from "./household-credits.tsx";
import { HouseholdExport } from "./household-export.tsx";
import { HouseholdGuardians } from "./household-guardians.tsx";
import { HouseholdSwimmers } from "./household-swimmers.tsx";

/** The page number in the address: a whole number from 1, anything else is page 1. */
function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get(queryParams.clientPage));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /clients-list: search by name, a paged table (cards at 768 px or less), Edit in a modal, Delete after a
 * confirmation. The search text and the page live in the address, so a reload, Back or a shared link keep them.
 */
export function ClientsListPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const addressSearch = params.get(queryParams.clientSearch) ?? "";
  const page = pageFrom(params);
  // The box answers every keystroke; the address follows once typing pauses (one history entry per search).
  const [text, setText] = useState(addressSearch);
  const [shownAddressSearch, setShownAddressSearch] = useState(addressSearch);
  if (addressSearch !== shownAddressSearch) {
    // Back, Forward or a link changed the address: the box follows it.
    setShownAddressSearch(addressSearch);
    setText(addressSearch);
  }
  const typed = useDebounced(text.trim());
  useEffect(() => {
    if (typed === addressSearch.trim()) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (typed) next.set(queryParams.clientSearch, typed);
        else next.delete(queryParams.clientSearch);
        next.delete(queryParams.clientPage);
        return next;
      },
      { replace: true },
    );
  }, [typed, addressSearch, setParams]);

  const search = addressSearch.trim();
  const query = useClientSearch(search, page, clientPageSize);
  const [editing, setEditing] = useState<Client | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const remove = useDeleteClient();
  const toast = useToast();
  const searchId = useId();

  const paging = pagingOf(query.data, page, clientPageSize);

  function goToPage(next: number) {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set(queryParams.clientPage, String(next));
      else updated.delete(queryParams.clientPage);
      return updated;
    });
  }

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
    <section className="admin-page admin-page--wide">
      <h1>
        <Trans>Clients</Trans>
      </h1>
      <search className="client-search">
        <label htmlFor={searchId}>
          <Trans>Search by name</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={t`First or last name`}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
        <ShortSearchHint search={search} />
      </search>

      {query.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>Could not load clients. Please try again.</Trans>
        </p>
      ) : query.data === undefined ? (
        <p role="status">
          <Trans>Loading clients…</Trans>
        </p>
      ) : query.data.items.length === 0 ? (
        <p role="status">
          {search
            ? t`No clients match this search.`
            : page > 1
              ? t`No clients on this page.`
              : t`No clients yet.`}
        </p>
      ) : (
        <ClientsTable clients={query.data.items} onEdit={setEditing} onDelete={setDeleting} />
      )}

      {paging.shown && (
        <Pager
          page={page}
          pages={paging.pages}
          open={paging.open}
          onPage={goToPage}
          label={t`Clients pages`}
          previousLabel={t`Prev`}
          buttonClassName="admin-button admin-button--secondary"
        />
      )}

      <Dialog open={editing !== null} title={t`Edit Client`} onClose={() => setEditing(null)}>
        {editing && (
          <EditClientForm
            client={editing}
            onDeleted={() => setEditing(null)}
            onSaved={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
        {editing && <HouseholdSwimmers clientId={editing.id} />}
        {editing && <HouseholdGuardians clientId={editing.id} />}
        {editing && <HouseholdCredits clientId={editing.id} />}
        {editing && (
          <HouseholdExport clientId={editing.id} name={`${editing.firstName} ${editing.lastName}`} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        question={messages.confirmDeleteClient}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** A long address may break after its @ (and only there), so it never pushes the actions off the table. */
function breakableEmail(email: string) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * One table for every width. At 768 px or less admin.css lays each row out as a card (labels from `data-label`,
 * the actions in full view); the explicit roles keep it a table for screen readers, which a changed `display`
 * would otherwise drop.
 */
function ClientsTable({
  clients,
  onEdit,
  onDelete,
}: {
  clients: Client[];
  onEdit: (client: Client) => void;
  onDelete: (client: Client) => void;
}) {
  const { t } = useLingui();
  const headings = {
    name: t`Name`,
    email: t`Email`,
    phone: t`Phone`,
    pack: t`Pack Type`,
    actions: t`Actions`,
  };
  return (
    <section className="table-scroll" aria-label={t`Clients table`}>
      {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout, see above */}
      <table className="clients-table" role="table">
        {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout */}
        <thead role="rowgroup">
          {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout */}
          <tr role="row">
            {Object.values(headings).map((heading) => (
              // biome-ignore lint/a11y/noRedundantRoles: kept for the card layout
              <th key={heading} scope="col" role="columnheader">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout */}
        <tbody role="rowgroup">
          {clients.map((client) => {
            const name = `${client.firstName} ${client.lastName}`;
            const swimmerNames = client.swimmerNames.join(", ");
            const cells = [
              {
                label: headings.email,
                value: breakableEmail(client.email),
                className: "clients-table__email",
              },
              {
                label: headings.phone,
                value: <a href={phoneHref(client.phoneNumber)}>{groupedPhoneNumber(client.phoneNumber)}</a>,
                className: "clients-table__phone",
              },
              {
                label: headings.pack,
                className: "clients-table__pack",
                value: (
                  <>
                    {client.defaultPackType ? packTitle(client.defaultPackType) : t`None`}
                    <PlanSummary plan={client.plan} />
                  </>
                ),
              },
            ];
            return (
              // biome-ignore lint/a11y/noRedundantRoles: kept for the card layout
              <tr key={client.id} role="row">
                {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout */}
                <td role="cell" className="clients-table__name">
                  {name}
                  {client.swimmerNames.length > 0 && (
                    <span className="clients-table__swimmers">{t`Swimmers: ${swimmerNames}`}</span>
                  )}
                </td>
                {cells.map((cell) => (
                  // biome-ignore lint/a11y/noRedundantRoles: kept for the card layout
                  <td key={cell.label} role="cell" data-label={cell.label} className={cell.className}>
                    {cell.value}
                  </td>
                ))}
                {/* biome-ignore lint/a11y/noRedundantRoles: kept for the card layout */}
                <td role="cell" className="clients-table__actions">
                  <div className="clients-table__buttons">
                    <button
                      type="button"
                      className="admin-button admin-button--small"
                      aria-label={t`Edit ${name}`}
                      onClick={() => onEdit(client)}
                    >
                      <Trans>Edit</Trans>
                    </button>
                    <button
                      type="button"
                      className="admin-button admin-button--small admin-button--danger"
                      aria-label={t`Delete ${name}`}
                      onClick={() => onDelete(client)}
                    >
                      <Trans>Delete</Trans>
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
