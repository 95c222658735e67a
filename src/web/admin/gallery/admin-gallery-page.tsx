import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { type GalleryMediaType, galleryPageSize } from "../../../domain/media.ts";
import { galleryDateSchema, videoLinkSchema } from "../../../domain/media-schemas.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { type GalleryUpload, useGallery, useUploadGalleryItem } from "../../api/media.ts";
import { SelectedClient, Thumbnail } from "../../components/media/media-parts.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { ClientMediaList } from "../components/client-media-list.tsx";
import { ClientSearch } from "../components/client-search.tsx";
import { useMediaSwimmerChoice } from "../components/media-swimmer.tsx";
import { ImageFileField, UploadActions, useMediaUpload } from "../components/media-upload.tsx";

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
  const { t } = useLingui();
  const [client, setClient] = useState<Client | null>(null);
  const [mediaType, setMediaType] = useState<GalleryMediaType>("image");
  const [date, setDate] = useState("");
  const [link, setLink] = useState("");
  const form = useMediaUpload();
  const upload = useUploadGalleryItem(form.setProgress);
  const toast = useToast();
  const ids = { type: useId(), link: useId(), date: useId(), hint: useId() };
  const { file, fileProblem, resetOutcome } = form;
  const clientName = client ? `${client.firstName} ${client.lastName}` : "";
  const imageAlt = (date: string) => t`Image from ${date}`;
  const swimmer = useMediaSwimmerChoice(client?.id, resetOutcome);
  const outcome = galleryUploadOf({ client, mediaType, date, file, link });
  const hint =
    "missing" in outcome ? outcome.missing : swimmer.missing ? t`Please choose the swimmer.` : null;
  // Right after a success the emptied form is not "missing" anything yet (useMediaUpload).
  const shownHint = form.uploaded ? null : hint;
  // An invalid link (not http/https) is an error, not just something still to fill in.
  const linkProblem =
    mediaType === "video" &&
    link.trim() !== "" &&
    "missing" in outcome &&
    outcome.missing !== mediaMessages.galleryMissing
      ? hint
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!("upload" in outcome) || swimmer.missing || (mediaType === "image" && fileProblem)) return;
    const sent = { ...outcome.upload, swimmerId: swimmer.swimmerId };
    form.started(sent.mediaType === "image" ? 0 : null);
    try {
      await upload.mutateAsync(sent);
      toast(
        "success",
        sent.mediaType === "image" ? mediaMessages.galleryImageUploaded : mediaMessages.galleryVideoUploaded,
      );
      form.clearFile();
      setLink("");
    } catch (error) {
      toast("error", mediaMessages.galleryFailed);
      form.failed(error);
    }
  }

  return (
    <section className="admin-page">
      <h1>
        <Trans>Gallery</Trans>
      </h1>
      <ClientSearch
        onSelect={(next) => {
          setClient(next);
          swimmer.reset();
          resetOutcome();
        }}
      />
      <form className="admin-card media-upload" onSubmit={submit} aria-label={t`Upload to the gallery`}>
        <SelectedClient client={client} />
        {swimmer.field}
        <div className="field">
          <label htmlFor={ids.type}>
            <Trans>Media type</Trans>
          </label>
          <select
            id={ids.type}
            value={mediaType}
            onChange={(event) => {
              setMediaType(event.target.value as GalleryMediaType);
              resetOutcome();
            }}
          >
            <option value="image">{t`Image`}</option>
            <option value="video">{t`Video`}</option>
          </select>
        </div>
        {mediaType === "image" ? (
          <ImageFileField upload={form} label={t`Image (PNG or JPEG)`} />
        ) : (
          <div className="field">
            <label htmlFor={ids.link}>
              <Trans>Video link</Trans>
            </label>
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
          <label htmlFor={ids.date}>
            <Trans>Date</Trans>
          </label>
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
        {shownHint && (
          <p id={ids.hint} className={linkProblem ? "field__error" : "media-upload__hint"}>
            {shownHint}
          </p>
        )}
        <UploadActions
          upload={form}
          label={t`Upload to Gallery`}
          pending={upload.isPending}
          disabled={hint !== null || (mediaType === "image" && fileProblem !== null) || upload.isPending}
          describedBy={shownHint ? ids.hint : undefined}
        />
      </form>
      {client && (
        <ClientMediaList
          key={client.id}
          client={client}
          kind="gallery"
          useItems={useGallery}
          pageSize={galleryPageSize}
          heading={t`Gallery of ${clientName}`}
          what={t`the gallery`}
          loadingText={t`Loading the gallery…`}
          empty={t`No gallery items uploaded for this client yet.`}
          pagerLabel={t`Gallery pages of ${clientName}`}
          confirmQuestion={t`Are you sure you want to delete this gallery item?`}
          renderTile={(item) => (
            <>
              {item.mediaType === "image" && item.thumbnailUrl ? (
                <Thumbnail src={item.thumbnailUrl} alt={imageAlt(item.date)} />
              ) : item.videoLink ? (
                <a
                  className="media-tile__link"
                  href={item.videoLink}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {item.videoLink}
                  <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
                </a>
              ) : null}
              <span className="media-tile__caption">
                <span className="media-tile__kind">{item.mediaType === "video" ? t`Video` : t`Image`}</span>{" "}
                <span className="media-tile__date">{item.date}</span>
              </span>
            </>
          )}
          deleteLabel={({ mediaType, date }) =>
            mediaType === "video" ? t`Delete video from ${date}` : t`Delete image from ${date}`
          }
        />
      )}
    </section>
  );
}
