import { Trans } from "@lingui/react/macro";
import "./lesson-schedule.css";

/** Where a household's lessons are taught and how to get in, as the staff reads it beside a lesson. */
export function LessonPlace({ address, accessNotes }: { address: string; accessNotes: string }) {
  return (
    <dl className="lesson-place">
      <dt>
        <Trans>Address</Trans>
      </dt>
      <dd>{address || <Trans>No address yet (set it in Edit Client).</Trans>}</dd>
      {accessNotes && (
        <>
          <dt>
            <Trans>Access notes</Trans>
          </dt>
          <dd>{accessNotes}</dd>
        </>
      )}
    </dl>
  );
}
