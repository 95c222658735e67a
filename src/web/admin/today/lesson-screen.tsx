import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { ScaleVersion } from "../../../domain/curriculum.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import {
  type Attendance,
  attendanceValues,
  type TodayLesson,
  type TodayLevelChoice,
} from "../../../domain/today.ts";
import { SchoolCancelDialog } from "../components/school-cancel-dialog.tsx";
import { LessonPlace } from "./lesson-place.tsx";
import type { QueuedPhoto, QueuedSave, SaveContent } from "./offline/save-queue.ts";
import { type ChosenRatings, SwimmerSkills } from "./swimmer-skills.tsx";

interface SwimmerEntry {
  attendance: Attendance | null;
  feedback: string;
  photo: File | null;
  /** Skills rated in this lesson, not saved yet. */
  ratings: ChosenRatings;
}

/** A save's ratings of one swimmer (saves queued before ratings existed have none): skill id → rating id. */
const ratingsIn = (save: QueuedSave | undefined, swimmerId: string): ChosenRatings =>
  Object.fromEntries(
    (save?.record.assessments ?? [])
      .filter((each) => each.swimmerId === swimmerId)
      .map((each) => [each.skillId, each.ratingId]),
  );

const fileOf = (photo: QueuedPhoto) => new File([photo.bytes], photo.name, { type: photo.type });

/**
 * The form as the instructor left it: their latest unsent save of this lesson, else what the server has. Ratings
 * come back only from a refused save (to change and save again); a pending one's show as not sent yet, so that a
 * second Save does not rate them twice.
 */
function startingEntries(lesson: TodayLesson, saves: QueuedSave[]): Record<string, SwimmerEntry> {
  const latest = saves.at(-1);
  return Object.fromEntries(
    lesson.swimmers.map((swimmer) => {
      const queued = latest?.record.swimmers.find((each) => each.swimmerId === swimmer.id);
      const photo = latest?.photos.find((each) => each.swimmerId === swimmer.id);
      const ratings = latest?.refusal ? ratingsIn(latest, swimmer.id) : {};
      return [
        swimmer.id,
        queued
          ? {
              attendance: queued.attendance,
              feedback: queued.feedback,
              photo: photo ? fileOf(photo) : null,
              ratings,
            }
          : { attendance: swimmer.attendance, feedback: swimmer.feedback ?? "", photo: null, ratings },
      ];
    }),
  );
}

/** " · 2 ratings": what a refused save held for a swimmer besides attendance, feedback and a photo. */
function unsentRatings(save: QueuedSave, swimmerId: string): string {
  const count = Object.keys(ratingsIn(save, swimmerId)).length;
  return count > 0 ? ` · ${plural(count, { one: "# rating", other: "# ratings" })}` : "";
}

/** A chosen photo, shown small before it is sent. */
function PhotoPreview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className="today-swimmer__photo" src={url} alt={alt} />;
}

/**
 * One lesson on one screen (docs/decisions/023): each swimmer's attendance, feedback and, where their photo
 * permission allows, a photo from the phone's camera; one Save. A save goes to the queue first and shows Pending
 * until the server takes it; a refusal shows here with the server's reason and what was not sent.
 */
export function LessonScreen({
  lesson,
  scale,
  levels,
  online,
  backTo,
  saves,
  queueReady,
  onSave,
  onDiscard,
  onCancelled,
}: {
  lesson: TodayLesson;
  /** The current rating scale and the levels offered (GET /api/today). */
  scale: ScaleVersion;
  levels: TodayLevelChoice[];
  online: boolean;
  backTo: string;
  saves: QueuedSave[];
  queueReady: boolean;
  onSave: (content: SaveContent) => Promise<QueuedSave | null>;
  onDiscard: (key: string) => Promise<void>;
  /** The school cancelled the lesson from here: back to the day, where it shows cancelled. */
  onCancelled: () => void;
}) {
  const { t } = useLingui();
  const [cancelling, setCancelling] = useState(false);
  const [entries, setEntries] = useState(() => startingEntries(lesson, saves));
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const attendanceWords: Record<Attendance, string> = {
    present: t`Present`,
    late: t`Late`,
    absent: t`Absent`,
    "cancelled-by-school": t`Cancelled by the school`,
  };
  const refused = saves.filter((save) => save.refusal);
  const pending = saves.filter((save) => !save.refusal);
  const change = (swimmerId: string, patch: Partial<SwimmerEntry>) =>
    setEntries((was) => ({ ...was, [swimmerId]: { ...(was[swimmerId] as SwimmerEntry), ...patch } }));
  const rate = (swimmerId: string, skillId: number, ratingId: number | null) =>
    setEntries((was) => {
      const entry = was[swimmerId] as SwimmerEntry;
      const { [skillId]: _left, ...others } = entry.ratings;
      return {
        ...was,
        [swimmerId]: { ...entry, ratings: ratingId === null ? others : { ...others, [skillId]: ratingId } },
      };
    });
  /** Ratings in the saves waiting on the phone, the latest save's last: swimmer id → skill id → rating id. */
  const waiting = (swimmerId: string) =>
    new Map(
      pending
        .flatMap((save) => Object.entries(ratingsIn(save, swimmerId)))
        .map(([skill, rating]) => [Number(skill), rating]),
    );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const photos = await Promise.all(
        lesson.swimmers.flatMap((swimmer) => {
          const photo = swimmer.photoPermission ? entries[swimmer.id]?.photo : null;
          return photo
            ? [
                photo.arrayBuffer().then((bytes) => ({
                  swimmerId: swimmer.id,
                  name: photo.name || "photo.jpg",
                  type: photo.type || "image/jpeg",
                  bytes,
                })),
              ]
            : [];
        }),
      );
      await onSave({
        lessonId: lesson.id,
        record: {
          date: lesson.date,
          startTime: lesson.startTime,
          swimmers: lesson.swimmers.map((swimmer) => ({
            swimmerId: swimmer.id,
            attendance: entries[swimmer.id]?.attendance ?? null,
            feedback: entries[swimmer.id]?.feedback ?? "",
          })),
          // Only what the screen shows now: the ratings of a level changed since, or of a scale replaced since (a
          // refused save's, kept in the form), are left out.
          assessments: lesson.swimmers.flatMap((swimmer) =>
            (swimmer.level?.skills ?? []).flatMap((skill) => {
              const ratingId = entries[swimmer.id]?.ratings[skill.id];
              return ratingId === undefined || !scale.ratings.some((rating) => rating.id === ratingId)
                ? []
                : [{ swimmerId: swimmer.id, skillId: skill.id, ratingId, note: "" }];
            }),
          ),
        },
        photos,
      });
      setSavedOnce(true);
      // A photo and ratings sent stay with the save; the form starts the next one without them.
      setEntries((was) =>
        Object.fromEntries(
          Object.entries(was).map(([id, entry]) => [id, { ...entry, photo: null, ratings: {} }]),
        ),
      );
    } finally {
      setSaving(false);
    }
  };

  const saveState = saving
    ? t`Saving…`
    : pending.length > 0
      ? t`Pending: kept on this phone until the server takes it.`
      : refused.length > 0
        ? t`Not saved: the server refused it.`
        : savedOnce
          ? t`Saved.`
          : "";
  const headingId = `lesson-screen-${lesson.id}`;

  return (
    <article className="today-lesson-screen" aria-labelledby={headingId}>
      <p>
        <Link to={backTo}>{t`Back to the day`}</Link>
      </p>
      <h1 id={headingId}>
        <span className="today-lesson__time">{formatLessonTime(lesson.startTime)}</span>{" "}
        <span>{lesson.householdName}</span>
      </h1>
      <LessonPlace lesson={lesson} />

      {refused.map((save) => (
        <section key={save.key} className="today-refusal" role="alert" aria-label={t`Refused save`}>
          <p>
            <strong>{t`The server refused this save:`}</strong> {save.refusal?.message}
          </p>
          <p>{t`What was not sent is below in the form: change it and save again, or discard it.`}</p>
          <ul>
            {save.record.swimmers.map((each) => {
              const swimmer = lesson.swimmers.find((one) => one.id === each.swimmerId);
              return (
                <li key={each.swimmerId}>
                  <strong>{swimmer ? `${swimmer.firstName} ${swimmer.lastName}` : each.swimmerId}:</strong>{" "}
                  {each.attendance ? attendanceWords[each.attendance] : t`no attendance`}
                  {each.feedback && <span lang=""> · {each.feedback}</span>}
                  {save.photos.some((photo) => photo.swimmerId === each.swimmerId) && ` · ${t`a photo`}`}
                  {unsentRatings(save, each.swimmerId)}
                </li>
              );
            })}
          </ul>
          <button type="button" className="button button--ghost" onClick={() => void onDiscard(save.key)}>
            {t`Discard this save`}
          </button>
        </section>
      ))}

      <form className="today-record" onSubmit={onSubmit}>
        {lesson.swimmers.map((swimmer) => {
          const entry = entries[swimmer.id] as SwimmerEntry;
          const name = `${swimmer.firstName} ${swimmer.lastName}`;
          const id = (part: string) => `swimmer-${swimmer.id}-${part}`;
          return (
            <fieldset key={swimmer.id} className="admin-card today-swimmer">
              <legend>{name}</legend>
              {swimmer.notes && (
                <p className="today-swimmer__notes">
                  {t`Notes:`} <span lang="">{swimmer.notes}</span>
                </p>
              )}
              <fieldset className="today-swimmer__attendance">
                <legend>{t`Attendance of ${name}`}</legend>
                {attendanceValues.map((value) => (
                  <label key={value} className="today-swimmer__choice">
                    <input
                      type="radio"
                      name={id("attendance")}
                      value={value}
                      checked={entry.attendance === value}
                      onChange={() => change(swimmer.id, { attendance: value })}
                    />{" "}
                    {attendanceWords[value]}
                  </label>
                ))}
              </fieldset>
              <SwimmerSkills
                swimmer={swimmer}
                name={name}
                scale={scale}
                levels={levels}
                chosen={entry.ratings}
                waiting={waiting(swimmer.id)}
                online={online}
                onRate={(skillId, ratingId) => rate(swimmer.id, skillId, ratingId)}
              />
              <div className="field">
                <label htmlFor={id("feedback")}>{t`Feedback for ${name}`}</label>
                <textarea
                  id={id("feedback")}
                  rows={3}
                  value={entry.feedback}
                  onChange={(event) => change(swimmer.id, { feedback: event.target.value })}
                />
              </div>
              {swimmer.photoPermission ? (
                <div className="field">
                  <label htmlFor={id("photo")}>{t`Photo of ${name}`}</label>
                  <input
                    id={id("photo")}
                    type="file"
                    accept="image/*"
                    capture="environment"
                    onChange={(event) => change(swimmer.id, { photo: event.target.files?.[0] ?? null })}
                  />
                  {entry.photo && (
                    <PhotoPreview file={entry.photo} alt={t`${name} in this lesson, not sent yet`} />
                  )}
                  {!entry.photo && swimmer.photo && (
                    <img
                      className="today-swimmer__photo"
                      src={swimmer.photo.thumbnailUrl}
                      alt={t`${name} in this lesson, as saved`}
                    />
                  )}
                </div>
              ) : (
                <p className="today-swimmer__no-photo">{t`No photos: the family has not allowed them.`}</p>
              )}
            </fieldset>
          );
        })}
        <div className="today-record__actions">
          <button type="submit" className="button button--sun" disabled={saving || !queueReady}>
            {t`Save`}
          </button>
          <p className="today-record__state" aria-live="polite">
            {saveState}
          </p>
        </div>
      </form>
      {/* Cancelling needs the server's word on the credit first: offered with signal only. */}
      {online && !lesson.cancelled && (
        <p className="today-lesson-screen__cancel">
          <button type="button" className="button button--ghost" onClick={() => setCancelling(true)}>
            {t`Cancel this class`}
          </button>
        </p>
      )}
      <SchoolCancelDialog
        lesson={
          cancelling
            ? {
                lessonId: lesson.id,
                date: lesson.date,
                startTime: lesson.startTime,
                who: lesson.householdName,
              }
            : null
        }
        onClose={() => setCancelling(false)}
        onDone={() => {
          setCancelling(false);
          onCancelled();
        }}
      />
    </article>
  );
}
