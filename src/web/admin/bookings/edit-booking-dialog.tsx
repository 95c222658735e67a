import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { format, parseISO } from "date-fns";
import { useId, useState } from "react";
import { DayPicker } from "react-day-picker";
import { Link } from "react-router";
import { type Booking, bookingMessages, checkEdit, lastBookableDay } from "../../../domain/bookings.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { createBookingPath } from "../../../domain/paths.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { dayPickerLocale } from "../../i18n/day-picker-locale.ts";
import { useEditBooking } from "../api/bookings.ts";
import { AvailabilityOverride, useAvailabilityOverride } from "../components/availability-override.tsx";
import {
  LessonScheduleFields,
  type LessonScheduleValue,
  useOwnId,
} from "../components/lesson-schedule-fields.tsx";
import "../../components/calendar/calendar.css";

const toDate = (day: string) => parseISO(day);
const toDay = (date: Date) => format(date, "yyyy-MM-dd");
const longDay = (day: string) => formatDay(day, { dateStyle: "full" });

/** Edit Booking Dates (spec §2, §4, §5), for the booking given; closed when it is null. */
export function EditBookingDialog({
  booking,
  today,
  onClose,
}: {
  booking: Booking | null;
  /** The school's today, from the list's answer. */
  today: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog open={booking !== null} title={t`Edit Booking Dates`} onClose={onClose} className="edit-booking">
      {booking && <EditBookingForm key={booking.id} booking={booking} today={today} onDone={onClose} />}
    </Dialog>
  );
}

/**
 * Past dates are kept (shown, not toggleable); the admin moves the booking's other dates to today or later, at most
 * classCount dates in all. The browser knows only this booking, so it warns about that; the server checks the plan.
 */
function EditBookingForm({
  booking,
  today,
  onDone,
}: {
  booking: Booking;
  today: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const edit = useEditBooking();
  const days = booking.dates.map((d) => d.date);
  const kept = days.filter((day) => day < today);
  const [chosen, setChosen] = useState(() => days.filter((day) => day >= today));
  const [alert, setAlert] = useState<string | null>(null);
  // The dates an edit adds take the booking's latest class's time and instructor unless changed here.
  const ownId = useOwnId();
  const latest = booking.dates[booking.dates.length - 1];
  const [schedule, setSchedule] = useState<LessonScheduleValue>(() => ({
    startTime: latest?.startTime ?? null,
    instructorId: latest?.instructor?.id ?? ownId,
  }));
  const timeOf = new Map(booking.dates.map((d) => [d.date, formatLessonTime(d.startTime)]));
  const added = chosen.some((day) => !days.includes(day));
  const keptHeadingId = useId();
  const chosenHeadingId = useId();
  const todayDate = toDate(today);
  const lastDate = toDate(lastBookableDay(today));
  const name = booking.clientName ?? bookingMessages.unknownClient;
  const { title, classCount } = booking;
  const shownCount = kept.length + chosen.length;

  const refusalOf = (next: string[]) =>
    checkEdit({
      totalClasses: booking.classCount,
      bookedElsewhere: 0,
      keptPast: kept.length,
      classCount: booking.classCount,
      chosen: next,
      today,
    });

  function onSelect(dates: Date[] | undefined) {
    // Kept dates are disabled, so the calendar never drops them; they are not sent either way.
    const next = (dates ?? [])
      .map(toDay)
      .filter((day) => day >= today)
      .sort();
    const refusal = refusalOf(next);
    if (refusal?.code === "too-many-dates") {
      setAlert(refusal.message);
      return;
    }
    setAlert(null);
    setChosen(next);
  }

  const override = useAvailabilityOverride();

  async function onSave(overrideAvailability = false) {
    override.clear();
    const refusal = refusalOf(chosen);
    if (refusal) return setAlert(refusal.message);
    try {
      const answer = await edit.mutateAsync({
        id: booking.id,
        input: {
          dates: chosen,
          startTime: schedule.startTime,
          ...(schedule.instructorId ? { instructorId: schedule.instructorId } : {}),
          ...(overrideAvailability ? { overrideAvailability } : {}),
        },
      });
      toast("success", answer.message || bookingMessages.updated);
      onDone();
    } catch (error) {
      if (override.offer(error)) return setAlert(null);
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!refused) console.error(bookingMessages.updateFailed, error);
      setAlert(refused ? error.message : bookingMessages.updateFailed);
    }
  }

  return (
    <div className="edit-booking__body">
      <p className="edit-booking__who">
        <Plural
          value={classCount}
          one={`${title} for ${name}: up to # date.`}
          other={`${title} for ${name}: up to # dates.`}
        />
      </p>
      {/* The limit is this booking's own size (spec §5): the plan's other classes are booked elsewhere. */}
      <p className="edit-booking__more">
        <Trans>
          Here you move this booking's dates. To book more of the plan's classes, use{" "}
          <Link to={createBookingPath}>Create Booking</Link>.
        </Trans>
      </p>
      <DayPicker
        mode="multiple"
        locale={dayPickerLocale()}
        today={todayDate}
        defaultMonth={chosen[0] ? toDate(chosen[0]) : todayDate}
        selected={[...kept, ...chosen].map(toDate)}
        onSelect={onSelect}
        endMonth={lastDate}
        disabled={[{ before: todayDate }, { after: lastDate }]}
        modifiers={{ kept: kept.map(toDate) }}
        modifiersClassNames={{ kept: "calendar-kept" }}
        footer={
          <p className="calendar-footer">
            <Plural
              value={classCount}
              one={`${shownCount} of # date chosen.`}
              other={`${shownCount} of # dates chosen.`}
            />
          </p>
        }
      />
      {alert && (
        <p className="admin-form__error" role="alert">
          {alert}
        </p>
      )}
      <AvailabilityOverride
        message={override.refusal}
        pending={edit.isPending}
        onConfirm={() => onSave(true)}
        onCancel={override.clear}
      />
      {kept.length > 0 && (
        <section aria-labelledby={keptHeadingId}>
          <h3 id={keptHeadingId}>
            <Trans>Past dates (kept)</Trans>
          </h3>
          <ul className="calendar-dates">
            {kept.map((day) => (
              <li key={day}>
                {longDay(day)} · {timeOf.get(day)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={chosenHeadingId}>
        <h3 id={chosenHeadingId}>
          <Trans>Dates from today</Trans>
        </h3>
        {chosen.length === 0 ? (
          <p>
            <Trans>No dates chosen.</Trans>
          </p>
        ) : (
          <ul className="calendar-dates">
            {chosen.map((day) => {
              const when = longDay(day);
              return (
                <li key={day}>
                  <span>
                    {when} · {timeOf.get(day) ?? t`new date`}
                  </span>
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--secondary"
                    aria-label={t`Remove ${when}`}
                    onClick={() => {
                      setAlert(null);
                      setChosen(chosen.filter((other) => other !== day));
                    }}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {added && (
        <LessonScheduleFields
          legend={t`Time and instructor of the new dates`}
          value={schedule}
          onChange={setSchedule}
          currentInstructor={latest?.instructor ?? null}
        />
      )}
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="admin-button" disabled={edit.isPending} onClick={() => onSave()}>
          {edit.isPending ? t`Saving…` : t`Save Dates`}
        </button>
      </div>
    </div>
  );
}
