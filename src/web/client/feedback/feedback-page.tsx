import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { bookingMessages, type ClientBookingsResponse } from "../../../domain/bookings.ts";
import { paths, queryParams } from "../../../domain/paths.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { ListState } from "../../components/list-state.tsx";
import { MonthSelect } from "../../components/month-year-selects.tsx";
import { SwimmerSwitch } from "../../components/swimmer-switch.tsx";
import { useClientBookings } from "../api/bookings.ts";
import { bookingTitleOf } from "../bookings/booked-class.tsx";
import { type BookedDay, bookedDaysOf, bookingsOfSwimmer, hasFeedback } from "../bookings/booked-days.ts";
import { shownSwimmer, withSwimmer } from "../bookings/shown-swimmer.ts";
import {
  type FeedbackFilterName,
  feedbackFiltersFrom,
  feedbackYears,
  matchesFilters,
  withFeedbackFilter,
} from "./feedback-filters.ts";
import "./feedback.css";
import { householdIdOf } from "../../../domain/households.ts";

/**
 * /feedback, View Feedback (spec §2): one round button per booked date, filtered by month and year; each opens
 * the instructor's feedback for that class. Today's feedback, when there is some, stands out in a banner.
 */
export function FeedbackPage() {
  const auth = useAuth();
  return (
    <div className="feedback client-bookings">
      <section className="feedback__hero" aria-labelledby="feedback-title">
        <h1 id="feedback-title">
          <Trans>View Feedback</Trans>
        </h1>
        <p>
          <Trans>Your instructor's notes after each class. Pick a date to read them.</Trans>
        </p>
      </section>
      {auth.status === "client" ? (
        <ClientFeedback clientId={householdIdOf(auth.user)} />
      ) : (
        <p className="feedback__note">
          <Trans>
            Each client reads their feedback here. As an admin, write it on{" "}
            <Link to={paths.adminFeedback}>Add Feedback</Link>.
          </Trans>
        </p>
      )}
      <p>
        <Link to={paths.gallery} className="button button--blue">
          <Trans>View Gallery</Trans>
        </Link>
      </p>
    </div>
  );
}

function ClientFeedback({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const query = useClientBookings(clientId);
  if (!query.data || query.isError) {
    return (
      <ListState
        what={t`your bookings`}
        loadingText={bookingMessages.loadingBookings}
        loadingClassName="feedback__loading"
        isError={query.isError}
        error={query.error}
        loaded={query.data !== undefined}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <FeedbackDates data={query.data} />;
}

function FeedbackDates({ data }: { data: ClientBookingsResponse }) {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<BookedDay | null>(null);
  const swimmer = shownSwimmer(params, data.swimmers);
  const days = bookedDaysOf(bookingsOfSwimmer(data.bookings, swimmer));
  const years = feedbackYears(days.map(({ date }) => date));
  const filters = feedbackFiltersFrom(params, years);
  const shown = days.filter(({ date }) => matchesFilters(date, filters));
  const todays = days.find((day) => day.date === data.today && hasFeedback(day));
  const setFilter = (filter: FeedbackFilterName, value: string) =>
    setParams((current) => withFeedbackFilter(current, filter, value));

  return (
    <>
      {todays && (
        <section className="feedback__today" aria-labelledby="feedback-today-title">
          <h2 id="feedback-today-title">
            <Trans>Today's feedback</Trans>
          </h2>
          <p className="feedback__today-date">{formatDay(todays.date)}</p>
          <ClassFeedback day={todays} />
        </section>
      )}
      <search className="feedback__filters" aria-label={t`Filter dates`}>
        <SwimmerSwitch
          swimmers={data.swimmers}
          value={swimmer}
          onChange={(value) => setParams((current) => withSwimmer(current, value))}
        />
        <MonthSelect
          value={filters.month}
          onChange={(value) => setFilter(queryParams.feedbackMonth, value)}
        />
        <YearFilter
          value={filters.year}
          years={years}
          onChange={(value) => setFilter(queryParams.feedbackYear, value)}
        />
      </search>
      {days.length === 0 ? (
        <p className="bookings-empty">
          <Trans>No booked classes yet: feedback appears here after your classes.</Trans>
        </p>
      ) : shown.length === 0 ? (
        <p className="bookings-empty" role="status">
          <Trans>No booked dates match these filters.</Trans>
        </p>
      ) : (
        <>
          <p className="feedback__legend">
            <Trans>Dates with feedback are filled in and marked with a dot.</Trans>
          </p>
          <ul className="feedback__days" aria-label={t`Booked dates`}>
            {shown.map((day) => (
              <li key={`${day.booking.id}-${day.date}`}>
                <DayButton day={day} onOpen={() => setOpen(day)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <Dialog
        open={open !== null}
        title={open ? formatDay(open.date) : ""}
        onClose={() => setOpen(null)}
        className="feedback-dialog"
      >
        {open && (
          <>
            <p className="feedback-dialog__booking">{bookingTitleOf(open.booking)}</p>
            <ClassFeedback day={open} />
          </>
        )}
      </Dialog>
    </>
  );
}

/** A class's feedback: its text, or each swimmer's under their name in a class of several. */
function ClassFeedback({ day }: { day: BookedDay }) {
  if (day.swimmers.length < 2) {
    return (
      <p className={day.feedback ? "feedback__text" : "feedback__none"}>
        {day.feedback || bookingMessages.noFeedbackForDate}
      </p>
    );
  }
  return (
    <dl className="feedback__swimmers">
      {day.swimmers.map((swimmer) => (
        <div key={swimmer.id}>
          <dt>{swimmer.firstName}</dt>
          <dd className={swimmer.feedback ? "feedback__text" : "feedback__none"}>
            {swimmer.feedback || bookingMessages.noFeedbackForDate}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DayButton({ day, onOpen }: { day: BookedDay; onOpen: () => void }) {
  const { t } = useLingui();
  const short = (options: Intl.DateTimeFormatOptions) => formatDay(day.date, options);
  const date = formatDay(day.date);
  const written = hasFeedback(day);
  return (
    <button
      type="button"
      className={written ? "feedback-day feedback-day--has-feedback" : "feedback-day"}
      aria-label={written ? t`${date}, has feedback` : date}
      onClick={onOpen}
    >
      <span className="feedback-day__month">{short({ month: "short" })}</span>
      <span className="feedback-day__day">{short({ day: "numeric" })}</span>
      <span className="feedback-day__year">{short({ year: "numeric" })}</span>
    </button>
  );
}

/** Year filter (spec §2): All Years, then the years offered. */
function YearFilter({
  value,
  years,
  onChange,
}: {
  value: number | null;
  years: readonly number[];
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>
        <Trans>Year</Trans>
      </label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`All Years`}</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
