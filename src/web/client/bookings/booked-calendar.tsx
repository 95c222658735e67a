import { useLingui } from "@lingui/react/macro";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { formatDay } from "../../../domain/school-day.ts";
import { monthCaption, weekdayNames } from "../../i18n/format.ts";
import { addMonths, bookedDayFrom, isMoveKey, monthOf, monthWeeks } from "./booked-month.ts";
import "./booked-calendar.css";

/**
 * A month calendar of the client's booked class days (highlighted). Only booked days are buttons that can be
 * pressed; one of them is in the tab order and the arrow keys, Home and End move between them (booked-month.ts).
 * `today` is the school's day from the API, so the first month shown and the today mark agree with the server
 * whatever the browser's zone. Month and weekday names follow the page's language (en-US in English, as spec §9 has
 * it). Our own rather than the admin's react-day-picker: 19 KB less on every parent's phone (docs/decisions/049).
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
  const captionId = useId();
  const [month, setMonth] = useState(() => monthOf(today));
  const [focused, setFocused] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const bookedOfMonth = useMemo(() => {
    const booked = new Set(bookedDays);
    return weeks
      .flat()
      .filter(({ day, inMonth }) => inMonth && booked.has(day))
      .map(({ day }) => day);
  }, [weeks, bookedDays]);
  // The booked day the Tab key reaches: the one last focused, else the first from today on, else the month's first.
  const tabStop =
    (focused !== null && bookedOfMonth.includes(focused) ? focused : undefined) ??
    bookedOfMonth.find((day) => day >= today) ??
    bookedOfMonth[0];

  const moveFrom = (day: string, event: KeyboardEvent) => {
    if (!isMoveKey(event.key)) return;
    event.preventDefault();
    const next = bookedDayFrom(bookedOfMonth, day, event.key);
    setFocused(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <div className="booked-calendar">
      <div className="booked-calendar__month">
        <div className="booked-calendar__head">
          <span id={captionId} className="booked-calendar__caption" role="status" aria-live="polite">
            {monthCaption(month)}
          </span>
          <div className="booked-calendar__arrows">
            <button
              type="button"
              className="booked-calendar__arrow"
              aria-label={t`Go to the Previous Month`}
              onClick={() => setMonth(addMonths(month, -1))}
            >
              <Chevron points="16 18.112 9.81111111 12 16 5.87733333 14.0888889 4 6 12 14.0888889 20" />
            </button>
            <button
              type="button"
              className="booked-calendar__arrow"
              aria-label={t`Go to the Next Month`}
              onClick={() => setMonth(addMonths(month, 1))}
            >
              <Chevron points="8 18.112 14.18888889 12 8 5.87733333 9.91111111 4 18 12 9.91111111 20" />
            </button>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date grid (as the admin's react-day-picker has it): its cells become gridcells, its focus is the booked days' buttons */}
        <table role="grid" aria-labelledby={captionId} className="booked-calendar__grid">
          <thead>
            <tr>
              {weekdayNames().map(({ short, long }) => (
                <th key={long} scope="col" aria-label={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.day}>
                {week.map(({ day, inMonth }) =>
                  !inMonth ? (
                    <td key={day} />
                  ) : (
                    <Day
                      key={day}
                      day={day}
                      today={day === today}
                      booked={bookedOfMonth.includes(day)}
                      label={formatDay(day, { dateStyle: "full" })}
                      bookedLabel={(name) => t`${name}, booked class`}
                      tabbable={day === tabStop}
                      buttonRef={(button) => {
                        if (button) buttons.current.set(day, button);
                        else buttons.current.delete(day);
                      }}
                      onPress={() => onOpenDay(day)}
                      onFocus={() => setFocused(day)}
                      onKeyDown={(event) => moveFrom(day, event)}
                    />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A day of the month: a button when booked, else its number, named by its full date for screen readers. */
function Day({
  day,
  today,
  booked,
  label,
  bookedLabel,
  tabbable,
  buttonRef,
  onPress,
  onFocus,
  onKeyDown,
}: {
  day: string;
  today: boolean;
  booked: boolean;
  label: string;
  bookedLabel: (name: string) => string;
  tabbable: boolean;
  buttonRef: (button: HTMLButtonElement | null) => void;
  onPress: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const number = Number(day.slice(8));
  const className = ["booked-calendar__day", booked && "calendar-booked", today && "booked-calendar__today"]
    .filter(Boolean)
    .join(" ");
  return (
    <td
      className={className}
      aria-current={today ? "date" : undefined}
      aria-label={booked ? undefined : label}
    >
      {booked ? (
        <button
          ref={buttonRef}
          type="button"
          className="booked-calendar__button"
          aria-label={bookedLabel(label)}
          tabIndex={tabbable ? 0 : -1}
          onClick={onPress}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
        >
          {number}
        </button>
      ) : (
        <span className="booked-calendar__number">{number}</span>
      )}
    </td>
  );
}

function Chevron({ points }: { points: string }) {
  return (
    <svg className="booked-calendar__chevron" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <polygon points={points} />
    </svg>
  );
}
