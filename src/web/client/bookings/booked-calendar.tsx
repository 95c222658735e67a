import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { DayPicker, labelDayButton } from "react-day-picker";
import { dayPickerLocale } from "../../i18n/day-picker-locale.ts";
import { dateOfDay, dayOfDate } from "./booked-days.ts";
import "../../components/calendar/calendar.css";

/**
 * A month calendar of the client's booked class days (highlighted). Only booked days are buttons that can be
 * pressed; the arrow keys move between them. `today` is the school's day from the API, so the first month shown
 * and the today mark agree with the server whatever the browser's zone. Month and weekday names follow the page's
 * language (en-US in English, as spec §9 has it).
 */
export function BookedCalendar({
  bookedDays,
  today,
  onOpenDay,
}: {
  bookedDays: readonly string[];
  today: string;
  onOpenDay: (day: string) => void;
}) {
  const { t } = useLingui();
  const booked = useMemo(() => new Set(bookedDays), [bookedDays]);
  const bookedDates = useMemo(() => bookedDays.map(dateOfDay), [bookedDays]);
  const todayDate = useMemo(() => dateOfDay(today), [today]);
  return (
    <div className="booked-calendar">
      <DayPicker
        locale={dayPickerLocale()}
        defaultMonth={todayDate}
        today={todayDate}
        modifiers={{ booked: bookedDates }}
        modifiersClassNames={{ booked: "calendar-booked" }}
        disabled={(date) => !booked.has(dayOfDate(date))}
        onDayClick={(date, modifiers) => {
          if (modifiers.booked) onOpenDay(dayOfDate(date));
        }}
        labels={{
          labelDayButton: (date, modifiers, options, dateLib) => {
            const name = labelDayButton(date, modifiers, options, dateLib);
            return modifiers.booked ? t`${name}, booked class` : name;
          },
        }}
      />
    </div>
  );
}
