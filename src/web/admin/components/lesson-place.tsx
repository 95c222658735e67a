import { Trans } from "@lingui/react/macro";
import "./lesson-schedule.css";

/**
 * Where a household's lessons are taught and how to get in, as the staff reads it beside a lesson. What the family
 * wrote is in whatever language they wrote it: `lang=""` says so, so that it is not read out as the page's language.
 */
export function LessonPlace({ address, accessNotes }: { address: string; accessNotes: string }) {
  return (
    <dl className="lesson-place">
      <dt>
        <Trans>Address</Trans>
      </dt>
      {address ? (
        <dd lang="">{address}</dd>
      ) : (
        <dd>
          <Trans>No address yet (set it in Edit Client).</Trans>
        </dd>
      )}
      {accessNotes && (
        <>
          <dt>
            <Trans>Access notes</Trans>
          </dt>
          <dd lang="">{accessNotes}</dd>
        </>
      )}
    </dl>
  );
}
