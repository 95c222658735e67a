import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import type { Client } from "../../../domain/clients.ts";
import { milestonePageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { useMilestones, useUploadMilestone } from "../../api/media.ts";
import { localDate } from "../../components/media/media-filters.ts";
import { SelectedClient, Thumbnail } from "../../components/media/media-parts.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { ClientMediaList } from "../components/client-media-list.tsx";
import { ClientSearch } from "../components/client-search.tsx";
import { useMediaSwimmerChoice } from "../components/media-swimmer.tsx";
import { ImageFileField, UploadActions, useMediaUpload } from "../components/media-upload.tsx";

/**
 * /admin-milestones (spec §2, §5, §8): pick a client, choose a PNG or JPEG, Upload Milestone with a progress bar;
 * below, that client's milestones (newest first, as the server pages them) with Delete for one uploaded by mistake.
 */
export function AdminMilestonesPage() {
  const { t } = useLingui();
  const [client, setClient] = useState<Client | null>(null);
  const form = useMediaUpload();
  const upload = useUploadMilestone(form.setProgress);
  const toast = useToast();
  const hintId = useId();
  const swimmer = useMediaSwimmerChoice(client?.id, form.resetOutcome);
  const { file } = form;
  const missing = !client || !file || swimmer.missing;
  const showHint = missing && !form.uploaded;
  const clientName = client ? `${client.firstName} ${client.lastName}` : "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!client || !file || form.fileProblem) return;
    form.started(0);
    try {
      await upload.mutateAsync({
        clientId: client.id,
        file,
        swimmerId: swimmer.swimmerId,
      });
      toast("success", mediaMessages.milestoneUploaded);
      form.clearFile();
    } catch (error) {
      toast("error", mediaMessages.milestoneFailed);
      form.failed(error);
    }
  }

  return (
    <section className="admin-page">
      <h1>
        <Trans>Add Milestones</Trans>
      </h1>
      <ClientSearch
        onSelect={(next) => {
          setClient(next);
          swimmer.reset();
          form.resetOutcome();
        }}
      />
      <form className="admin-card media-upload" onSubmit={submit} aria-label={t`Upload a milestone`}>
        <SelectedClient client={client} />
        {swimmer.field}
        <ImageFileField upload={form} label={t`Milestone image (PNG or JPEG)`} />
        {showHint && (
          <p id={hintId} className="media-upload__hint">
            {!client || !file ? mediaMessages.milestoneMissing : t`Please choose the swimmer.`}
          </p>
        )}
        <UploadActions
          upload={form}
          label={t`Upload Milestone`}
          pending={upload.isPending}
          disabled={missing || form.fileProblem !== null || upload.isPending}
          describedBy={showHint ? hintId : undefined}
        />
      </form>
      {client && (
        <ClientMediaList
          key={client.id}
          client={client}
          kind="milestones"
          useItems={useMilestones}
          pageSize={milestonePageSize}
          heading={t`Milestones of ${clientName}`}
          what={t`milestones`}
          loadingText={t`Loading milestones…`}
          empty={t`No milestones uploaded for this client yet.`}
          pagerLabel={t`Milestone pages of ${clientName}`}
          confirmQuestion={t`Are you sure you want to delete this milestone?`}
          renderTile={(milestone) => {
            const date = localDate(milestone.timestamp);
            return (
              <>
                <Thumbnail src={milestone.thumbnailUrl} alt={t`Milestone from ${date}`} />
                <span className="media-tile__caption">
                  <span className="media-tile__date">{date}</span>
                </span>
              </>
            );
          }}
          deleteLabel={(milestone) => {
            const date = localDate(milestone.timestamp);
            return t`Delete milestone from ${date}`;
          }}
        />
      )}
    </section>
  );
}
