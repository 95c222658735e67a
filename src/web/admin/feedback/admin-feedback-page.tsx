import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  adminFeedbackPageSize,
  type Booking,
  bookingMessages,
  maxFeedbackLength,
  shownBookingTitle,
} from "../../../domain/bookings.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { formatDay, hasDayCome } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { Pager, pagingOf } from "../../components/pager.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useFeedbackList, useSaveFeedback } from "../api/bookings.ts";
import { BookingListStatus } from "../components/booking-list-status.tsx";
import { LessonPlace } from "../components/lesson-place.tsx";
import { useDebounced } from "../components/use-debounced.ts";
import "./admin-feedback.css";
import { ShortSearchHint } from "../components/short-search-hint.tsx";

const clientNameOf = (booking: Booking) => booking.clientName ?? bookingMessages.unknownClient;
const titleOf = (booking: Booking) => shownBookingTitle(booking.title);
const shortDay = (day: string) => formatDay(day, { dateStyle: "medium" });

/**
 * /admin-feedback (spec §2): search by title or client name, 6 bookings per page newest first; picking one opens
 * a text box per booked date and Save Feedback, confirmed by the toast for 3 seconds.
 */
export function AdminFeedbackPage() {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim());
  const query = useFeedbackList(search, page);
  const [selected, setSelected] = useState<Booking | null>(null);
  const searchId = useId();
  const paging = pagingOf(query.data, page, adminFeedbackPageSize);
  // The list's fresh copy of the picked booking, once a save has refreshed it.
  const shown = query.data?.items.find((booking) => booking.id === selected?.id) ?? selected;

  return (
    <section className="admin-page admin-page--wide">
      <h1>
        <Trans>Add Feedback</Trans>
      </h1>
      <search className="client-search">
        <label htmlFor={searchId}>
          <Trans>Search bookings</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={t`Search by title or client name`}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <ShortSearchHint search={search} />
      </search>

      <div className="feedback-layout">
        <section className="feedback-layout__list" aria-label={t`Bookings`}>
          <BookingListStatus query={query} search={search} page={page}>
            {(items) => (
              <ul className="feedback-bookings">
                {items.map((booking) => {
                  const more = booking.dates.length - 1;
                  return (
                    <li key={booking.id}>
                      <button
                        type="button"
                        className="feedback-bookings__item"
                        aria-pressed={booking.id === selected?.id}
                        onClick={() => setSelected(booking)}
                      >
                        <span className="feedback-bookings__title">{titleOf(booking)}</span>{" "}
                        <span>{clientNameOf(booking)}</span>{" "}
                        {booking.dates[0] && (
                          <span className="feedback-bookings__dates">
                            {shortDay(booking.dates[0].date)}
                            {more > 0 && ` ${t`+ ${more} more`}`}
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </BookingListStatus>
          {paging.shown && (
            <Pager
              page={page}
              pages={paging.pages}
              open={paging.open}
              onPage={setPage}
              label={t`Bookings pages`}
              previousLabel={t`Prev`}
              buttonClassName="admin-button admin-button--secondary"
            />
          )}
        </section>
        {shown && query.data ? (
          <FeedbackForm key={shown.id} booking={shown} today={query.data.today} />
        ) : (
          <p className="feedback-layout__hint">
            <Trans>Choose a booking to write feedback for its classes.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * A text box per booked date. A date that has not come yet in the school's time zone (`today`, from the list's
 * answer) is marked Upcoming and read-only: feedback is about a class that took place, and the server refuses it
 * too (domain/bookings.ts, upcomingFeedbackChange).
 */
function FeedbackForm({ booking, today }: { booking: Booking; today: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSaveFeedback();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const fieldId = useId();
  const severalSwimmers =
    new Set(booking.dates.flatMap((day) => day.swimmers.map((swimmer) => swimmer.id))).size > 1;

  // A pick moves focus here, so a keyboard or phone user lands on the form the pick opened.
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "nearest" });
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const textOf = (name: string) => String(form.get(name) ?? "").trim();
    // A class of one swimmer: its text; of several: each one's text by their id.
    const feedbacks = Object.fromEntries(
      booking.dates
        .filter(({ date }) => hasDayCome(date, today))
        .map(({ date, swimmers }) => [
          date,
          swimmers.length > 1
            ? Object.fromEntries(swimmers.map((swimmer) => [swimmer.id, textOf(`${date}/${swimmer.id}`)]))
            : textOf(date),
        ]),
    );
    try {
      await save.mutateAsync({ id: booking.id, input: { feedbacks } });
      toast("success", bookingMessages.feedbackSaved);
    } catch (error) {
      toast(
        "error",
        error instanceof ApiError && error.status < 500 ? error.message : bookingMessages.feedbackSaveFailed,
      );
    }
  }

  return (
    <section className="admin-card feedback-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {titleOf(booking)} · {clientNameOf(booking)}
      </h2>
      <LessonPlace address={booking.address} accessNotes={booking.accessNotes} />
      {booking.dates.length === 0 ? (
        <p>
          <Trans>This booking has no dates.</Trans>
        </p>
      ) : (
        <form className="feedback-form__fields" onSubmit={onSubmit}>
          {booking.dates.flatMap(({ date, feedback, swimmers, startTime }) => {
            const day = formatDay(date, { dateStyle: "full" });
            // The class's time, or "time to be set": read after the label, so the field keeps its name.
            const time = formatLessonTime(startTime);
            const upcoming = !hasDayCome(date, today);
            // A household of one swimmer reads as it always did; with several, each text names its swimmer.
            const boxes =
              swimmers.length > 1
                ? swimmers.map((swimmer) => ({
                    swimmer,
                    name: `${date}/${swimmer.id}`,
                    text: swimmer.feedback,
                  }))
                : [{ swimmer: severalSwimmers ? swimmers[0] : undefined, name: date, text: feedback }];
            return boxes.map(({ swimmer, name, text }) => {
              const id = `${fieldId}-${name}`;
              const who = swimmer?.firstName;
              return (
                <div className={`field${upcoming ? " feedback-form__upcoming" : ""}`} key={name}>
                  <label htmlFor={id}>
                    {who ? (
                      <Trans>
                        Feedback for {day} · {who}
                      </Trans>
                    ) : (
                      <Trans>Feedback for {day}</Trans>
                    )}
                    {upcoming && (
                      <span className="feedback-form__badge">
                        {" "}
                        <Trans>Upcoming</Trans>
                      </span>
                    )}
                  </label>
                  <p id={`${id}-time`} className="feedback-form__time">
                    <Trans>Class time: {time}</Trans>
                  </p>
                  <textarea
                    id={id}
                    name={name}
                    rows={upcoming ? 1 : 3}
                    maxLength={maxFeedbackLength}
                    defaultValue={text ?? ""}
                    readOnly={upcoming}
                    aria-describedby={upcoming ? `${id}-time ${id}-note` : `${id}-time`}
                  />
                  {upcoming && (
                    <p id={`${id}-note`} className="feedback-form__note">
                      <Trans>
                        This class has not taken place yet: its feedback can be written from its day on.
                      </Trans>
                    </p>
                  )}
                </div>
              );
            });
          })}
          <div className="admin-form__actions">
            <button
              type="submit"
              className="admin-button"
              disabled={save.isPending || booking.dates.every(({ date }) => !hasDayCome(date, today))}
            >
              {save.isPending ? t`Saving…` : t`Save Feedback`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
