import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import {
  type BookingDraftResponse,
  bookingMessages,
  checkCreditDate,
  lastBookableDay,
} from "../../../domain/bookings.ts";
import { creditUseBy, creditWhy } from "../../../domain/credits.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useBookWithCredit } from "../api/bookings.ts";
import { AvailabilityOverride, useAvailabilityOverride } from "../components/availability-override.tsx";
import type { LessonScheduleValue } from "../components/lesson-schedule-fields.tsx";

const longDay = (day: string) => formatDay(day, { dateStyle: "full" });

/**
 * Create Booking's class credits (issue 29, docs/decisions/032): the household's credits available now, each with
 * its last day (and its swimmer when it is one's), the one expiring first chosen; the owner books one date with
 * the chosen credit, for the swimmers and at the time chosen above. That class takes none of the plan's classes.
 * The dates already booked with a credit are listed apart from the plan's.
 */
export function CreditBooking({
  draft,
  swimmerIds,
  schedule,
  onBooked,
}: {
  draft: BookingDraftResponse;
  swimmerIds: string[];
  schedule: LessonScheduleValue;
  onBooked: () => Promise<void>;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const book = useBookWithCredit();
  const override = useAvailabilityOverride();
  const headingId = useId();
  const dateId = useId();
  const bookedId = useId();
  const [creditId, setCreditId] = useState<number | null>(draft.credits[0]?.id ?? null);
  const [date, setDate] = useState("");
  const chosen = draft.credits.find((credit) => credit.id === creditId) ?? draft.credits[0];

  async function onBook(overrideAvailability = false) {
    override.clear();
    if (!chosen) return toast("error", bookingMessages.creditChoice);
    if (!date) return toast("error", bookingMessages.selectAtLeastOneDate);
    if (swimmerIds.length === 0) return toast("error", bookingMessages.swimmersNeeded);
    const refusal = checkCreditDate({ date, today: draft.today });
    if (refusal) return toast("error", refusal.message);
    try {
      const who = draft.swimmers.length > 1 ? { swimmerIds } : {};
      const answer = await book.mutateAsync({
        clientId: draft.clientId,
        date,
        creditId: chosen.id,
        ...who,
        startTime: schedule.startTime,
        ...(schedule.instructorId ? { instructorId: schedule.instructorId } : {}),
        ...(overrideAvailability ? { overrideAvailability } : {}),
      });
      toast("success", answer.message);
    } catch (error) {
      if (override.offer(error)) return;
      if (!(error instanceof ApiError) || error.status >= 500) console.error("Credit booking failed", error);
      return toast(
        "error",
        error instanceof ApiError && error.status < 500 ? error.message : bookingMessages.saveFailed,
      );
    }
    setDate("");
    await onBooked();
  }

  return (
    <section className="credit-booking" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Trans>Class credits</Trans>
      </h3>
      {draft.credits.length === 0 ? (
        <p className="booking-hint">
          <Trans>This family has no class credit to book with.</Trans>
        </p>
      ) : (
        <>
          <fieldset className="credit-booking__credits">
            <legend>
              <Trans>Credit to use</Trans>
            </legend>
            <ul>
              {draft.credits.map((credit) => {
                const swimmer = credit.swimmerName;
                return (
                  <li key={credit.id}>
                    <label>
                      <input
                        type="radio"
                        name={`${headingId}-credit`}
                        checked={chosen?.id === credit.id}
                        onChange={() => setCreditId(credit.id)}
                      />
                      <span>
                        <strong>{creditUseBy(credit.expiresOn)}</strong>
                        {swimmer && (
                          <>
                            {" · "}
                            <Trans>for {swimmer}</Trans>
                          </>
                        )}
                        <span className="credit-booking__why">{creditWhy(credit)}</span>
                      </span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <p className="booking-hint">
            <Trans>
              A class booked with a credit does not use one of the plan's classes. It is for the swimmers,
              time and instructor chosen above.
            </Trans>
          </p>
          <div className="credit-booking__date">
            <div className="field">
              <label htmlFor={dateId}>
                <Trans>Date of the class</Trans>
              </label>
              <input
                id={dateId}
                type="date"
                value={date}
                min={draft.today}
                max={lastBookableDay(draft.today)}
                onChange={(event) => setDate(event.target.value)}
              />
            </div>
            <button
              type="button"
              className="admin-button"
              disabled={!date || book.isPending}
              onClick={() => onBook()}
            >
              {book.isPending ? t`Booking…` : t`Book with this credit`}
            </button>
          </div>
          <AvailabilityOverride
            message={override.refusal}
            pending={book.isPending}
            onConfirm={() => onBook(true)}
            onCancel={override.clear}
          />
        </>
      )}
      {draft.creditDates.length > 0 && (
        <section aria-labelledby={bookedId}>
          <h4 id={bookedId}>
            <Trans>Booked with a credit</Trans>
          </h4>
          <ul className="calendar-dates">
            {draft.creditDates.map((day) => (
              <li key={day}>{longDay(day)}</li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
