import { useEffect, useId, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type GalleryItem, galleryPageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { useGallery } from "../../api/media.ts";
import { useAuth } from "../../auth/auth-store.ts";
import {
  galleryImageFileName,
  mediaFiltersFrom,
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

/**
 * /gallery (spec §2): the signed-in client's pictures and video links, filtered by month, year and type, nine a
 * page in three columns (three at phone width too: the tiles are squares with a two-line caption).
 */
export function GalleryPage() {
  const auth = useAuth();
  return (
    <section className="media-page">
      <h1>Gallery</h1>
      {auth.status === "client" ? (
        <ClientGallery clientId={auth.user.id} />
      ) : (
        <p className="media-page__note">
          Each client sees their gallery here. As an admin, upload and review items on{" "}
          <Link to={paths.adminGallery}>Gallery</Link>.
        </p>
      )}
    </section>
  );
}

const previewOf = (item: GalleryItem & { imageUrl: string }): PreviewImage => ({
  title: `Image, ${item.date}`,
  imageUrl: item.imageUrl,
  alt: `Gallery picture from ${item.date}`,
  fileName: galleryImageFileName(item.date),
});

function ClientGallery({ clientId }: { clientId: string }) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => new Date(), []);
  const { month, year, type, page } = mediaFiltersFrom(params, today);
  const query = useGallery(clientId, { month, year, type, page });
  const [preview, setPreview] = useState<PreviewImage | null>(null);
  const typeId = useId();
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, galleryPageSize);

  useEffect(() => {
    if (query.data && total > 0 && page > pages)
      setParams((current) => withPage(current, pages), { replace: true });
  }, [query.data, total, page, pages, setParams]);

  return (
    <>
      <search className="media-filters" aria-label="Filter the gallery">
        <MonthSelect
          value={month}
          onChange={(value) => setParams((current) => withFilter(current, queryParams.mediaMonth, value))}
        />
        <YearSelect
          value={year}
          today={today}
          onChange={(value) => setParams((current) => withFilter(current, queryParams.mediaYear, value))}
        />
        <div className="filter">
          <label htmlFor={typeId}>Type</label>
          <select
            id={typeId}
            value={type ?? ""}
            onChange={(event) =>
              setParams((current) => withFilter(current, queryParams.mediaType, event.target.value))
            }
          >
            <option value="">All Types</option>
            <option value="image">Images</option>
            <option value="video">Videos</option>
          </select>
        </div>
      </search>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what="the gallery"
        onRetry={() => void query.refetch()}
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="media-empty" role="status">
            {mediaMessages.noGalleryItems}
          </p>
        ) : (
          <MediaGrid layout="gallery" label="Gallery items" busy={query.isPlaceholderData}>
            {query.data.items.map((item) => (
              <li key={item.id} className="media-tile">
                <GalleryTile item={item} onOpen={setPreview} />
              </li>
            ))}
          </MediaGrid>
        ))}
      {total > 0 && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label="Gallery pages"
          onPage={(next) => setParams((current) => withPage(current, next))}
        />
      )}
      <MediaPreview image={preview} onClose={() => setPreview(null)} />
    </>
  );
}

/** An image opens the preview; a video is a link to where it lives, in a new tab. */
function GalleryTile({ item, onOpen }: { item: GalleryItem; onOpen: (image: PreviewImage) => void }) {
  if (item.mediaType === "video" && item.videoLink) {
    return (
      <a className="media-tile__open" href={item.videoLink} target="_blank" rel="noopener noreferrer">
        <span className="media-tile__video">
          <svg aria-hidden="true" width="48" height="48" viewBox="0 0 24 24">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M10 8l6 4-6 4z" fill="#fff" />
          </svg>
        </span>
        <MediaCaption kind="Video" date={item.date} />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  const { imageUrl, thumbnailUrl } = item;
  if (!imageUrl || !thumbnailUrl) return <MediaCaption kind="Image" date={item.date} />;
  return (
    <button
      type="button"
      className="media-tile__open"
      aria-label={`Open image from ${item.date}`}
      onClick={() => onOpen(previewOf({ ...item, imageUrl }))}
    >
      <Thumbnail src={thumbnailUrl} />
      <MediaCaption kind="Image" date={item.date} />
    </button>
  );
}

function MediaCaption({ kind, date }: { kind: "Image" | "Video"; date: string }) {
  return (
    <span className="media-tile__caption">
      <span className="media-tile__kind">{kind}</span> <span className="media-tile__date">{date}</span>
    </span>
  );
}
