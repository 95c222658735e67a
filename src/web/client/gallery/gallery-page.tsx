import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Link } from "react-router";
import { type GalleryItem, type GalleryMediaType, galleryPageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { paths, queryParams } from "../../../domain/paths.ts";
import { useGallery } from "../../api/media.ts";
import { ClientMediaPage } from "../../components/media/client-media-page.tsx";
import { galleryImageFileName } from "../../components/media/media-filters.ts";
import { type PreviewImage, Thumbnail } from "../../components/media/media-parts.tsx";
import { formatItemDay } from "../../i18n/format.ts";
import { useHouseholdSwimmers } from "../api/bookings.ts";

/**
 * /gallery (spec §2): the signed-in client's pictures and video links, filtered by month, year and type, nine a
 * page in three columns (three at phone width too: the tiles are squares with a two-line caption).
 */
export function GalleryPage() {
  const { t } = useLingui();
  return (
    <ClientMediaPage
      title={t`Gallery`}
      note={
        <Trans>
          Each client sees their gallery here. As an admin, upload and review items on{" "}
          <Link to={paths.adminGallery}>Gallery</Link>.
        </Trans>
      }
      useSwimmers={useHouseholdSwimmers}
      useItems={useGallery}
      filterByType
      filtersLabel={t`Filter the gallery`}
      extraFilters={(filters, setFilter) => (
        <TypeFilter
          value={filters.type ?? ""}
          onChange={(value) => setFilter(queryParams.mediaType, value)}
        />
      )}
      what={t({ message: "the gallery", context: "your own" })}
      emptyMessage={mediaMessages.noGalleryItems}
      layout="gallery"
      gridLabel={t`Gallery items`}
      pageSize={galleryPageSize}
      pagerLabel={t`Gallery pages`}
      renderTile={(item, open) => <GalleryTile item={item} onOpen={open} />}
    />
  );
}

function TypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const typeId = useId();
  return (
    <div className="filter">
      <label htmlFor={typeId}>
        <Trans>Type</Trans>
      </label>
      <select id={typeId} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`All Types`}</option>
        <option value="image">{t`Images`}</option>
        <option value="video">{t`Videos`}</option>
      </select>
    </div>
  );
}

/** An image opens the preview; a video is a link to where it lives, in a new tab. */
function GalleryTile({ item, onOpen }: { item: GalleryItem; onOpen: (image: PreviewImage) => void }) {
  const { t } = useLingui();
  const date = formatItemDay(item.date);
  if (item.mediaType === "video" && item.videoLink) {
    return (
      <a className="media-tile__open" href={item.videoLink} target="_blank" rel="noopener noreferrer">
        <span className="media-tile__video">
          <svg aria-hidden="true" width="48" height="48" viewBox="0 0 24 24">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M10 8l6 4-6 4z" fill="#fff" />
          </svg>
        </span>
        <MediaCaption kind="video" date={date} />
        <span className="visually-hidden">
          {" "}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    );
  }
  const { imageUrl, thumbnailUrl } = item;
  if (!imageUrl || !thumbnailUrl) return <MediaCaption kind="image" date={date} />;
  const preview: PreviewImage = {
    title: t`Image, ${date}`,
    imageUrl,
    alt: t`Gallery picture from ${date}`,
    fileName: galleryImageFileName(item.date),
  };
  return (
    <button
      type="button"
      className="media-tile__open"
      aria-label={t`Open image from ${date}`}
      onClick={() => onOpen(preview)}
    >
      <Thumbnail src={thumbnailUrl} />
      <MediaCaption kind="image" date={date} />
    </button>
  );
}

function MediaCaption({ kind, date }: { kind: GalleryMediaType; date: string }) {
  return (
    <span className="media-tile__caption">
      <span className="media-tile__kind">
        {kind === "video" ? <Trans>Video</Trans> : <Trans>Image</Trans>}
      </span>{" "}
      <span className="media-tile__date">{date}</span>
    </span>
  );
}
