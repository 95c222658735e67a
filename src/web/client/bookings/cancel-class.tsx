import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { cancelledWords } from "../../../domain/cancellation.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { type FamilyReason, useCancelLesson, useCancellationPreview } from "../api/cancellation.ts";

/** The class being cancelled: its lesson and day. */
export interface ClassToCancel {
  lessonId: number;
  date: string;
  /** Booked with a class credit (docs/decisions/032): once cancelled late, the dialog says that credit is spent. */
  paidByCredit?: boolean;
}

/**
 * The confirmation step of "Cancel this class", inside the Booking Details dialog (issue 29): says in plain words
 * what cancelling now does (from the server, under the class's own policy) before anything is applied. If the
 * deadline passes while the family reads, the server refuses with the new outcome: the words are read again and
 * the family confirms what they now see. The family says why: "because of the weather" applies the policy's
 * shorter weather notice, and the words change with the choice before anything is confirmed.
 */
export function CancelClass({
  clientId,
  lesson,
  onDone,
  onBack,
}: {
  clientId: string;
  lesson: ClassToCancel;
  onDone: (words: string) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const reasonName = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState<FamilyReason>("family");
  const preview = useCancellationPreview(clientId, lesson.lessonId, reason);
  const cancel = useCancelLesson(clientId);
  const outcomeChanged =
    cancel.error instanceof ApiError && cancel.error.code === "cancellation-outcome-changed";
  const { refetch } = preview;
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (outcomeChanged) void refetch();
  }, [outcomeChanged, refetch]);
  const day = formatDay(lesson.date, { dateStyle: "full" });
  const confirm = () => {
    if (!preview.data) return;
    cancel.mutate(
      { lessonId: lesson.lessonId, reason, expectedOutcome: preview.data.outcome },
      {
        onSuccess: (answer) =>
          onDone(
            cancelledWords({ creditExpiresOn: answer.creditExpiresOn, paidByCredit: lesson.paidByCredit }),
          ),
      },
    );
  };
  return (
    <section className="cancel-class" aria-labelledby={headingId}>
      <h3 id={headingId} className="cancel-class__heading" ref={heading} tabIndex={-1}>
        <Trans>Cancel the class of {day}?</Trans>
      </h3>
      <fieldset className="cancel-class__reason">
        <legend>
          <Trans>Why are you cancelling?</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name={reasonName}
            checked={reason === "family"}
            onChange={() => {
              cancel.reset();
              setReason("family");
            }}
          />
          <Trans>For another reason</Trans>
        </label>
        <label>
          <input
            type="radio"
            name={reasonName}
            checked={reason === "family-weather"}
            onChange={() => {
              cancel.reset();
              setReason("family-weather");
            }}
          />
          <Trans>Because of the weather</Trans>
        </label>
      </fieldset>
      {(preview.isPending || preview.isFetching) && (
        <p role="status">{t`Checking what cancelling does now…`}</p>
      )}
      {preview.isError && (
        <p className="cancel-class__error" role="alert">
          {errorMessageOf(preview.error)}
        </p>
      )}
      {cancel.isError && (
        <p className="cancel-class__error" role="alert">
          {errorMessageOf(cancel.error)}
        </p>
      )}
      {preview.data && !preview.isFetching && (
        <p className="cancel-class__outcome" aria-live="polite">
          {preview.data.words}
        </p>
      )}
      <div className="cancel-class__actions">
        <button type="button" className="button cancel-class__keep" onClick={onBack}>
          <Trans>Keep the class</Trans>
        </button>
        <button
          type="button"
          className="button button--blue"
          onClick={confirm}
          disabled={!preview.data || preview.isFetching || cancel.isPending}
        >
          {cancel.isPending ? <Trans>Cancelling…</Trans> : <Trans>Cancel the class</Trans>}
        </button>
      </div>
    </section>
  );
}
