import { Trans } from "@lingui/react/macro";
import { type MouseEvent, type ReactNode, useId } from "react";
import type { Client } from "../../../domain/clients.ts";
import { type MediaPage, thumbnailLongSide } from "../../../domain/media.ts";
import { Dialog } from "../dialog/dialog.tsx";
import "./media.css";

/** What a media list's query gives the pieces that show it. */
export interface MediaListQuery<Item> {
  data: MediaPage<Item> | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** A grid of media tiles: `milestones` (4 across, 2 on a phone) or `gallery` (3 across, spec §2). */
export function MediaGrid({
  layout,
  label,
  busy,
  children,
}: {
  layout: "milestones" | "gallery";
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <ul className={`media-grid media-grid--${layout}`} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/**
 * A grid picture: the small thumbnail only, loaded as it nears the screen. The square box is fixed by the
 * width/height attributes and CSS, so nothing shifts when it arrives whatever the photo's shape.
 */
export function Thumbnail({ src, alt = "" }: { src: string; alt?: string }) {
  return (
    <img
      className="media-thumb"
      src={src}
      alt={alt}
      width={thumbnailLongSide}
      height={thumbnailLongSide}
      loading="lazy"
      decoding="async"
    />
  );
}

export interface PreviewImage {
  title: string;
  imageUrl: string;
  alt: string;
  /** What Download saves the picture as. */
  fileName: string;
}

/**
 * Saves the picture under our dated name. The file route names its download in Content-Disposition, which Chrome
 * prefers to the link's `download` name; a blob URL has no such header. The picture is already in the browser's
 * cache from the preview. Without script, or if this fails, the plain link still downloads it.
 */
async function saveAs(event: MouseEvent<HTMLAnchorElement>, image: PreviewImage) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const link = event.currentTarget;
  try {
    const response = await fetch(image.imageUrl, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const url = URL.createObjectURL(await response.blob());
    const save = document.createElement("a");
    save.href = url;
    save.download = image.fileName;
    save.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    window.location.assign(link.href);
  }
}

/** The full picture, loaded only here, with a Download button (a same-origin link, so `download` names the file). */
export function MediaPreview({ image, onClose }: { image: PreviewImage | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} title={image?.title ?? ""} onClose={onClose} className="media-preview">
      {image && (
        <>
          <img className="media-preview__image" src={image.imageUrl} alt={image.alt} />
          <div className="dialog__actions">
            <a
              className="button button--blue"
              href={image.imageUrl}
              download={image.fileName}
              onClick={(event) => saveAs(event, image)}
            >
              <Trans>Download</Trans>
            </a>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** How much of the file has gone to the server, as a labelled progress bar. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const id = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className="upload-progress">
      <label htmlFor={id}>
        <Trans>Upload progress</Trans>
      </label>
      <progress id={id} max={100} value={percent}>
        {percent}%
      </progress>
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}

/** Who the upload is for, once picked in the client search. */
export function SelectedClient({ client }: { client: Client | null }) {
  return (
    <p className="media-upload__client" aria-live="polite">
      {client ? (
        <SelectedClientName client={client} />
      ) : (
        <Trans>No client selected yet: search by name above and pick one.</Trans>
      )}
    </p>
  );
}

function SelectedClientName({ client: { firstName, lastName, email } }: { client: Client }) {
  return (
    <Trans>
      Selected client:{" "}
      <strong>
        {firstName} {lastName}
      </strong>{" "}
      <span className="media-upload__email">({email})</span>
    </Trans>
  );
}
