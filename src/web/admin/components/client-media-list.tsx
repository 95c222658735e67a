import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { errorMessageOf } from "../../api/http.ts";
import { useDeleteMedia } from "../../api/media.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { ListState } from "../../components/list-state.tsx";
import { pageCount } from "../../components/media/media-filters.ts";
import { MediaGrid, type MediaListQuery } from "../../components/media/media-parts.tsx";
import { Pager } from "../../components/pager.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { swimmerName, useMediaSwimmers } from "./media-swimmer.tsx";

/**
 * The chosen client's items of one kind, as the server pages them, each tile with Delete (asked to confirm first)
 * for an item uploaded by mistake.
 */
export function ClientMediaList<Item extends { id: string; swimmerId: string | null }>({
  client,
  kind,
  useItems,
  pageSize,
  heading,
  what,
  loadingText,
  empty,
  pagerLabel,
  confirmQuestion,
  renderTile,
  deleteLabel,
}: {
  client: Client;
  kind: "milestones" | "gallery";
  useItems: (clientId: string, filters: { page: number }) => MediaListQuery<Item>;
  pageSize: number;
  /** The heading, and the grid's name: "Gallery of <name>". */
  heading: string;
  /** What the loading and error lines call the list ("the gallery"). */
  what: string;
  /** The loading line: "Loading the gallery…". */
  loadingText: string;
  empty: string;
  /** The pager's name: "Gallery pages of <name>". */
  pagerLabel: string;
  confirmQuestion: string;
  /** The tile before its Delete button. */
  renderTile: (item: Item) => ReactNode;
  deleteLabel: (item: Item) => string;
}) {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const query = useItems(client.id, { page });
  const remove = useDeleteMedia(kind);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const toast = useToast();
  const headingId = useId();
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  // A household of several swimmers: each tile says whose it is.
  const household = useMediaSwimmers(client.id);
  const ownerOf = (item: Item) => {
    const owner = household.several && household.swimmers.find((swimmer) => swimmer.id === item.swimmerId);
    return owner ? swimmerName(owner) : null;
  };

  async function confirm() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, clientId: client.id });
      toast("success", mediaMessages.deleted);
      // The last one of the last page gone: show the page before.
      if (query.data?.items.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      toast("error", errorMessageOf(error));
    }
    setDeleting(null);
  }

  return (
    <section className="admin-card media-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what={what}
        loadingText={loadingText}
        onRetry={() => void query.refetch()}
        retryClassName="admin-button admin-button--secondary"
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="list-state">{empty}</p>
        ) : (
          <MediaGrid layout={kind} label={heading} busy={query.isPlaceholderData}>
            {query.data.items.map((item) => (
              <li key={item.id} className="media-tile">
                {renderTile(item)}
                {ownerOf(item) && <span className="media-tile__swimmer">{ownerOf(item)}</span>}
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--danger"
                  aria-label={deleteLabel(item)}
                  onClick={() => setDeleting(item)}
                >
                  <Trans>Delete</Trans>
                </button>
              </li>
            ))}
          </MediaGrid>
        ))}
      {total > pageSize && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label={pagerLabel}
          onPage={setPage}
          buttonClassName="admin-button admin-button--secondary"
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={confirmQuestion}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
