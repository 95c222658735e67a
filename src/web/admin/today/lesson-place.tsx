import { useLingui } from "@lingui/react/macro";
import type { TodayLesson } from "../../../domain/today.ts";
import { mapsLink } from "./maps-link.ts";

/** The address as a link to the phone's maps app, and the access notes. */
export function LessonPlace({ lesson }: { lesson: TodayLesson }) {
  const { t } = useLingui();
  return (
    <div className="today-lesson__place">
      {lesson.address ? (
        <p>
          <a href={mapsLink(lesson.address)} target="_blank" rel="noopener">
            <span lang="">{lesson.address}</span>
            <span className="visually-hidden"> {t`(opens the maps app)`}</span>
          </a>
        </p>
      ) : (
        <p>{t`No address given`}</p>
      )}
      {lesson.accessNotes && (
        <p className="today-lesson__access">
          <strong>{t`Access:`}</strong> <span lang="">{lesson.accessNotes}</span>
        </p>
      )}
    </div>
  );
}
