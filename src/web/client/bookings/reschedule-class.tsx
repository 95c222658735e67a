import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState } from "react";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import {
  type LessonMove,
  type LessonTime,
  lessonMoveWords,
  type RescheduleRequest,
} from "../../../domain/reschedules.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { useAskReschedule, useRescheduleOptions, useWithdrawReschedule } from "../api/reschedules.ts";

/** The class being moved: its lesson and day. */
export interface ClassToMove {
  lessonId: number;
  date: string;
}

/**
 * "Reschedule" inside the Booking Details dialog (issue 29, docs/decisions/033): the instructor's free times (from
 * the server, under the class's own policy) to choose a day and a time from, and what confirming does said before
 * anything is sent: moved at once, or sent to the school to accept, and which reschedule of the package it is. When
 * the class cannot be moved, the sentence says why. A time taken meanwhile is refused: the times are read again.
 */
export function RescheduleClass({
  clientId,
  lesson,
  onDone,
  onBack,
}: {
  clientId: string;
  lesson: ClassToMove;
  onDone: (message: string) => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const dayId = useId();
  const timeId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const options = useRescheduleOptions(clientId, lesson.lessonId);
  const ask = useAskReschedule(clientId);
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const [chosenTime, setChosenTime] = useState<string | null>(null);
  const timeTaken = ask.error instanceof ApiError && ask.error.code === "reschedule-time-not-free";
  const { refetch } = options;
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (timeTaken) void refetch();
  }, [timeTaken, refetch]);

  const free = options.data?.freeTimes ?? [];
  const days = [...new Set(free.map((time) => time.date))];
  const day = chosenDay !== null && days.includes(chosenDay) ? chosenDay : (days[0] ?? null);
  const times = free.filter((time) => time.date === day).map((time) => time.startTime);
  const startTime = chosenTime !== null && times.includes(chosenTime) ? chosenTime : (times[0] ?? null);
  const shownDay = formatDay(lesson.date, { dateStyle: "full" });
  const canAsk =
    options.data !== undefined && options.data.refusal === null && day !== null && startTime !== null;

  const confirm = () => {
    if (!canAsk || day === null || startTime === null) return;
    const to: LessonTime = { date: day, startTime };
    ask.mutate({ lessonId: lesson.lessonId, ...to }, { onSuccess: (answer) => onDone(answer.message) });
  };

  return (
    <section className="cancel-class reschedule-class" aria-labelledby={headingId}>
      <h3 id={headingId} className="cancel-class__heading" ref={heading} tabIndex={-1}>
        <Trans>Move the class of {shownDay}</Trans>
      </h3>
      {options.isPending && <p role="status">{t`Looking for the instructor's free times…`}</p>}
      {options.isError && (
        <p className="cancel-class__error" role="alert">
          {errorMessageOf(options.error)}
        </p>
      )}
      {ask.isError && (
        <p className="cancel-class__error" role="alert">
          {errorMessageOf(ask.error)}
        </p>
      )}
      {options.data?.refusal && (
        <p className="cancel-class__outcome" role="status">
          {options.data.refusal}
        </p>
      )}
      {options.data && options.data.refusal === null && free.length === 0 && !options.isFetching && (
        <p className="cancel-class__outcome" role="status">
          {t`The instructor has no free time in the next four weeks. Ask the school to move the class.`}
        </p>
      )}
      {options.data && options.data.refusal === null && free.length > 0 && (
        <>
          <div className="reschedule-class__fields">
            <div className="field">
              <label htmlFor={dayId}>{t`New day`}</label>
              <select
                id={dayId}
                value={day ?? ""}
                onChange={(event) => {
                  setChosenDay(event.currentTarget.value);
                  setChosenTime(null);
                }}
              >
                {days.map((each) => (
                  <option key={each} value={each}>
                    {formatDay(each, { weekday: "long", month: "long", day: "numeric" })}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={timeId}>{t`New time`}</label>
              <select
                id={timeId}
                value={startTime ?? ""}
                onChange={(event) => setChosenTime(event.currentTarget.value)}
              >
                {times.map((each) => (
                  <option key={each} value={each}>
                    {formatLessonTime(each)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="cancel-class__outcome" aria-live="polite">
            {options.data.words}
          </p>
        </>
      )}
      <div className="cancel-class__actions">
        <button type="button" className="button cancel-class__keep" onClick={onBack}>
          <Trans>Keep the time</Trans>
        </button>
        {options.data?.refusal === null && free.length > 0 && (
          <button
            type="button"
            className="button button--blue"
            onClick={confirm}
            disabled={!canAsk || options.isFetching || ask.isPending}
          >
            {ask.isPending ? (
              <Trans>Sending…</Trans>
            ) : options.data.automatic ? (
              <Trans>Move the class</Trans>
            ) : (
              <Trans>Ask to move the class</Trans>
            )}
          </button>
        )}
      </div>
    </section>
  );
}

/** "Moved from Thursday, March 5, 10:00 AM by Ivy Teach on March 3": a class's latest move, beside its date. */
export function MovedNote({ moved }: { moved: LessonMove }) {
  return <span className="class-moved">{lessonMoveWords(moved)}</span>;
}

/** A request waiting for the school, beside its class: where to, and the way to withdraw it. */
export function PendingMove({
  clientId,
  request,
  day,
  onWithdrawn,
}: {
  clientId: string;
  request: RescheduleRequest;
  day: string;
  onWithdrawn: (message: string) => void;
}) {
  const withdraw = useWithdrawReschedule(clientId);
  const to = `${formatDay(request.to.date, { weekday: "long", month: "long", day: "numeric" })}, ${formatLessonTime(request.to.startTime)}`;
  return (
    <>
      <span className="class-moved class-moved--pending">
        <Trans>Move to {to} requested: waiting for the school.</Trans>
      </span>
      {withdraw.isError && (
        <span className="cancel-class__error" role="alert">
          {errorMessageOf(withdraw.error)}
        </span>
      )}
      <button
        type="button"
        className="button booking-details__cancel"
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(request.lessonId, { onSuccess: (answer) => onWithdrawn(answer.message) })
        }
      >
        <Trans>
          Withdraw the request<span className="visually-hidden"> for the class of {day}</span>
        </Trans>
      </button>
    </>
  );
}
