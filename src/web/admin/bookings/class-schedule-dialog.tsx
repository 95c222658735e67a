import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type Booking, bookingMessages, shownBookingTitle } from "../../../domain/bookings.ts";
import { lessonMessages } from "../../../domain/lesson-schedule.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useSetClassSchedule } from "../api/bookings.ts";
import { AvailabilityOverride, useAvailabilityOverride } from "../components/availability-override.tsx";
import { LessonPlace } from "../components/lesson-place.tsx";
import {
  LessonScheduleFields,
  type LessonScheduleValue,
  useOwnId,
} from "../components/lesson-schedule-fields.tsx";

/**
 * Each class's start time and instructor (Manage Bookings; issue 27). Only the classes changed are saved, one by
 * one; an overlap the server refuses is shown with the lesson in the way, and the classes saved before it stay.
 * Closed while `booking` is null.
 */
export function ClassScheduleDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog
      open={booking !== null}
      title={t`Times and instructors`}
      onClose={onClose}
      className="class-schedule"
    >
      {booking && <ClassScheduleForm key={booking.id} booking={booking} onDone={onClose} />}
    </Dialog>
  );
}

function ClassScheduleForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSetClassSchedule();
  const ownId = useOwnId();
  const stored = (day: Booking["dates"][number]): LessonScheduleValue => ({
    startTime: day.startTime,
    instructorId: day.instructor?.id ?? ownId,
  });
  const [chosen, setChosen] = useState(() => new Map(booking.dates.map((day) => [day.date, stored(day)])));
  const [alert, setAlert] = useState<string | null>(null);
  const name = booking.clientName ?? bookingMessages.unknownClient;
  const title = shownBookingTitle(booking.title);

  const override = useAvailabilityOverride();
  // The class whose refusal the owner confirmed: sent again with the override, the others as they are.
  const [refusedDate, setRefusedDate] = useState<string | null>(null);

  async function onSave(overrideDate: string | null = null) {
    override.clear();
    setAlert(null);
    let current: string | null = null;
    const same = (a: LessonScheduleValue, b: LessonScheduleValue) =>
      a.startTime === b.startTime && a.instructorId === b.instructorId;
    const changed = booking.dates.filter((day) => !same(chosen.get(day.date) ?? stored(day), stored(day)));
    try {
      for (const day of changed) {
        const value = chosen.get(day.date) ?? stored(day);
        current = day.date;
        await save.mutateAsync({
          id: booking.id,
          input: {
            date: day.date,
            startTime: value.startTime,
            instructorId: value.instructorId,
            ...(overrideDate === day.date ? { overrideAvailability: true } : {}),
          },
        });
      }
      toast("success", lessonMessages.scheduleSaved);
      onDone();
    } catch (error) {
      if (override.offer(error)) return setRefusedDate(current);
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!refused) console.error(bookingMessages.updateFailed, error);
      setAlert(refused ? error.message : bookingMessages.updateFailed);
    }
  }

  return (
    <div className="class-schedule__body">
      <p>
        <Trans>
          {title} for {name}
        </Trans>
      </p>
      <LessonPlace address={booking.address} accessNotes={booking.accessNotes} />
      <ul className="class-schedule__days">
        {booking.dates.map((day) => (
          <li key={day.date}>
            <LessonScheduleFields
              legend={formatDay(day.date, { dateStyle: "full" })}
              value={chosen.get(day.date) ?? stored(day)}
              currentInstructor={day.instructor}
              onChange={(value) => {
                setAlert(null);
                setChosen(new Map(chosen).set(day.date, value));
              }}
            />
          </li>
        ))}
      </ul>
      {alert && (
        <p className="admin-form__error" role="alert">
          {alert}
        </p>
      )}
      <AvailabilityOverride
        message={override.refusal}
        pending={save.isPending}
        onConfirm={() => onSave(refusedDate)}
        onCancel={override.clear}
      />
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="admin-button" disabled={save.isPending} onClick={() => onSave()}>
          {save.isPending ? t`Saving…` : t`Save Times`}
        </button>
      </div>
    </div>
  );
}
