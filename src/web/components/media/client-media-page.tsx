import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { householdIdOf } from "../../../domain/households.ts";
import { queryParams } from "../../../domain/paths.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../list-state.tsx";
import { MonthSelect, YearSelect } from "../month-year-selects.tsx";
import { Pager } from "../pager.tsx";
import { type SwimmerOption, SwimmerSwitch } from "../swimmer-switch.tsx";
import {
  type FilterName,
  type MediaFilters,
  mediaFiltersFrom,
  pageCount,
  withFilter,
  withPage,
} from "./media-filters.ts";
import { MediaGrid, type MediaListQuery, MediaPreview, type PreviewImage } from "./media-parts.tsx";

interface ClientMediaListProps<Item extends { id: string }> {
  /** The list call for one client with the address's filters (the media type only where `filterByType`). */
  useItems: (clientId: string, filters: Partial<MediaFilters>) => MediaListQuery<Item>;
  /** The household's swimmers (a switch shows one at a time when there are several). */
  useSwimmers: (clientId: string) => readonly SwimmerOption[];
  filterByType?: boolean;
  filtersLabel: string;
  /** More filters after month and year; `setFilter` starts again at page 1. */
  extraFilters?: (filters: MediaFilters, setFilter: (filter: FilterName, value: string) => void) => ReactNode;
  /** What the loading and error lines call the list ("the gallery"). */
  what: string;
  emptyMessage: string;
  layout: "milestones" | "gallery";
  gridLabel: string;
  pageSize: number;
  pagerLabel: string;
  /** The inside of one tile; `open` shows the picture in the preview. */
  renderTile: (item: Item, open: (image: PreviewImage) => void) => ReactNode;
}

/**
 * A client's own media page (/milestones, /gallery; spec §2): the signed-in client's list, filtered and paged by
 * the address; anyone else (an admin) reads `note`, which points at the admin page.
 */
export function ClientMediaPage<Item extends { id: string }>({
  title,
  note,
  ...list
}: ClientMediaListProps<Item> & { title: string; note: ReactNode }) {
  const auth = useAuth();
  return (
    <section className="media-page">
      <h1>{title}</h1>
      {auth.status === "client" ? (
        <ClientMediaList clientId={householdIdOf(auth.user)} {...list} />
      ) : (
        <p className="media-page__note">{note}</p>
      )}
    </section>
  );
}

function ClientMediaList<Item extends { id: string }>({
  clientId,
  useItems,
  useSwimmers,
  filterByType = false,
  filtersLabel,
  extraFilters,
  what,
  emptyMessage,
  layout,
  gridLabel,
  pageSize,
  pagerLabel,
  renderTile,
}: ClientMediaListProps<Item> & { clientId: string }) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => new Date(), []);
  const filters = mediaFiltersFrom(params, today);
  const { month, year, type, swimmer, page } = filters;
  const swimmers = useSwimmers(clientId);
  const query = useItems(
    clientId,
    filterByType ? { month, year, type, swimmer, page } : { month, year, swimmer, page },
  );
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, pageSize);
  const setFilter = (filter: FilterName, value: string) =>
    setParams((current) => withFilter(current, filter, value));

  // A page past the end (a stale link): go to the last one.
  useEffect(() => {
    if (query.data && total > 0 && page > pages)
      setParams((current) => withPage(current, pages), { replace: true });
  }, [query.data, total, page, pages, setParams]);

  return (
    <>
      <search className="media-filters" aria-label={filtersLabel}>
        <SwimmerSwitch
          swimmers={swimmers}
          value={swimmer}
          onChange={(value) => setFilter(queryParams.swimmer, value)}
        />
        <MonthSelect value={month} onChange={(value) => setFilter(queryParams.mediaMonth, value)} />
        <YearSelect
          value={year}
          today={today}
          onChange={(value) => setFilter(queryParams.mediaYear, value)}
        />
        {extraFilters?.(filters, setFilter)}
      </search>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what={what}
        onRetry={() => void query.refetch()}
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="media-empty" role="status">
            {emptyMessage}
          </p>
        ) : (
          <MediaGrid layout={layout} label={gridLabel} busy={query.isPlaceholderData}>
            {query.data.items.map((item) => (
              <li key={item.id} className="media-tile">
                {renderTile(item, setPreview)}
              </li>
            ))}
          </MediaGrid>
        ))}
      {total > 0 && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label={pagerLabel}
          onPage={(next) => setParams((current) => withPage(current, next))}
        />
      )}
      <MediaPreview image={preview} onClose={() => setPreview(null)} />
    </>
  );
}
