import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { type Milestone, milestonePageSize } from "../../../domain/media.ts";
import { mediaMessages } from "../../../domain/messages.ts";
import { paths } from "../../../domain/paths.ts";
import { useMilestones } from "../../api/media.ts";
import { ClientMediaPage } from "../../components/media/client-media-page.tsx";
import { localDate, milestoneFileName } from "../../components/media/media-filters.ts";
import { type PreviewImage, Thumbnail } from "../../components/media/media-parts.tsx";
import { formatItemDay } from "../../i18n/format.ts";
import { useHouseholdSwimmers } from "../api/bookings.ts";

/** /milestones (spec §2): the signed-in client's milestone photos, filtered by month and year, 8 a page. */
export function MilestonesPage() {
  const { t } = useLingui();
  const previewOf = (milestone: Milestone): PreviewImage => {
    const date = formatItemDay(localDate(milestone.timestamp));
    return {
      title: t`Milestone, ${date}`,
      imageUrl: milestone.imageUrl,
      alt: t`Milestone photo from ${date}`,
      fileName: milestoneFileName(milestone.timestamp),
    };
  };
  return (
    <ClientMediaPage
      title={t`Milestones`}
      note={
        <Trans>
          Each client sees their milestone photos here. As an admin, upload and review them on{" "}
          <Link to={paths.adminMilestones}>Add Milestones</Link>.
        </Trans>
      }
      useSwimmers={useHouseholdSwimmers}
      useItems={useMilestones}
      filtersLabel={t`Filter milestones`}
      what={t({ message: "milestones", context: "your own" })}
      emptyMessage={mediaMessages.noMilestones}
      layout="milestones"
      gridLabel={t`Milestone photos`}
      pageSize={milestonePageSize}
      pagerLabel={t`Milestone pages`}
      renderTile={(milestone, open) => {
        const date = formatItemDay(localDate(milestone.timestamp));
        return (
          <button
            type="button"
            className="media-tile__open"
            aria-label={t`Open milestone from ${date}`}
            onClick={() => open(previewOf(milestone))}
          >
            <Thumbnail src={milestone.thumbnailUrl} />
            <span className="media-tile__caption">
              <span className="media-tile__date">{date}</span>
            </span>
          </button>
        );
      }}
    />
  );
}
