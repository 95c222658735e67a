import { type FormEvent, useId, useRef, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { type Milestone, milestonePageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { errorMessageOf } from "../../api/http.ts";
import { useDeleteMedia, useMilestones, useUploadMilestone } from "../../api/media.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { localDate, pageCount } from "../../components/media/media-filters.ts";
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

const confirmDelete = "Are you sure you want to delete this milestone?";

/**
 * /admin-milestones (spec §2, §5, §8): pick a client, choose a PNG or JPEG, Upload Milestone with a progress bar;
 * below, that client's milestones with Delete for one uploaded by mistake.
 */
export function AdminMilestonesPage() {
  const [client, setClient] = useState<Client | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadMilestone(setProgress);
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const hintId = useId();
  const missing = !client || !file;

  function choose(next: Client) {
    setClient(next);
    setFailure(null);
    setProgress(null);
  }

  function onFile(chosen: File | null) {
    setFile(chosen);
    setFileProblem(chosen ? chosenImageProblem(chosen) : null);
    setFailure(null);
    setProgress(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!client || !file || fileProblem) return;
    setFailure(null);
    setProgress(0);
    try {
      await upload.mutateAsync({ clientId: client.id, file });
      toast("success", mediaMessages.milestoneUploaded);
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      toast("error", mediaMessages.milestoneFailed);
      setFailure(uploadFailureDetail(error));
      setProgress(null);
    }
  }

  return (
    <section className="admin-page">
      <h1>Add Milestones</h1>
      <ClientSearch onSelect={choose} />
      <form className="admin-card media-upload" onSubmit={submit} aria-label="Upload a milestone">
        <SelectedClient client={client} />
        <div className="field">
          <label htmlFor={fileId}>Milestone image (PNG or JPEG)</label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="image/png,image/jpeg"
            aria-invalid={fileProblem ? true : undefined}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
          />
          {fileProblem && <p className="field__error">{fileProblem}</p>}
        </div>
        {missing && (
          <p id={hintId} className="media-upload__hint">
            {mediaMessages.milestoneMissing}
          </p>
        )}
        <div className="admin-form__actions">
          <button
            type="submit"
            className="admin-button"
            disabled={missing || fileProblem !== null || upload.isPending}
            aria-describedby={missing ? hintId : undefined}
          >
            {upload.isPending ? "Uploading…" : "Upload Milestone"}
          </button>
        </div>
        {progress !== null && <UploadProgress fraction={progress} />}
        {failure && (
          <p className="admin-form__error" role="alert">
            {failure}
          </p>
        )}
      </form>
      {client && <ClientMilestones key={client.id} client={client} />}
    </section>
  );
}

/** The chosen client's milestones, newest first as the server pages them, each with Delete. */
function ClientMilestones({ client }: { client: Client }) {
  const [page, setPage] = useState(1);
  const query = useMilestones(client.id, { page });
  const remove = useDeleteMedia("milestones");
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const toast = useToast();
  const headingId = useId();
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, milestonePageSize);
  const name = `${client.firstName} ${client.lastName}`;

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
      <h2 id={headingId}>Milestones of {name}</h2>
      <ListState
        isError={query.isError}
        loaded={query.data !== undefined}
        what="milestones"
        onRetry={() => void query.refetch()}
        retryClassName="admin-button admin-button--secondary"
      />
      {query.data &&
        !query.isError &&
        (query.data.items.length === 0 ? (
          <p className="media-state">No milestones uploaded for this client yet.</p>
        ) : (
          <MediaGrid layout="milestones" label={`Milestones of ${name}`} busy={query.isPlaceholderData}>
            {query.data.items.map((milestone) => {
              const date = localDate(milestone.timestamp);
              return (
                <li key={milestone.id} className="media-tile">
                  <Thumbnail src={milestone.thumbnailUrl} alt={`Milestone from ${date}`} />
                  <span className="media-tile__caption">
                    <span className="media-tile__date">{date}</span>
                  </span>
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--danger"
                    aria-label={`Delete milestone from ${date}`}
                    onClick={() => setDeleting(milestone)}
                  >
                    Delete
                  </button>
                </li>
              );
            })}
          </MediaGrid>
        ))}
      {total > milestonePageSize && (
        <Pager
          page={Math.min(page, pages)}
          pages={pages}
          label={`Milestone pages of ${name}`}
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
