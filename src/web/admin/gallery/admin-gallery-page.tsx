import { type FormEvent, useId, useRef, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import {
  type GalleryItem,
  type GalleryMediaType,
  galleryDateSchema,
  galleryPageSize,
  videoLinkSchema,
} from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { errorMessageOf } from "../../api/http.ts";
import { type GalleryUpload, useDeleteMedia, useGallery, useUploadGalleryItem } from "../../api/media.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { pageCount } from "../../components/media/media-filters.ts";
import {
  ListState,
  MediaGrid,
  SelectedClient,
  Thumbnail,
  UploadProgress,
} from "../../components/media/media-parts.tsx";
import { chosenImageProblem, uploadFailureDetail } from "../../components/media/upload-checks.ts";
import { Pager } from "../../components/pager.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { ClientSearch } from "../components/client-search.tsx";

const confirmDelete = "Are you sure you want to delete this gallery item?";

/** The upload, or the first thing missing in the spec's order (§5), or what is wrong with the link. */
function galleryUploadOf(form: {
  client: Client | null;
  mediaType: GalleryMediaType;
  date: string;
  file: File | null;
  link: string;
}): { upload: GalleryUpload } | { missing: string } {
  const { client, mediaType, date, file, link } = form;
  if (!client || !galleryDateSchema.safeParse(date).success) return { missing: mediaMessages.galleryMissing };
  if (mediaType === "image") {
    return file
      ? { upload: { clientId: client.id, mediaType, date, file } }
      : { missing: mediaMessages.galleryImageMissing };
  }
  const parsed = videoLinkSchema.safeParse(link);
  if (!parsed.success)
    return { missing: parsed.error.issues[0]?.message ?? mediaMessages.galleryVideoMissing };
  return { upload: { clientId: client.id, mediaType, date, videoLink: parsed.data } };
}

/**
 * /admin-gallery (spec §2, §5, §8): pick a client, Image or Video, a file (with a progress bar) or a pasted link,
 * a date, Upload to Gallery; below, that client's gallery with Delete for an item uploaded by mistake.
 */
export function AdminGalleryPage() {
  const [client, setClient] = useState<Client | null>(null);
  const [mediaType, setMediaType] = useState<GalleryMediaType>("image");
  const [date, setDate] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [link, setLink] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadGalleryItem(setProgress);
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { type: useId(), file: useId(), link: useId(), date: useId(), hint: useId() };
  const outcome = galleryUploadOf({ client, mediaType, date, file, link });
  const hint = "missing" in outcome ? outcome.missing : null;
  // An invalid link (not http/https) is an error, not just something still to fill in.
  const linkProblem =
    mediaType === "video" && link.trim() !== "" && hint !== null && hint !== mediaMessages.galleryMissing
      ? hint
      : null;

  function resetOutcome() {
    setFailure(null);
    setProgress(null);
  }

  function onFile(chosen: File | null) {
    setFile(chosen);
    setFileProblem(chosen ? chosenImageProblem(chosen) : null);
    resetOutcome();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!("upload" in outcome) || (mediaType === "image" && fileProblem)) return;
    const sent = outcome.upload;
    setFailure(null);
    setProgress(sent.mediaType === "image" ? 0 : null);
    try {
      await upload.mutateAsync(sent);
      toast(
        "success",
        sent.mediaType === "image" ? mediaMessages.galleryImageUploaded : mediaMessages.galleryVideoUploaded,
      );
      setFile(null);
      setLink("");
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      toast("error", mediaMessages.galleryFailed);
      setFailure(uploadFailureDetail(error));
      setProgress(null);
    }
  }

  return (
    <section className="admin-page">
      <h1>Gallery</h1>
      <ClientSearch
        onSelect={(next) => {
          setClient(next);
          resetOutcome();
        }}
      />
      <form className="admin-card media-upload" onSubmit={submit} aria-label="Upload to the gallery">
        <SelectedClient client={client} />
        <div className="field">
          <label htmlFor={ids.type}>Media type</label>
          <select
            id={ids.type}
            value={mediaType}
            onChange={(event) => {
              setMediaType(event.target.value as GalleryMediaType);
              resetOutcome();
            }}
          >
            <option value="image">Image</option>
            <option value="video">Video</option>
          </select>
        </div>
        {mediaType === "image" ? (
          <div className="field">
            <label htmlFor={ids.file}>Image (PNG or JPEG)</label>
            <input
              ref={fileInput}
              id={ids.file}
              type="file"
              accept="image/png,image/jpeg"
              aria-invalid={fileProblem ? true : undefined}
              onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            />
            {fileProblem && <p className="field__error">{fileProblem}</p>}
          </div>
        ) : (
          <div className="field">
            <label htmlFor={ids.link}>Video link</label>
            <input
              id={ids.link}
              type="url"
              inputMode="url"
              placeholder="https://…"
              value={link}
              aria-invalid={linkProblem ? true : undefined}
              onChange={(event) => {
                setLink(event.target.value);
                resetOutcome();
              }}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.date}>Date</label>
          <input
            id={ids.date}
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              resetOutcome();
            }}
          />
        </div>
        {hint && (
          <p id={ids.hint} className={linkProblem ? "field__error" : "media-upload__hint"}>
            {hint}
          </p>
        )}
        <div className="admin-form__actions">
          <button
            type="submit"
            className="admin-button"
            disabled={hint !== null || (mediaType === "image" && fileProblem !== null) || upload.isPending}
            aria-describedby={hint ? ids.hint : undefined}
          >
            {upload.isPending ? "Uploading…" : "Upload to Gallery"}
          </button>
        </div>
        {progress !== null && <UploadProgress fraction={progress} />}
        {failure && (
          <p className="admin-form__error" role="alert">
            {failure}
          </p>
        )}
      </form>
      {client && <ClientGallery key={client.id} client={client} />}
    </section>
  );
}

/** The chosen client's gallery items, as the server pages them, each with Delete. */
function ClientGallery({ client }: { client: Client }) {
  const [page, setPage] = useState(1);
  const query = useGallery(client.id, { page });
  const remove = useDeleteMedia("gallery");
  const [deleting, setDeleting] = useState<GalleryItem | null>(null);
  const toast = useToast();
  const headingId = useId();
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, galleryPageSize);
  const name = `${client.firstName} ${client.lastName}`;

  async function confirm() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id, clientId: client.id });
      toast("success", mediaMessages.deleted);
      if (query.data?.items.length === 1 && page > 1) setPage(page - 1);
    } catch (error) {
      toast("error", errorMessageOf(error));
    }
    setDeleting(null);
  }

  return (
    <section className="admin-card media-list" aria-labelledby={headingId}>
      <h2 id={headingId}>Gallery of {name}</h2>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what="the gallery"
        onRetry={() => void query.refetch()}
        retryClassName="admin-button admin-button--secondary"
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="media-state">No gallery items uploaded for this client yet.</p>
        ) : (
          <MediaGrid layout="gallery" label={`Gallery of ${name}`} busy={query.isPlaceholderData}>
            {query.data.items.map((item) => {
              const kind = item.mediaType === "video" ? "Video" : "Image";
              return (
                <li key={item.id} className="media-tile">
                  {item.mediaType === "image" && item.thumbnailUrl ? (
                    <Thumbnail src={item.thumbnailUrl} alt={`Image from ${item.date}`} />
                  ) : item.videoLink ? (
                    <a
                      className="media-tile__link"
                      href={item.videoLink}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {item.videoLink}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : null}
                  <span className="media-tile__caption">
                    <span className="media-tile__kind">{kind}</span>{" "}
                    <span className="media-tile__date">{item.date}</span>
                  </span>
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--danger"
                    aria-label={`Delete ${kind.toLowerCase()} from ${item.date}`}
                    onClick={() => setDeleting(item)}
                  >
                    Delete
                  </button>
                </li>
              );
            })}
          </MediaGrid>
        ))}
      {total > galleryPageSize && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label={`Gallery pages of ${name}`}
          onPage={setPage}
          buttonClassName="admin-button admin-button--secondary"
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        question={confirmDelete}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
