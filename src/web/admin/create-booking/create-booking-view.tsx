import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { format, parseISO } from "date-fns";
import { useId, useRef, useState } from "react";
import { DayPicker } from "react-day-picker";
import {
  type BookingDraftResponse,
  bookingMessages,
  checkNewSelection,
  lastBookableDay,
  type SaveBookingResponse,
} from "../../../domain/bookings.ts";
import type { Client } from "../../../domain/clients.ts";
import { messages } from "../../../domain/messages.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { dayPickerLocale } from "../../i18n/day-picker-locale.ts";
import { bookingDraftQuery, useSaveBooking } from "../api/bookings.ts";
import { AvailabilityOverride, useAvailabilityOverride } from "../components/availability-override.tsx";
import { ClientSearch } from "../components/client-search.tsx";
import {
  LessonScheduleFields,
  type LessonScheduleValue,
  useOwnId,
} from "../components/lesson-schedule-fields.tsx";
import { CreditBooking } from "./credit-booking.tsx";
import { SwimmerChoice } from "./swimmer-choice.tsx";
import "../../components/calendar/calendar.css";
import "./create-booking.css";

const toDate = (day: string) => parseISO(day);
const toDay = (date: Date) => format(date, "yyyy-MM-dd");
const longDay = (day: string) => formatDay(day, { dateStyle: "full" });

/** What a refused save shows: the server's words for a refusal (4xx), the spec's generic message otherwise. */
const saveFailureMessage = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : bookingMessages.saveFailed;

/**
 * /admin's Create Booking view (spec §2, §4, §5): pick a client; one without an active plan gets the spec's toast
 * and the view goes back to no client. Otherwise the calendar opens on the plan's classes left, with the existing
 * booking's today-and-later dates shown as booked, and the household's class credits to book with
 * (docs/decisions/032). A family with credits and no active plan books with its credits only.
 */
export function CreateBookingView() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [client, setClient] = useState<Client | null>(null);
  const [draft, setDraft] = useState<BookingDraftResponse | null>(null);
  // The latest pick wins when the admin picks again before the first answer arrives.
  const latestPick = useRef(0);

  async function pick(picked: Client) {
    const pickNumber = ++latestPick.current;
    setClient(picked);
    setDraft(null);
    try {
      const loaded = await queryClient.fetchQuery(bookingDraftQuery(picked.id));
      if (pickNumber === latestPick.current) setDraft(loaded);
    } catch (error) {
      if (pickNumber !== latestPick.current) return;
      const noPlan = error instanceof ApiError && error.code === "no-active-subscription";
      if (!noPlan) console.error("Booking draft failed", error);
      toast("error", noPlan ? messages.noActiveSubscription : bookingMessages.fetchSubscriptionFailed);
      setClient(null);
    }
  }

  return (
    <section className="admin-page">
      <h1>
        <Trans>Create Booking</Trans>
      </h1>
      <ClientSearch onSelect={pick} />
      {client === null ? (
        <p className="booking-hint">
          <Trans>Search for a client, then choose the dates of their classes.</Trans>
        </p>
      ) : draft === null ? (
        <p role="status">
          <Trans>Loading subscription…</Trans>
        </p>
      ) : (
        <BookingDetails
          key={client.id}
          client={client}
          draft={draft}
          onSaved={(saved) => setDraft(saved)}
          onClose={() => {
            latestPick.current++;
            setClient(null);
            setDraft(null);
          }}
        />
      )}
    </section>
  );
}

function BookingDetails({
  client,
  draft,
  onSaved,
  onClose,
}: {
  client: Client;
  draft: BookingDraftResponse;
  onSaved: (draft: BookingDraftResponse) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useSaveBooking();
  const headingId = useId();
  const calendarHeadingId = useId();
  const listHeadingId = useId();
  const bookedHeadingId = useId();
  // One presentation of a booking, whether it was saved a moment ago or loaded after a reload (issue 24): its
  // today-and-later dates are booked (listed, marked on the calendar, changed in Manage Bookings); the chosen dates
  // are only the new ones, and Remove takes one out of the choice, never out of the booking. Saving sends both.
  const [saved, setSaved] = useState<string[]>(() => draft.booking?.dates ?? []);
  const [chosen, setChosen] = useState<string[]>([]);
  const [swimmerIds, setSwimmerIds] = useState<string[]>(() => draft.swimmers.map((swimmer) => swimmer.id));
  // Unchanged, the person saving teaches the new dates, time to be set.
  const ownId = useOwnId();
  const [schedule, setSchedule] = useState<LessonScheduleValue>({ startTime: null, instructorId: ownId });
  const name = `${client.firstName} ${client.lastName}`;
  const today = toDate(draft.today);
  const lastDay = toDate(lastBookableDay(draft.today));
  const canChoose = Math.max(0, draft.selectable - saved.length);
  const chosenCount = chosen.length;
  const { classesLeft, totalClasses } = draft;
  const taken = [...saved, ...draft.creditDates];

  /** After a class booked with a credit: the credits and the plan's count as the server has them now. */
  async function reloadDraft() {
    const loaded = await queryClient.fetchQuery(bookingDraftQuery(client.id)).catch(() => null);
    if (loaded) onSaved({ ...loaded, booking: loaded.booking ?? draft.booking });
  }

  function onSelect(dates: Date[] | undefined) {
    const next = (dates ?? []).map(toDay).sort();
    if (next.length > canChoose) {
      toast("error", bookingMessages.canOnlySelect(canChoose));
      return;
    }
    setChosen(next);
  }

  const override = useAvailabilityOverride();

  async function onSave(overrideAvailability = false) {
    override.clear();
    if (chosen.length === 0) return toast("error", bookingMessages.selectAtLeastOneDate);
    if (swimmerIds.length === 0) return toast("error", bookingMessages.swimmersNeeded);
    const dates = [...saved, ...chosen].sort();
    // The browser warns early with the plan as loaded; the server decides with the plan as it is now.
    const refusal = checkNewSelection({
      totalClasses: draft.totalClasses,
      bookedElsewhere: draft.totalClasses - draft.selectable,
      keptPast: 0,
      chosen: dates,
      today: draft.today,
    });
    if (refusal) return toast("error", refusal.message);
    let answer: SaveBookingResponse;
    try {
      // A household of one swimmer sends what it always sent: its one swimmer swims.
      const who = draft.swimmers.length > 1 ? { swimmerIds } : {};
      answer = await save.mutateAsync({
        clientId: client.id,
        dates,
        ...who,
        startTime: schedule.startTime,
        ...(schedule.instructorId ? { instructorId: schedule.instructorId } : {}),
        ...(overrideAvailability ? { overrideAvailability } : {}),
      });
    } catch (error) {
      if (override.offer(error)) return;
      if (!(error instanceof ApiError) || error.status >= 500) console.error("Booking save failed", error);
      return toast("error", saveFailureMessage(error));
    }
    toast("success", bookingMessages.saved);
    const booked = answer.booking.dates.map((d) => d.date).filter((day) => day >= draft.today);
    setSaved(booked);
    setChosen([]);
    onSaved({
      ...draft,
      classesLeft: answer.classesLeft,
      selectable: answer.classesLeft + booked.length,
      booking: { id: answer.booking.id, dates: booked },
    });
  }

  return (
    <section className="admin-card booking-details" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId}>
          <Trans>Booking details for {name}</Trans>
        </h2>
        <button type="button" className="admin-button admin-button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
      {draft.hasActivePlan ? (
        <p className="booking-details__left" role="status">
          <Trans>
            Classes left: <strong>{classesLeft}</strong> of {totalClasses}
          </Trans>
        </p>
      ) : (
        <p className="booking-details__left" role="status">
          <Trans>This family has no active plan: book with its class credits.</Trans>
        </p>
      )}
      <SwimmerChoice swimmers={draft.swimmers} chosen={swimmerIds} onChange={setSwimmerIds} />
      <LessonScheduleFields
        legend={t`Time and instructor of the chosen dates`}
        value={schedule}
        onChange={setSchedule}
      />
      {(draft.credits.length > 0 || draft.creditDates.length > 0 || !draft.hasActivePlan) && (
        <CreditBooking
          key={draft.credits.map((credit) => credit.id).join(",")}
          draft={draft}
          swimmerIds={swimmerIds}
          schedule={schedule}
          onBooked={reloadDraft}
        />
      )}
      {draft.hasActivePlan && (
        <div className="booking-details__body">
          <section aria-labelledby={calendarHeadingId}>
            <h3 id={calendarHeadingId}>
              <Trans>Choose class dates</Trans>
            </h3>
            <DayPicker
              mode="multiple"
              locale={dayPickerLocale()}
              today={today}
              defaultMonth={saved[0] ? toDate(saved[0]) : today}
              startMonth={today}
              endMonth={lastDay}
              selected={chosen.map(toDate)}
              onSelect={onSelect}
              disabled={[{ before: today }, { after: lastDay }, ...taken.map(toDate)]}
              modifiers={{ booked: saved.map(toDate) }}
              modifiersClassNames={{ booked: "calendar-booked" }}
              footer={
                <p className="calendar-footer">
                  <Plural
                    value={canChoose}
                    one={`${chosenCount} of # date chosen.`}
                    other={`${chosenCount} of # dates chosen.`}
                  />
                </p>
              }
            />
          </section>
          <div className="booking-details__dates">
            <section aria-labelledby={listHeadingId}>
              <h3 id={listHeadingId}>
                <Trans>Chosen dates</Trans>
              </h3>
              <p className="booking-hint">
                <Trans>Not booked until you save. Remove only takes a date out of this choice.</Trans>
              </p>
              {chosen.length === 0 ? (
                <p>
                  <Trans>No dates chosen yet.</Trans>
                </p>
              ) : (
                <ul className="calendar-dates">
                  {chosen.map((day) => {
                    const when = longDay(day);
                    return (
                      <li key={day}>
                        <span>{when}</span>
                        <button
                          type="button"
                          className="admin-button admin-button--small admin-button--secondary"
                          aria-label={t`Remove ${when}`}
                          onClick={() => setChosen(chosen.filter((other) => other !== day))}
                        >
                          <Trans>Remove</Trans>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            {saved.length > 0 && (
              <section aria-labelledby={bookedHeadingId}>
                <h3 id={bookedHeadingId}>
                  <Trans>Booked dates</Trans>
                </h3>
                <ul className="calendar-dates">
                  {saved.map((day) => (
                    <li key={day}>{longDay(day)}</li>
                  ))}
                </ul>
                <p className="booking-hint">
                  <Trans>Move or remove booked dates in Manage Bookings.</Trans>
                </p>
              </section>
            )}
          </div>
        </div>
      )}
      {draft.hasActivePlan && (
        <>
          <AvailabilityOverride
            message={override.refusal}
            pending={save.isPending}
            onConfirm={() => onSave(true)}
            onCancel={override.clear}
          />
          <div className="admin-form__actions">
            <button
              type="button"
              className="admin-button"
              disabled={chosen.length === 0 || save.isPending}
              onClick={() => onSave()}
            >
              {save.isPending ? t`Saving…` : draft.booking ? t`Update Booking` : t`Create Booking`}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
