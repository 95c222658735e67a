import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { queryParams } from "../../../domain/paths.ts";
import {
  schoolNoteMax,
  type WeatherDayLesson,
  type WeatherDayResult,
  weatherLessonLine,
} from "../../../domain/school-cancellation.ts";
import type { WeatherDayQuery } from "../../../domain/school-cancellation-schemas.ts";
import { formatDay, isIsoDay } from "../../../domain/school-day.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { useInstructors } from "../api/instructors.ts";
import { useDeclareWeatherDay, useWeatherDayPreview } from "../api/school-cancellation.ts";
import { useIsOwner } from "../components/lesson-schedule-fields.tsx";
import "./weather-day.css";

/** The device's today, YYYY-MM-DD: where the form starts when no day is given. */
const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/**
 * /weather-day (issue 29, docs/decisions/034): the owner, or an instructor for their own lessons, cancels every
 * standing class of a day, or of some hours of it, in one action. First the classes are listed (how many, how many
 * families, each one and what happens to it); then one run cancels and credits them and mails every family at once.
 */
export function WeatherDayPage() {
  const { t } = useLingui();
  const owner = useIsOwner();
  const [search] = useSearchParams();
  const given = search.get(queryParams.weatherDayDate);
  const [date, setDate] = useState(given && isIsoDay(given) ? given : localToday());
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [instructorId, setInstructorId] = useState("");
  const [note, setNote] = useState("");
  const [noteMissing, setNoteMissing] = useState(false);
  const [query, setQuery] = useState<WeatherDayQuery | null>(null);
  const [result, setResult] = useState<WeatherDayResult | null>(null);
  const instructors = useInstructors({ enabled: owner });
  const preview = useWeatherDayPreview(query);
  const declare = useDeclareWeatherDay();
  const resultRef = useRef<HTMLDivElement>(null);
  const ids = { date: useId(), from: useId(), to: useId(), instructor: useId(), note: useId() };
  const changed = declare.error instanceof ApiError && declare.error.code === "weather-day-changed";
  const { refetch } = preview;
  useEffect(() => {
    if (changed) void refetch();
  }, [changed, refetch]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const onShow = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    declare.reset();
    setQuery({
      date,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(owner && instructorId ? { instructorId } : {}),
    });
  };
  const onDeclare = () => {
    if (!query || !preview.data) return;
    if (note.trim() === "") {
      setNoteMissing(true);
      document.getElementById(ids.note)?.focus();
      return;
    }
    declare.mutate(
      { ...query, note, lessonIds: preview.data.lessons.map((lesson) => lesson.lessonId) },
      {
        onSuccess: (answer) => {
          setResult(answer);
          setQuery(null);
        },
      },
    );
  };
  const statusWords: Record<WeatherDayLesson["status"], string> = {
    "to-cancel": t`To cancel`,
    cancelled: t`Already cancelled: skipped`,
    past: t`Already started: skipped`,
  };
  const toCancel = preview.data?.toCancel ?? 0;

  return (
    <section className="admin-page weather-day">
      <h1>
        <Trans>Weather day</Trans>
      </h1>
      <p>
        {owner ? (
          <Trans>
            Cancel every class of a day, or of some hours of it, at once. Each family gets a credit under the
            policy its class was booked under, and one mail in its language.
          </Trans>
        ) : (
          <Trans>
            Cancel your classes of a day, or of some hours of it, at once. Each family gets a credit under the
            policy its class was booked under, and one mail in its language.
          </Trans>
        )}
      </p>
      <form className="admin-form weather-day__form" onSubmit={onShow}>
        <div className="field">
          <label htmlFor={ids.date}>
            <Trans>Day</Trans>
          </label>
          <input
            id={ids.date}
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <fieldset className="weather-day__hours">
          <legend>
            <Trans>Hours (leave both empty for the whole day)</Trans>
          </legend>
          <div className="field">
            <label htmlFor={ids.from}>
              <Trans>From</Trans>
            </label>
            <input id={ids.from} type="time" value={from} onChange={(event) => setFrom(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>
              <Trans>Until</Trans>
            </label>
            <input id={ids.to} type="time" value={to} onChange={(event) => setTo(event.target.value)} />
          </div>
        </fieldset>
        {owner && (
          <div className="field">
            <label htmlFor={ids.instructor}>
              <Trans>Instructor</Trans>
            </label>
            <select
              id={ids.instructor}
              value={instructorId}
              onChange={(event) => setInstructorId(event.target.value)}
            >
              <option value="">{t`All instructors`}</option>
              {(instructors.data ?? []).map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.note}>
            <Trans>Message to the families</Trans>
          </label>
          <textarea
            id={ids.note}
            rows={3}
            maxLength={schoolNoteMax}
            value={note}
            aria-invalid={noteMissing ? true : undefined}
            aria-describedby={noteMissing ? `${ids.note}-error` : undefined}
            onChange={(event) => {
              setNote(event.target.value);
              setNoteMissing(false);
            }}
          />
          {noteMissing && (
            <p id={`${ids.note}-error`} className="field__error" role="alert">
              {t`Write the message the families will read.`}
            </p>
          )}
        </div>
        <button type="submit" className="admin-button">
          <Trans>Show the classes</Trans>
        </button>
      </form>

      {query && preview.isPending && <p role="status">{t`Loading the classes…`}</p>}
      {query && preview.isError && (
        <div className="admin-form__error" role="alert">
          <p>{errorMessageOf(preview.error)}</p>
          <button type="button" className="admin-button" onClick={() => void preview.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {query && preview.data && (
        <section className="weather-day__preview" aria-labelledby="weather-day-preview">
          <h2 id="weather-day-preview">{formatDay(preview.data.date, { dateStyle: "full" })}</h2>
          {changed && (
            <p className="admin-form__error" role="alert">
              {errorMessageOf(declare.error)}
            </p>
          )}
          <p className="weather-day__words" aria-live="polite">
            {preview.data.words}
          </p>
          {preview.data.lessons.length === 0 ? (
            <p>{t`No classes on this day in these hours.`}</p>
          ) : (
            <ul className="weather-day__lessons" aria-label={t`Classes`}>
              {preview.data.lessons.map((lesson) => (
                <li
                  key={lesson.lessonId}
                  className={`weather-day__lesson weather-day__lesson--${lesson.status}`}
                >
                  <span>{weatherLessonLine(lesson)}</span>
                  <span className="weather-day__status">
                    {statusWords[lesson.status]}
                    {lesson.creditExpiresOn &&
                      ` · ${t`credit until ${formatDay(lesson.creditExpiresOn, { dateStyle: "medium" })}`}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {declare.isError && !changed && (
            <p className="admin-form__error" role="alert">
              {errorMessageOf(declare.error)}
            </p>
          )}
          {declare.isPending ? (
            <p role="status" className="weather-day__running">
              {plural(toCancel, {
                one: "Cancelling # class and mailing its family…",
                other: "Cancelling # classes and mailing their families…",
              })}
            </p>
          ) : (
            toCancel > 0 &&
            !preview.isFetching && (
              <button type="button" className="admin-button admin-button--danger" onClick={onDeclare}>
                {plural(toCancel, { one: "Cancel # class", other: "Cancel # classes" })}
              </button>
            )
          )}
        </section>
      )}
      {result && (
        <div className="weather-day__result" role="status" tabIndex={-1} ref={resultRef}>
          <p>
            <strong>{result.message}</strong>
          </p>
          <p>
            {plural(result.households, {
              one: "The mail to # family is on its way.",
              other: "The mails to # families are on their way.",
            })}
          </p>
        </div>
      )}
    </section>
  );
}
