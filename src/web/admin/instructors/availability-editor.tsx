import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type AvailabilityResponse,
  availabilityMessages,
  type Weekday,
  type WeeklySpan,
  weekdays,
} from "../../../domain/instructor-availability.ts";
import { formatStartTime, minutesOf, timeOf } from "../../../domain/lesson-schedule.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useAddTimeOff, useAvailability, useRemoveTimeOff, useSetWeeklyHours } from "../api/instructors.ts";

/** The hours the selects offer: every quarter hour from 5:00 AM to midnight. */
const spanTimes: readonly string[] = Array.from({ length: (24 - 5) * 4 + 1 }, (_, i) =>
  timeOf(5 * 60 + i * 15),
);

const timesWith = (current: string) =>
  spanTimes.includes(current)
    ? spanTimes
    : [...spanTimes, current].sort((a, b) => minutesOf(a) - minutesOf(b));

const failureOf = (error: unknown, fallback: string) => {
  const refused = error instanceof ApiError && error.status < 500;
  if (!refused) console.error(fallback, error);
  return refused ? error.message : fallback;
};

/**
 * One staff member's weekly hours (spans by weekday) and time off (docs/decisions/024): the owner edits anyone's on
 * /instructors, an instructor their own. No hours at all means available any time.
 */
export function AvailabilityEditor({ instructorId }: { instructorId: string }) {
  const availability = useAvailability(instructorId);
  if (availability.isPending) {
    return (
      <p role="status">
        <Trans>Loading hours and time off…</Trans>
      </p>
    );
  }
  if (availability.isError) {
    return (
      <p className="admin-form__error" role="alert">
        <Trans>The hours and time off could not be loaded. Reload the page to try again.</Trans>
      </p>
    );
  }
  const { data } = availability;
  return (
    <div className="availability">
      <WeeklyHoursForm
        key={JSON.stringify(data.weeklyHours)}
        instructorId={instructorId}
        name={data.instructor.name}
        stored={data.weeklyHours}
      />
      <TimeOffList instructorId={instructorId} name={data.instructor.name} timeOff={data.timeOff} />
    </div>
  );
}

function WeeklyHoursForm({
  instructorId,
  name,
  stored,
}: {
  instructorId: string;
  name: string;
  stored: AvailabilityResponse["weeklyHours"];
}) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSetWeeklyHours(instructorId);
  const [spans, setSpans] = useState<WeeklySpan[]>(stored);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const change = (next: WeeklySpan[]) => {
    setError(null);
    setSpans(next);
  };
  function addSpan(weekday: Weekday) {
    const last = spans.filter((span) => span.weekday === weekday).at(-1);
    const from = last ? Math.min(minutesOf(last.to) + 60, 23 * 60) : 9 * 60;
    change([...spans, { weekday, from: timeOf(from), to: timeOf(Math.min(from + 4 * 60, 24 * 60)) }]);
  }

  async function onSave() {
    try {
      const answer = await save.mutateAsync({ weeklyHours: spans });
      toast("success", answer.message);
    } catch (caught) {
      setError(failureOf(caught, t`The hours could not be saved. Please try again.`));
    }
  }

  return (
    <section className="availability__hours" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Weekly hours of {name}</Trans>
      </h3>
      <p className="booking-hint">
        {spans.length === 0 ? (
          <Trans>No hours set: available any time. Add hours to limit the times lessons may be booked.</Trans>
        ) : (
          <Trans>Lessons may be booked only inside these hours (each class lasts 30 minutes).</Trans>
        )}
      </p>
      <ul className="availability__days">
        {weekdays.map((weekday) => {
          const day = availabilityMessages.weekday(weekday);
          const ofDay = spans
            .map((span, index) => ({ span, index }))
            .filter(({ span }) => span.weekday === weekday);
          return (
            <li key={weekday}>
              <fieldset className="availability__day">
                <legend>{day}</legend>
                {ofDay.length === 0 && (
                  <p className="availability__none">
                    <Trans>Not teaching</Trans>
                  </p>
                )}
                {ofDay.map(({ span, index }, n) => (
                  <SpanFields
                    key={index}
                    span={span}
                    label={t`${day}, span ${n + 1}`}
                    onChange={(next) => change(spans.map((each, i) => (i === index ? next : each)))}
                    onRemove={() => change(spans.filter((_, i) => i !== index))}
                  />
                ))}
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--secondary"
                  onClick={() => addSpan(weekday)}
                >
                  <Trans>Add hours on {day}</Trans>
                </button>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {error && (
        <p className="admin-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="button" className="admin-button" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? t`Saving…` : t`Save Hours`}
        </button>
      </div>
    </section>
  );
}

function SpanFields({
  span,
  label,
  onChange,
  onRemove,
}: {
  span: WeeklySpan;
  label: string;
  onChange: (span: WeeklySpan) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const fromId = useId();
  const toId = useId();
  const timeLabel = (time: string) => (time === "24:00" ? t`Midnight` : formatStartTime(time));
  return (
    <fieldset className="availability__span">
      <legend className="visually-hidden">{label}</legend>
      <div className="field">
        <label htmlFor={fromId}>
          <Trans>From</Trans>
        </label>
        <select
          id={fromId}
          value={span.from}
          onChange={(event) => onChange({ ...span, from: event.target.value })}
        >
          {timesWith(span.from)
            .filter((time) => time !== "24:00")
            .map((time) => (
              <option key={time} value={time}>
                {timeLabel(time)}
              </option>
            ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={toId}>
          <Trans>To</Trans>
        </label>
        <select id={toId} value={span.to} onChange={(event) => onChange({ ...span, to: event.target.value })}>
          {timesWith(span.to).map((time) => (
            <option key={time} value={time}>
              {timeLabel(time)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="admin-button admin-button--small admin-button--secondary"
        aria-label={t`Remove ${label}`}
        onClick={onRemove}
      >
        <Trans>Remove</Trans>
      </button>
    </fieldset>
  );
}

function TimeOffList({
  instructorId,
  name,
  timeOff,
}: {
  instructorId: string;
  name: string;
  timeOff: AvailabilityResponse["timeOff"];
}) {
  const { t } = useLingui();
  const toast = useToast();
  const add = useAddTimeOff(instructorId);
  const remove = useRemoveTimeOff(instructorId);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();
  const ids = { first: useId(), last: useId(), reason: useId() };

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (field: string) => String(data.get(field) ?? "").trim();
    setError(null);
    try {
      const answer = await add.mutateAsync({
        firstDay: text("firstDay"),
        lastDay: text("lastDay") || text("firstDay"),
        reason: text("reason"),
      });
      form.reset();
      toast("success", answer.message);
    } catch (caught) {
      setError(failureOf(caught, t`The time off could not be added. Please try again.`));
    }
  }

  async function onRemove(id: number) {
    setError(null);
    try {
      const answer = await remove.mutateAsync(id);
      toast("success", answer.message);
    } catch (caught) {
      setError(failureOf(caught, t`The time off could not be removed. Please try again.`));
    }
  }

  return (
    <section className="availability__time-off" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Time off of {name}</Trans>
      </h3>
      {timeOff.length === 0 ? (
        <p>
          <Trans>No time off ahead.</Trans>
        </p>
      ) : (
        <ul className="availability__off-list">
          {timeOff.map((off) => {
            const when =
              off.firstDay === off.lastDay
                ? formatDay(off.firstDay)
                : `${formatDay(off.firstDay)} – ${formatDay(off.lastDay)}`;
            return (
              <li key={off.id}>
                <span>
                  {when}
                  {off.reason && <span className="availability__reason"> · {off.reason}</span>}
                </span>
                <button
                  type="button"
                  className="admin-button admin-button--small admin-button--secondary"
                  aria-label={t`Remove time off ${when}`}
                  disabled={remove.isPending}
                  onClick={() => onRemove(off.id)}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="admin-form availability__add-off" onSubmit={onAdd} noValidate>
        <div className="field">
          <label htmlFor={ids.first}>
            <Trans>First day off</Trans>
          </label>
          <input id={ids.first} name="firstDay" type="date" required />
        </div>
        <div className="field">
          <label htmlFor={ids.last}>
            <Trans>Last day off</Trans>
          </label>
          <input id={ids.last} name="lastDay" type="date" />
        </div>
        <div className="field">
          <label htmlFor={ids.reason}>
            <Trans>Reason (optional)</Trans>
          </label>
          <input id={ids.reason} name="reason" maxLength={200} autoComplete="off" />
        </div>
        {error && (
          <p className="admin-form__error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-button" disabled={add.isPending}>
            {add.isPending ? t`Adding…` : t`Add Time Off`}
          </button>
        </div>
      </form>
    </section>
  );
}
