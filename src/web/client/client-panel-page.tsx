import { msg, t as translate } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useDeferredValue, useId, useState } from "react";
import { Link } from "react-router";
import { type Booking, bookingMessages, type ClientBookingsResponse } from "../../domain/bookings.ts";
import { paths } from "../../domain/paths.ts";
import { formatDay } from "../../domain/school-day.ts";
import { errorMessageOf } from "../api/http.ts";
import { useAuth } from "../auth/auth-store.ts";
import { Dialog } from "../components/dialog/dialog.tsx";
import { ListState } from "../components/list-state.tsx";
import {
  useCalendarFeed,
  useClientBookings,
  useNewCalendarFeed,
  useReminderSettings,
  useSaveReminderSettings,
} from "./api/bookings.ts";
import { BookedCalendar } from "./bookings/booked-calendar.tsx";
import { bookingTitleOf, DetailsLabel } from "./bookings/booked-class.tsx";
import { bookedDaysOf, bookingOn } from "./bookings/booked-days.ts";
import { BookingDetailsDialog } from "./bookings/booking-details-lazy.tsx";
import { AvailableCredits } from "./credits/available-credits.tsx";
import "./client-panel.css";
import { householdIdOf } from "../../domain/households.ts";

const tiles = [
  {
    to: paths.progress,
    title: msg`Class Progress`,
    text: msg`Classes done and still to come in your package.`,
  },
  { to: paths.feedback, title: msg`View Feedback`, text: msg`Your instructor's notes after each class.` },
  { to: paths.milestones, title: msg`Milestones`, text: msg`Photos of the big moments.` },
  { to: paths.gallery, title: msg`Gallery`, text: msg`Pictures and videos of your lessons.` },
  { to: paths.managePayments, title: msg`Manage Payments`, text: msg`Your package and subscription.` },
  { to: paths.contract, title: msg`View Contract`, text: msg`Your swim-lesson contract form.` },
  { to: paths.family, title: msg`Family and guardians`, text: msg`Who signs in for your family.` },
] as const;

/**
 * /client-panel (spec §2): the welcome, the calendar of booked classes with their Booking Details, the tiles to the
 * client's pages, and two settings of ours: class reminders by mail and the private calendar-feed address.
 */
export function ClientPanelPage() {
  const { i18n, t } = useLingui();
  const auth = useAuth();
  const client = auth.status === "client" ? auth.user : null;
  const name = client?.name;
  return (
    <div className="client-panel client-bookings">
      <section className="client-panel__hero" aria-labelledby="client-panel-title">
        <h1 id="client-panel-title">{name ? t`Welcome, ${name}!` : t`Welcome!`}</h1>
        <p>
          <Trans>
            Follow your class calendar, your progress, your instructor's feedback and your photos here.
          </Trans>
        </p>
        <Link to={paths.contact} className="client-panel__cta">
          <Trans>Get Started</Trans>
        </Link>
      </section>
      {client ? (
        <ClassCalendar clientId={householdIdOf(client)} />
      ) : (
        <p className="client-panel__note">
          <Trans>
            Each client sees their booked classes here. As an admin, book classes on{" "}
            <Link to={paths.manageBookings}>Manage Bookings</Link>.
          </Trans>
        </p>
      )}
      <AvailableCredits />
      <nav className="client-panel__tiles-nav" aria-label={t`Your pages`}>
        <ul className="client-panel__tiles">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="client-panel__tile">
                <span className="client-panel__tile-title">{i18n._(tile.title)}</span>
                <span className="client-panel__tile-text">{i18n._(tile.text)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {client && (
        <div className="client-panel__settings">
          <ClassReminders clientId={householdIdOf(client)} />
          <CalendarFeed clientId={householdIdOf(client)} />
        </div>
      )}
    </div>
  );
}

function ClassCalendar({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const query = useClientBookings(clientId);
  const [open, setOpen] = useState<Booking | null>(null);
  // Rendered in the background in short tasks, not in the one long task of the answer's arrival (issue 31: TBT).
  const data = useDeferredValue(query.data);
  return (
    <section className="client-panel__calendar" aria-labelledby="client-calendar-title">
      <h2 id="client-calendar-title">
        <Trans>Your class calendar</Trans>
      </h2>
      <ListState
        what={t`your bookings`}
        loadingText={bookingMessages.loadingBookings}
        loadingClassName="client-panel__calendar-loading"
        isError={query.isError}
        error={query.error}
        loaded={data !== undefined}
        onRetry={() => void query.refetch()}
      />
      {data && !query.isError && (
        <div className="client-panel__calendar-body">
          <BookedCalendar
            bookedDays={bookedDaysOf(data.bookings).map(({ date }) => date)}
            today={data.today}
            onOpenDay={(day) => setOpen(bookingOn(data.bookings, day) ?? null)}
          />
          <BookingList data={data} onOpen={setOpen} />
        </div>
      )}
      <BookingDetailsDialog
        // The booking as last read: a class moved while the dialog is open shows at its new date.
        booking={open && (data?.bookings.find((each) => each.id === open.id) ?? open)}
        today={data?.today ?? ""}
        householdSwimmers={data?.swimmers.length ?? 0}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}

function BookingList({ data, onOpen }: { data: ClientBookingsResponse; onOpen: (booking: Booking) => void }) {
  const next = bookedDaysOf(data.bookings)
    .filter(({ date }) => date >= data.today)
    .at(-1);
  return (
    <div className="client-panel__bookings">
      {data.plan && <PlanLine plan={data.plan} />}
      <p className="client-panel__next">
        {next ? <NextClass day={next.date} /> : <Trans>No upcoming class booked.</Trans>}
      </p>
      {data.bookings.length === 0 ? (
        <div className="bookings-empty">
          <p>
            <Trans>You have no booked classes yet.</Trans>
          </p>
          <p>
            {data.plan ? (
              <Trans>Your instructor books your class dates; they will show on this calendar.</Trans>
            ) : (
              <Trans>
                Choose a package on <Link to={paths.payments}>Manage Payments</Link> to start.
              </Trans>
            )}
          </p>
        </div>
      ) : (
        <>
          <h3>
            <Trans>Your bookings</Trans>
          </h3>
          <ul className="client-panel__booking-list">
            {data.bookings.map((booking) => (
              <li key={booking.id}>
                <span>
                  <strong>{bookingTitleOf(booking)}</strong>
                  <span className="client-panel__booking-dates">{datesSummary(booking)}</span>
                </span>
                <button type="button" className="client-panel__details" onClick={() => onOpen(booking)}>
                  <DetailsLabel title={bookingTitleOf(booking)} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function PlanLine({ plan }: { plan: NonNullable<ClientBookingsResponse["plan"]> }) {
  const { title, usedClasses: used, totalClasses: total, classesLeft: left } = plan;
  return (
    <p className="client-panel__plan">
      <Trans>
        <strong>{title}</strong>: {used} of <Plural value={total} one="# class" other="# classes" />{" "}
        completed, {left} left to book.
      </Trans>
    </p>
  );
}

function NextClass({ day }: { day: string }) {
  const date = formatDay(day, { dateStyle: "full" });
  return (
    <Trans>
      Next class: <time dateTime={day}>{date}</time>
    </Trans>
  );
}

/** "Mar 5, Mar 12 and Mar 19, 2026" shortened to its first and last day: "Mar 5 – Mar 19, 2026". */
function datesSummary(booking: Booking): string {
  const first = booking.dates[0]?.date;
  const last = booking.dates.at(-1)?.date;
  if (!first || !last) return translate`No dates`;
  if (first === last) return formatDay(first, { dateStyle: "medium" });
  return `${formatDay(first, { dateStyle: "medium" })} – ${formatDay(last, { dateStyle: "medium" })}`;
}

const hourOf = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function ClassReminders({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const settings = useReminderSettings(clientId);
  const save = useSaveReminderSettings(clientId);
  const [message, setMessage] = useState("");
  const switchId = useId();
  const hintId = useId();
  const enabled = save.isPending ? save.variables : settings.data?.enabled;

  function toggle(next: boolean) {
    setMessage("");
    save.mutate(next, {
      onSuccess: (answer) =>
        setMessage(
          answer.message ?? (answer.enabled ? bookingMessages.remindersOn : bookingMessages.remindersOff),
        ),
    });
  }

  return (
    <section className="client-panel__setting" aria-labelledby={`${switchId}-title`}>
      <h2 id={`${switchId}-title`}>
        <Trans>Reminders by email</Trans>
      </h2>
      {settings.isError ? (
        <p className="client-panel__error" role="alert">
          {t`Could not load your reminder setting.`} {errorMessageOf(settings.error)}
        </p>
      ) : settings.data === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <>
          <div className="switch">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="switch__input"
              checked={enabled ?? false}
              aria-checked={enabled ?? false}
              disabled={save.isPending}
              aria-describedby={hintId}
              onChange={(event) => toggle(event.target.checked)}
            />
            <label htmlFor={switchId} className="switch__label">
              <Trans>Class reminders</Trans>
            </label>
          </div>
          <p id={hintId} className="client-panel__hint">
            <ReminderHour hour={settings.data.hour} />
          </p>
        </>
      )}
      <p className="client-panel__message" role="status">
        {message}
      </p>
      {save.isError && (
        <p className="client-panel__error" role="alert">
          {errorMessageOf(save.error)}
        </p>
      )}
    </section>
  );
}

function ReminderHour({ hour }: { hour: number }) {
  const from = hourOf(hour);
  return <Trans>An email the day before each class from {from}.</Trans>;
}

function CalendarFeed({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const feed = useCalendarFeed(clientId);
  const renew = useNewCalendarFeed(clientId);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState("");
  const inputId = useId();
  const url = feed.data?.url ?? null;

  function makeAddress(renewing: boolean) {
    setConfirming(false);
    setMessage("");
    renew.mutate(undefined, {
      onSuccess: (answer) =>
        setMessage(
          answer.message ??
            (renewing ? bookingMessages.calendarFeedRenewed : t`Your calendar address is ready.`),
        ),
    });
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setMessage(t`Address copied.`);
    } catch {
      document.getElementById(inputId)?.focus();
      setMessage(t`Copy did not work here: the address is selected, copy it with your keyboard.`);
    }
  }

  return (
    <section className="client-panel__setting" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>
        <Trans>Calendar feed</Trans>
      </h2>
      <p className="client-panel__hint">
        <Trans>
          See your classes in your own calendar app. Add it to your phone's calendar as a subscription.
        </Trans>
      </p>
      {feed.isError ? (
        <p className="client-panel__error" role="alert">
          {t`Could not load your calendar address.`} {errorMessageOf(feed.error)}
        </p>
      ) : feed.data === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : url === null ? (
        <button
          type="button"
          className="button button--blue"
          disabled={renew.isPending}
          onClick={() => makeAddress(false)}
        >
          <Trans>Create my calendar address</Trans>
        </button>
      ) : (
        <>
          <label htmlFor={inputId} className="client-panel__field-label">
            <Trans>Your private calendar address</Trans>
          </label>
          <div className="client-panel__feed-row">
            <input
              id={inputId}
              className="client-panel__feed-url"
              type="text"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button--blue" onClick={() => void copy()}>
              <Trans>Copy</Trans>
            </button>
          </div>
          <p className="client-panel__hint">
            <Trans>Keep it private: anyone with this address can see your class dates.</Trans>
          </p>
          <button
            type="button"
            className="button client-panel__secondary"
            disabled={renew.isPending}
            onClick={() => setConfirming(true)}
          >
            <Trans>Renew address</Trans>
          </button>
        </>
      )}
      <p className="client-panel__message" role="status">
        {message}
      </p>
      {renew.isError && (
        <p className="client-panel__error" role="alert">
          {errorMessageOf(renew.error)}
        </p>
      )}
      <Dialog open={confirming} title={t`Renew calendar address?`} onClose={() => setConfirming(false)}>
        <p>
          <Trans>
            You get a new private address and the old one stops working at once: calendars subscribed to it no
            longer receive your classes until you add the new one.
          </Trans>
        </p>
        <div className="dialog__actions">
          <button
            type="button"
            className="button client-panel__secondary"
            onClick={() => setConfirming(false)}
          >
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="button button--blue" onClick={() => makeAddress(true)}>
            <Trans>Renew address</Trans>
          </button>
        </div>
      </Dialog>
    </section>
  );
}
