import { Trans } from "@lingui/react/macro";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import type { LessonMove } from "../../../domain/reschedules.ts";
import { formatDay } from "../../../domain/school-day.ts";

/** A lesson's latest move on the instructor's day (docs/decisions/033): from when, by whom, and when it was moved. */
export function MovedLine({ moved }: { moved: LessonMove }) {
  const from = `${formatDay(moved.fromDate, { weekday: "long", month: "long", day: "numeric" })}, ${formatLessonTime(moved.fromStartTime)}`;
  const on = formatDay(moved.at.slice(0, 10), { dateStyle: "medium" });
  const by = moved.by;
  return (
    <p className="today-lesson__moved">
      {by ? (
        <Trans>
          Moved from {from} by {by} on {on}
        </Trans>
      ) : (
        <Trans>
          Moved from {from} on {on}
        </Trans>
      )}
    </p>
  );
}
