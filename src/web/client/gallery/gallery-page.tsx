import { useId } from "react";
import { Link } from "react-router";
import { type GalleryItem, galleryPageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { paths, queryParams } from "../../../domain/paths.ts";
import { useGallery } from "../../api/media.ts";
import { ClientMediaPage } from "../../components/media/client-media-page.tsx";
import { galleryImageFileName } from "../../components/media/media-filters.ts";
import { type PreviewImage, Thumbnail } from "../../components/media/media-parts.tsx";

/**
 * /gallery (spec §2): the signed-in client's pictures and video links, filtered by month, year and type, nine a
 * page in three columns (three at phone width too: the tiles are squares with a two-line caption).
 */
export function GalleryPage() {
  return (
    <ClientMediaPage
      title="Gallery"
      note={
        <>
          Each client sees their gallery here. As an admin, upload and review items on{" "}
          <Link to={paths.adminGallery}>Gallery</Link>.
        </>
      }
      useItems={useGallery}
      filterByType
      filtersLabel="Filter the gallery"
      extraFilters={(filters, setFilter) => (
        <TypeFilter
          value={filters.type ?? ""}
          onChange={(value) => setFilter(queryParams.mediaType, value)}
        />
      )}
      what="the gallery"
      emptyMessage={mediaMessages.noGalleryItems}
      layout="gallery"
      gridLabel="Gallery items"
      pageSize={galleryPageSize}
      pagerLabel="Gallery pages"
      renderTile={(item, open) => <GalleryTile item={item} onOpen={open} />}
    />
  );
}

function TypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const typeId = useId();
  return (
    <div className="filter">
      <label htmlFor={typeId}>Type</label>
      <select id={typeId} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">All Types</option>
        <option value="image">Images</option>
        <option value="video">Videos</option>
      </select>
    </div>
  );
}

const previewOf = (item: GalleryItem & { imageUrl: string }): PreviewImage => ({
  title: `Image, ${item.date}`,
  imageUrl: item.imageUrl,
  alt: `Gallery picture from ${item.date}`,
  fileName: galleryImageFileName(item.date),
});

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
