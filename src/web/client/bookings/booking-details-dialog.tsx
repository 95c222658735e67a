import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import {
  type BookedDate,
  type Booking,
  type ClassSwimmer,
  shownBookingTitle,
} from "../../../domain/bookings.ts";
import { allPermissions, householdIdOf } from "../../../domain/households.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useHouseholdReschedules } from "../api/reschedules.ts";
import { CancelClass, type ClassToCancel } from "./cancel-class.tsx";
import { type ClassToMove, MovedNote, PendingMove, RescheduleClass } from "./reschedule-class.tsx";
import "./bookings.css";

/** The stored title in the reader's language ("3-Class Booking", "Reserva de 3 clases"). */
export const bookingTitleOf = (booking: Booking) => shownBookingTitle(booking.title);

/**
 * The Booking Details popup of the dashboard and /progress (spec §2): the booking's title, its dates (each marked
 * completed once past, or cancelled) and whether it is paid. Closed while `booking` is null. A guardian allowed to
 * book (and the owner) may cancel an upcoming class from here (issue 29): a confirmation step says what it does.
 * They may also ask to move it to one of the instructor's free times ("Reschedule", docs/decisions/033); a request
 * waiting shows beside its class, and a class moved says from when, by whom and when.
 */
export function BookingDetailsDialog({
  booking,
  today,
  householdSwimmers,
  onClose,
}: {
  booking: Booking | null;
  today: string;
  /** How many swimmers the household has: with several, each date says who swims. */
  householdSwimmers: number;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const auth = useAuth();
  const client = auth.status === "client" ? auth.user : null;
  const canCancel = client !== null && (client.guardianOf?.permissions ?? allPermissions).book;
  const [cancelling, setCancelling] = useState<ClassToCancel | null>(null);
  const [moving, setMoving] = useState<ClassToMove | null>(null);
  /** What the last move, request or withdrawal did, said at the top. */
  const [moveDone, setMoveDone] = useState<string | null>(null);
  const householdId = client ? householdIdOf(client) : null;
  const requests = useHouseholdReschedules(canCancel && booking !== null ? householdId : null);
  const waitingFor = new Map((requests.data?.requests ?? []).map((request) => [request.lessonId, request]));
  /** Cancelled while the dialog is open (the list's data refreshes behind it): lesson id → what was applied. */
  const [cancelledNow, setCancelledNow] = useState<ReadonlyMap<number, string>>(new Map());
  const [done, setDone] = useState<{ lessonId: number; words: string } | null>(null);
  /** The class the family chose to keep: its button takes the focus back. */
  const keptLessonId = useRef<number | null>(null);
  /** The class whose move the family gave up: its Reschedule button takes the focus back. */
  const keptMoveId = useRef<number | null>(null);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  // Each booking opened (or the dialog opened again) starts afresh.
  const bookingId = booking?.id;
  const [shownBookingId, setShownBookingId] = useState(bookingId);
  if (shownBookingId !== bookingId) {
    setShownBookingId(bookingId);
    setCancelling(null);
    setDone(null);
    setCancelledNow(new Map());
    setMoving(null);
    setMoveDone(null);
  }
  useEffect(() => {
    if (done || moveDone) doneMessage.current?.focus();
  }, [done, moveDone]);
  return (
    <Dialog open={booking !== null} title={t`Booking Details`} onClose={onClose} className="booking-details">
      {client && booking && cancelling && (
        <CancelClass
          clientId={householdIdOf(client)}
          lesson={cancelling}
          onBack={() => {
            keptLessonId.current = cancelling.lessonId;
            setCancelling(null);
          }}
          onDone={(words) => {
            setCancelledNow((now) => new Map(now).set(cancelling.lessonId, words));
            setMoveDone(null);
            setDone({ lessonId: cancelling.lessonId, words });
            setCancelling(null);
          }}
        />
      )}
      {client && booking && moving && (
        <RescheduleClass
          clientId={householdIdOf(client)}
          lesson={moving}
          onBack={() => {
            keptMoveId.current = moving.lessonId;
            setMoving(null);
          }}
          onDone={(message) => {
            setDone(null);
            setMoveDone(message);
            setMoving(null);
          }}
        />
      )}
      {booking && !cancelling && !moving && (
        <>
          {done && (
            <p className="booking-details__done" role="status" tabIndex={-1} ref={doneMessage}>
              <Trans>The class is cancelled.</Trans> {done.words}
            </p>
          )}
          {moveDone && !done && (
            <p className="booking-details__done" role="status" tabIndex={-1} ref={doneMessage}>
              {moveDone}
            </p>
          )}
          <p className="booking-details__title">{bookingTitleOf(booking)}</p>
          <h3 className="booking-details__heading">
            <Trans>Dates</Trans>
          </h3>
          <ul className="booking-details__dates">
            {booking.dates.map(
              ({ date, swimmers, startTime, instructor, lessonId, cancellation, moved, paidByCredit }) => {
                const cancelled = cancellation !== null || cancelledNow.has(lessonId);
                const day = formatDay(date, { dateStyle: "full" });
                const waiting = waitingFor.get(lessonId);
                return (
                  <li key={date}>
                    <time dateTime={date}>{day}</time>
                    <ClassWhen startTime={startTime} instructor={instructor} />
                    <WhoSwims swimmers={swimmers} householdSwimmers={householdSwimmers} />
                    <ClassState day={date} today={today} cancelled={cancelled} />
                    {paidByCredit && <PaidByCredit />}
                    {moved && <MovedNote moved={moved} />}
                    {canCancel && householdId && !cancelled && waiting && (
                      <PendingMove
                        clientId={householdId}
                        request={waiting}
                        day={day}
                        onWithdrawn={(message) => {
                          setDone(null);
                          setMoveDone(message);
                        }}
                      />
                    )}
                    {canCancel && !cancelled && !waiting && date >= today && (
                      <button
                        type="button"
                        className="button booking-details__cancel"
                        onClick={() => setMoving({ lessonId, date })}
                        ref={(button) => {
                          if (button && keptMoveId.current === lessonId) {
                            keptMoveId.current = null;
                            button.focus();
                          }
                        }}
                      >
                        <Trans>
                          Reschedule<span className="visually-hidden"> the class of {day}</span>
                        </Trans>
                      </button>
                    )}
                    {canCancel && !cancelled && date >= today && (
                      <button
                        type="button"
                        className="button booking-details__cancel"
                        onClick={() => setCancelling({ lessonId, date, paidByCredit })}
                        ref={(button) => {
                          if (button && keptLessonId.current === lessonId) {
                            keptLessonId.current = null;
                            button.focus();
                          }
                        }}
                      >
                        <Trans>
                          Cancel this class<span className="visually-hidden"> of {day}</span>
                        </Trans>
                      </button>
                    )}
                  </li>
                );
              },
            )}
          </ul>
          <p className="booking-details__paid">
            {booking.paid ? (
              <Trans>
                Paid: <strong>Yes</strong>
              </Trans>
            ) : (
              <Trans>
                Paid: <strong>No</strong>
              </Trans>
            )}
          </p>
        </>
      )}
    </Dialog>
  );
}

/** A class's time (30 minutes, or "time to be set") and who teaches it, beside its date. */
export function ClassWhen({ startTime, instructor }: Pick<BookedDate, "startTime" | "instructor">) {
  const time = formatLessonTime(startTime);
  const name = instructor?.name;
  return (
    <span className="class-when">
      {name ? (
        <Trans>
          {time} · with {name}
        </Trans>
      ) : (
        time
      )}
    </span>
  );
}

/**
 * Who swims in a class, beside its date, where it could be someone else: a class of several swimmers, or of one
 * swimmer of a household of several. A household of one swimmer shows nothing (`swimmers` is that one).
 */
export function WhoSwims({
  swimmers,
  householdSwimmers,
}: {
  swimmers: readonly ClassSwimmer[];
  /** How many swimmers the household has. */
  householdSwimmers: number;
}) {
  if (householdSwimmers < 2 && swimmers.length < 2) return null;
  const names = swimmers.map((swimmer) => swimmer.firstName).join(", ");
  return (
    <span className="class-swimmers">
      <Trans>Swims: {names}</Trans>
    </span>
  );
}

/**
 * A class date's state beside it (the school's today): Cancelled (kept, issue 29), Completed once past, Today on its day (it takes place even
 * once the plan is canceled, issue 24), else Upcoming.
 */
export function ClassState({
  day,
  today,
  cancelled = false,
}: {
  day: string;
  today: string;
  cancelled?: boolean;
}) {
  if (cancelled)
    return (
      <span className="class-state class-state--cancelled">
        <Trans>Cancelled</Trans>
      </span>
    );
  if (day < today)
    return (
      <span className="class-state class-state--done">
        <Trans>Completed</Trans>
      </span>
    );
  return (
    <span className={day === today ? "class-state class-state--today" : "class-state"}>
      {day === today ? <Trans>Today</Trans> : <Trans>Upcoming</Trans>}
    </span>
  );
}

/** A class booked with a class credit (docs/decisions/032): it used none of the plan's classes. */
export function PaidByCredit() {
  return (
    <span className="class-state class-state--credit">
      <Trans>Booked with a credit</Trans>
    </span>
  );
}

/** A Details button's words: "Details", and for a screen reader which booking they open. */
export function DetailsLabel({ title }: { title: string }) {
  return (
    <Trans>
      Details<span className="visually-hidden"> of {title}</span>
    </Trans>
  );
}
