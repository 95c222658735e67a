import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { formatLessonTime, type Instructor, offeredStartTimes } from "../../../domain/lesson-schedule.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { useInstructors } from "../api/instructors.ts";
import "./lesson-schedule.css";

/** A lesson's time and instructor as a form holds them: `startTime` null is "time to be set". */
export interface LessonScheduleValue {
  startTime: string | null;
  instructorId: string;
}

/** The signed-in person's id: who teaches a lesson nobody else was chosen for (the server does the same). */
export function useOwnId(): string {
  const auth = useAuth();
  return "user" in auth ? auth.user.id : "";
}

/** Whether the signed-in person is the owner (an instructor works only their own lessons: docs/decisions/021). */
export function useIsOwner(): boolean {
  return useAuth().status === "admin";
}

/** The times offered, and the lesson's own when it is off the offered quarter hours (set another way). */
const timesWith = (current: string | null) =>
  current && !offeredStartTimes.includes(current)
    ? [...offeredStartTimes, current].sort()
    : offeredStartTimes;

/** The instructors offered, and the lesson's own when it is not among them (an account that can no longer teach). */
const instructorsWith = (list: readonly Instructor[], current: Instructor | null) =>
  current && !list.some((each) => each.id === current.id) ? [...list, current] : list;

/**
 * The Start time and Instructor selects of a lesson (Create Booking, Edit Booking Dates, Manage Bookings' Times and
 * instructors). Each class lasts 30 minutes; the server refuses an instructor's overlapping lessons.
 */
export function LessonScheduleFields({
  value,
  onChange,
  legend,
  currentInstructor = null,
}: {
  value: LessonScheduleValue;
  onChange: (value: LessonScheduleValue) => void;
  legend: string;
  currentInstructor?: Instructor | null;
}) {
  const { t } = useLingui();
  const timeId = useId();
  const instructorId = useId();
  // An instructor keeps their own lessons: the list is theirs alone, not the school's.
  const owner = useIsOwner();
  const auth = useAuth();
  const instructors = useInstructors({ enabled: owner });
  const self = "user" in auth ? [{ id: auth.user.id, name: auth.user.name }] : [];
  const offered = owner ? instructorsWith(instructors.data ?? [], currentInstructor) : self;
  const loading = owner && instructors.isPending;
  return (
    <fieldset className="lesson-schedule">
      <legend>{legend}</legend>
      <div className="lesson-schedule__fields">
        <div className="field">
          <label htmlFor={timeId}>
            <Trans>Start time</Trans>
          </label>
          <select
            id={timeId}
            value={value.startTime ?? ""}
            onChange={(event) => onChange({ ...value, startTime: event.target.value || null })}
          >
            <option value="">{t`Time to be set`}</option>
            {timesWith(value.startTime).map((time) => (
              <option key={time} value={time}>
                {formatLessonTime(time)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={instructorId}>
            <Trans>Instructor</Trans>
          </label>
          <select
            id={instructorId}
            value={value.instructorId}
            disabled={loading || !owner}
            aria-busy={loading}
            onChange={(event) => onChange({ ...value, instructorId: event.target.value })}
          >
            {loading && <option value={value.instructorId}>{t`Loading…`}</option>}
            {offered.map((instructor) => (
              <option key={instructor.id} value={instructor.id}>
                {instructor.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {instructors.isError && (
        <p className="admin-form__error" role="alert">
          <Trans>The instructors could not be loaded. Reload the page to try again.</Trans>
        </p>
      )}
      <p className="booking-hint">
        <Trans>Each class lasts 30 minutes. An instructor teaches one class at a time.</Trans>
      </p>
    </fieldset>
  );
}
