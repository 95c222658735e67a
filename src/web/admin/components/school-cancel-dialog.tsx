import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { type SchoolCancellationReason, schoolNoteMax } from "../../../domain/school-cancellation.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { errorMessageOf } from "../../api/http.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useCancelBySchool, useSchoolCancellationPreview } from "../api/school-cancellation.ts";
import "./school-cancel.css";

/** The lesson the school cancels, as the dialog names it. */
export interface LessonToCancel {
  lessonId: number;
  date: string;
  startTime: string | null;
  who: string;
}

/**
 * The school cancels one lesson (docs/decisions/034), from Manage Bookings and /today: why (the school's reason or
 * the weather), a message the family reads, and what it does, said by the server under the lesson's own policy
 * version before anything is applied. Closed while no lesson is given.
 */
export function SchoolCancelDialog({
  lesson,
  onClose,
  onDone,
}: {
  lesson: LessonToCancel | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={lesson !== null} title={t`Cancel a class`} onClose={onClose} className="school-cancel">
      {lesson && <SchoolCancelForm key={lesson.lessonId} lesson={lesson} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function SchoolCancelForm({
  lesson,
  onClose,
  onDone,
}: {
  lesson: LessonToCancel;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState<SchoolCancellationReason>("school");
  const [note, setNote] = useState("");
  const preview = useSchoolCancellationPreview(lesson.lessonId, reason);
  const cancel = useCancelBySchool();
  const noteId = useId();
  const day = formatDay(lesson.date, { dateStyle: "full" });
  const time = formatLessonTime(lesson.startTime);
  const { who } = lesson;
  const reasons: { value: SchoolCancellationReason; label: string }[] = [
    { value: "school", label: t`The school's reason` },
    { value: "weather", label: t`The weather` },
  ];
  const confirm = () =>
    cancel.mutate(
      { lessonId: lesson.lessonId, reason, note },
      { onSuccess: (answer) => onDone(answer.message) },
    );
  return (
    <div className="school-cancel__body">
      <p>
        <Trans>
          {who}: {day}, {time}
        </Trans>
      </p>
      <fieldset className="school-cancel__reasons">
        <legend>
          <Trans>Why</Trans>
        </legend>
        {reasons.map((each) => (
          <label key={each.value} className="school-cancel__reason">
            <input
              type="radio"
              name="school-cancel-reason"
              value={each.value}
              checked={reason === each.value}
              onChange={() => setReason(each.value)}
              data-autofocus={each.value === "school" ? true : undefined}
            />{" "}
            {each.label}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={noteId}>
          <Trans>Message to the family (optional)</Trans>
        </label>
        <textarea
          id={noteId}
          rows={3}
          maxLength={schoolNoteMax}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {preview.isPending && <p role="status">{t`Checking what cancelling does now…`}</p>}
      {preview.isError && (
        <p className="admin-form__error" role="alert">
          {errorMessageOf(preview.error)}
        </p>
      )}
      {preview.data && (
        <p className="school-cancel__outcome" aria-live="polite">
          {preview.data.words}
        </p>
      )}
      {cancel.isError && (
        <p className="admin-form__error" role="alert">
          {errorMessageOf(cancel.error)}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
          <Trans>Keep the class</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={!preview.data || preview.isFetching || cancel.isPending}
          onClick={confirm}
        >
          {cancel.isPending ? t`Cancelling…` : t`Cancel the class`}
        </button>
      </div>
    </div>
  );
}
