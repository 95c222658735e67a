import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type Milestone, milestonePageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { useMilestones } from "../../api/media.ts";
import { useAuth } from "../../auth/auth-store.ts";
import {
  localDate,
  mediaFiltersFrom,
  milestoneFileName,
  pageCount,
  withFilter,
  withPage,
} from "../../components/media/media-filters.ts";
import {
  ListState,
  MediaGrid,
  MediaPreview,
  type PreviewImage,
  Thumbnail,
} from "../../components/media/media-parts.tsx";
import { MonthSelect, YearSelect } from "../../components/month-year-selects.tsx";
import { Pager } from "../../components/pager.tsx";
import { paths, queryParams } from "../../paths.ts";

/** /milestones (spec §2): the signed-in client's milestone photos, filtered by month and year, 8 a page. */
export function MilestonesPage() {
  const auth = useAuth();
  return (
    <section className="media-page">
      <h1>Milestones</h1>
      {auth.status === "client" ? (
        <ClientMilestones clientId={auth.user.id} />
      ) : (
        <p className="media-page__note">
          Each client sees their milestone photos here. As an admin, upload and review them on{" "}
          <Link to={paths.adminMilestones}>Add Milestones</Link>.
        </p>
      )}
    </section>
  );
}

const previewOf = (milestone: Milestone): PreviewImage => {
  const date = localDate(milestone.timestamp);
  return {
    title: `Milestone, ${date}`,
    imageUrl: milestone.imageUrl,
    alt: `Milestone photo from ${date}`,
    fileName: milestoneFileName(milestone.timestamp),
  };
};

function ClientMilestones({ clientId }: { clientId: string }) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => new Date(), []);
  const { month, year, page } = mediaFiltersFrom(params, today);
  const query = useMilestones(clientId, { month, year, page });
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, milestonePageSize);

  // A page past the end (a stale link): go to the last one.
  useEffect(() => {
    if (query.data && total > 0 && page > pages)
      setParams((current) => withPage(current, pages), { replace: true });
  }, [query.data, total, page, pages, setParams]);

  return (
    <>
      <search className="media-filters" aria-label="Filter milestones">
        <MonthSelect
          value={month}
          onChange={(value) => setParams((current) => withFilter(current, queryParams.mediaMonth, value))}
        />
        <YearSelect
          value={year}
          today={today}
          onChange={(value) => setParams((current) => withFilter(current, queryParams.mediaYear, value))}
        />
      </search>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what="milestones"
        onRetry={() => void query.refetch()}
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="media-empty" role="status">
            {mediaMessages.noMilestones}
          </p>
        ) : (
          <MediaGrid layout="milestones" label="Milestone photos" busy={query.isPlaceholderData}>
            {query.data.items.map((milestone) => {
              const date = localDate(milestone.timestamp);
              return (
                <li key={milestone.id} className="media-tile">
                  <button
                    type="button"
                    className="media-tile__open"
                    aria-label={`Open milestone from ${date}`}
                    onClick={() => setPreview(previewOf(milestone))}
                  >
                    <Thumbnail src={milestone.thumbnailUrl} />
                    <span className="media-tile__caption">
                      <span className="media-tile__date">{date}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </MediaGrid>
        ))}
      {total > 0 && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label="Milestone pages"
          onPage={(next) => setParams((current) => withPage(current, next))}
        />
      )}
      <MediaPreview image={preview} onClose={() => setPreview(null)} />
    </>
  );
}
