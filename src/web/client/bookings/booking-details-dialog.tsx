import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import type { Booking } from "../../../domain/bookings.ts";
import { allPermissions, householdIdOf } from "../../../domain/households.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { useAuth } from "../../auth/auth-store.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useHouseholdReschedules } from "../api/reschedules.ts";
import { bookingTitleOf, ClassState, ClassWhen, PaidByCredit, WhoSwims } from "./booked-class.tsx";
import { CancelClass, type ClassToCancel } from "./cancel-class.tsx";
import { type ClassToMove, MovedNote, PendingMove, RescheduleClass } from "./reschedule-class.tsx";
import "./bookings.css";

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
