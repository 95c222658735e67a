import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useDeferredValue, useState } from "react";
import { Link, useSearchParams } from "react-router";
import {
  type Booking,
  bookingMessages,
  type ClientBookingsResponse,
  type ClientPlanProgress,
} from "../../../domain/bookings.ts";
import { paths } from "../../../domain/paths.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { ListState } from "../../components/list-state.tsx";
import { SwimmerSwitch } from "../../components/swimmer-switch.tsx";
import { useClientBookings } from "../api/bookings.ts";
import { BookedCalendar } from "../bookings/booked-calendar.tsx";
import { bookingTitleOf, ClassState, ClassWhen, DetailsLabel, WhoSwims } from "../bookings/booked-class.tsx";
import { bookedDaysOf, bookingOn, bookingsOfSwimmer } from "../bookings/booked-days.ts";
import { BookingDetailsDialog } from "../bookings/booking-details-lazy.tsx";
import { shownSwimmer, withSwimmer } from "../bookings/shown-swimmer.ts";
import { PassedLevels } from "../certificates/passed-levels.tsx";
import { SkillsProgress } from "./skills-progress.tsx";
import "./progress.css";
import { householdIdOf } from "../../../domain/households.ts";

/**
 * /progress, Class Progress (spec §2): each swimmer's skills (issue 28), then the calendar of booked classes, the package tracker (one circle per class
 * of the active plan, filled once used) and the list of bookings with their dates, each opening Booking Details.
 */
export function ProgressPage() {
  const auth = useAuth();
  return (
    <div className="progress client-bookings">
      <section className="progress__hero" aria-labelledby="progress-title">
        <h1 id="progress-title">
          <Trans>Class Progress</Trans>
        </h1>
        <p>
          <Trans>
            Every class is a step forward in the water. See your booked classes on the calendar and how far
            you are in your package.
          </Trans>
        </p>
      </section>
      {auth.status === "client" ? (
        <ClientProgress clientId={householdIdOf(auth.user)} />
      ) : (
        <p className="progress__note">
          <Trans>
            Each client follows their classes here. As an admin, see bookings on{" "}
            <Link to={paths.manageBookings}>Manage Bookings</Link>.
          </Trans>
        </p>
      )}
    </div>
  );
}

function ClientProgress({ clientId }: { clientId: string }) {
  const { t } = useLingui();
  const query = useClientBookings(clientId);
  const [open, setOpen] = useState<Booking | null>(null);
  const [params, setParams] = useSearchParams();
  // Rendered in the background in short tasks, not in the one long task of the answer's arrival (issue 31: TBT).
  const data = useDeferredValue(query.data);
  if (!data || query.isError) {
    return (
      <ListState
        what={t`your bookings`}
        loadingText={bookingMessages.loadingBookings}
        isError={query.isError}
        error={query.error}
        loaded={data !== undefined}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const swimmer = shownSwimmer(params, data.swimmers);
  const bookings = bookingsOfSwimmer(data.bookings, swimmer);
  return (
    <>
      <SwimmerSwitch
        swimmers={data.swimmers}
        value={swimmer}
        onChange={(value) => setParams((current) => withSwimmer(current, value))}
      />
      <SkillsProgress clientId={clientId} swimmerId={swimmer} />
      {data.swimmers
        .filter((each) => swimmer === null || each.id === swimmer)
        .map((each) => (
          <PassedLevels key={each.id} swimmer={each} />
        ))}
      {!data.plan && data.bookings.length === 0 ? (
        <div className="bookings-empty">
          <p>
            <Trans>You have no package and no booked classes yet.</Trans>
          </p>
          <p>
            <Trans>
              Choose your class package on <Link to={paths.payments}>Manage Payments</Link>; your instructor
              then books your class dates and they show here.
            </Trans>
          </p>
        </div>
      ) : (
        <ClassesOverview bookings={bookings} data={data} onOpen={setOpen} />
      )}
      <BookingDetailsDialog
        // The booking as last read: a class moved while the dialog is open shows at its new date.
        booking={open && (data.bookings.find((each) => each.id === open.id) ?? open)}
        today={data.today}
        householdSwimmers={data.swimmers.length}
        onClose={() => setOpen(null)}
      />
    </>
  );
}

/** The booked classes: the calendar, the package tracker and the list of classes. */
function ClassesOverview({
  bookings,
  data,
  onOpen,
}: {
  bookings: Booking[];
  data: ClientBookingsResponse;
  onOpen: (booking: Booking) => void;
}) {
  return (
    <>
      <div className="progress__overview">
        <section aria-labelledby="progress-calendar-title">
          <h2 id="progress-calendar-title">
            <Trans>Your calendar</Trans>
          </h2>
          <BookedCalendar
            bookedDays={bookedDaysOf(bookings).map(({ date }) => date)}
            today={data.today}
            onOpenDay={(day) => {
              const booking = bookingOn(bookings, day);
              if (booking) onOpen(booking);
            }}
          />
        </section>
        <PackageTracker plan={data.plan} />
      </div>
      <ClassList
        bookings={bookings}
        today={data.today}
        householdSwimmers={data.swimmers.length}
        onOpen={onOpen}
      />
    </>
  );
}

function PackageTracker({ plan }: { plan: ClientPlanProgress | null }) {
  return (
    <section className="progress__tracker" aria-labelledby="progress-tracker-title">
      <h2 id="progress-tracker-title">
        <Trans>Package tracker</Trans>
      </h2>
      <p>
        <Trans>
          Each circle is one class of your package. A circle fills in once its class has taken place; a ringed
          circle is a class already booked.
        </Trans>
      </p>
      {plan ? (
        <PlanProgress plan={plan} />
      ) : (
        <p className="bookings-empty">
          <Trans>
            You have no active package. Choose one on <Link to={paths.payments}>Manage Payments</Link>.
          </Trans>
        </p>
      )}
    </section>
  );
}

function PlanProgress({ plan }: { plan: ClientPlanProgress }) {
  const { t } = useLingui();
  const { usedClasses: used, totalClasses: total, bookedClasses: booked, classesLeft: left } = plan;
  const upcoming = booked - used;
  return (
    <>
      <p className="progress__plan-title">{plan.title}</p>
      <div
        className="progress__circles"
        role="img"
        aria-label={t`${used} of ${plural(total, { one: "# class", other: "# classes" })} completed, ${booked} booked`}
      >
        {Array.from({ length: plan.totalClasses }, (_, index) => (
          <span
            // The circles have no identity beyond their place.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length row
            key={index}
            className={`progress__circle${
              index < plan.usedClasses
                ? " progress__circle--used"
                : index < plan.bookedClasses
                  ? " progress__circle--booked"
                  : ""
            }`}
          />
        ))}
      </div>
      <p className="progress__count">
        <Trans>
          {used} of {total} completed
        </Trans>
      </p>
      <p className="progress__left">
        <Trans>
          {upcoming} upcoming, {left} left to book.
        </Trans>
      </p>
    </>
  );
}

function ClassList({
  bookings,
  today,
  householdSwimmers,
  onOpen,
}: {
  bookings: Booking[];
  today: string;
  householdSwimmers: number;
  onOpen: (booking: Booking) => void;
}) {
  return (
    <section aria-labelledby="progress-classes-title">
      <h2 id="progress-classes-title">
        <Trans>Your classes</Trans>
      </h2>
      {bookings.length === 0 ? (
        <p className="bookings-empty">
          <Trans>No classes booked yet: your instructor books your dates.</Trans>
        </p>
      ) : (
        <ul className="progress__bookings">
          {bookings.map((booking) => (
            <li key={booking.id} className="progress__booking">
              <div className="progress__booking-head">
                <h3>{bookingTitleOf(booking)}</h3>
                <button type="button" className="progress__details" onClick={() => onOpen(booking)}>
                  <DetailsLabel title={bookingTitleOf(booking)} />
                </button>
              </div>
              <ol className="progress__dates">
                {booking.dates.map(({ date, swimmers, startTime, instructor }) => (
                  <li key={date}>
                    <time dateTime={date}>{formatDay(date, { dateStyle: "full" })}</time>
                    <ClassWhen startTime={startTime} instructor={instructor} />
                    <WhoSwims swimmers={swimmers} householdSwimmers={householdSwimmers} />
                    <ClassState day={date} today={today} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
