import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Link } from "react-router";
import { type Booking, bookingMessages, manageBookingsPageSize } from "../../../domain/bookings.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { formatPrice } from "../../../domain/pack-catalogue.ts";
import { paths } from "../../../domain/paths.ts";
import { lessonMoveWords } from "../../../domain/reschedules.ts";
import { cancellationShownWords } from "../../../domain/school-cancellation.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { ConfirmDialog } from "../../components/dialog/dialog.tsx";
import { Pager, pagingOf } from "../../components/pager.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useBookingList, useDeleteBooking } from "../api/bookings.ts";
import { BookingListStatus } from "../components/booking-list-status.tsx";
import { LessonPlace } from "../components/lesson-place.tsx";
import { useIsOwner } from "../components/lesson-schedule-fields.tsx";
import { type LessonToCancel, SchoolCancelDialog } from "../components/school-cancel-dialog.tsx";
import { useDebounced } from "../components/use-debounced.ts";
import { ClassScheduleDialog } from "./class-schedule-dialog.tsx";
import { ClassSwimmersDialog } from "./class-swimmers-dialog.tsx";
import { EditBookingDialog } from "./edit-booking-dialog.tsx";
import "./manage-bookings.css";
import { ShortSearchHint } from "../components/short-search-hint.tsx";

const shortDay = (day: string) => formatDay(day, { dateStyle: "medium" });

/** /manage-bookings (spec §2): search by client name, 10 per page newest first, Edit (dialog) and Delete each. */
export function ManageBookingsPage() {
  const { t } = useLingui();
  const [text, setText] = useState("");
  const [page, setPage] = useState(1);
  const search = useDebounced(text.trim());
  const query = useBookingList(search, page);
  const [editing, setEditing] = useState<Booking | null>(null);
  const [choosingSwimmers, setChoosingSwimmers] = useState<Booking | null>(null);
  const [scheduling, setScheduling] = useState<Booking | null>(null);
  const [deleting, setDeleting] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<LessonToCancel | null>(null);
  const remove = useDeleteBooking();
  const toast = useToast();
  const searchId = useId();
  const paging = pagingOf(query.data, page, manageBookingsPageSize);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync(deleting.id);
      toast("success", answer.message || bookingMessages.deleted);
    } catch (error) {
      toast(
        "error",
        error instanceof ApiError && error.status < 500 ? error.message : bookingMessages.deleteFailed,
      );
    }
    setDeleting(null);
  }

  return (
    <section className="admin-page admin-page--wide">
      <h1>
        <Trans>Manage Bookings</Trans>
      </h1>
      <p className="manage-bookings__weather">
        <Link to={paths.weatherDay}>
          <Trans>Weather day: cancel every class of a day or of some hours</Trans>
        </Link>
      </p>
      <search className="client-search">
        <label htmlFor={searchId}>
          <Trans>Search by client name</Trans>
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          placeholder={t`First or last name`}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
        <ShortSearchHint search={search} />
      </search>

      <BookingListStatus query={query} search={search} page={page}>
        {(items) => (
          <ul className="booking-list" aria-label={t`Bookings`}>
            {items.map((booking) => (
              <BookingItem
                key={booking.id}
                booking={booking}
                onEdit={setEditing}
                onSwimmers={setChoosingSwimmers}
                onSchedule={setScheduling}
                onDelete={setDeleting}
                onCancelClass={setCancelling}
                today={query.data?.today ?? ""}
              />
            ))}
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

      {query.data && (
        <EditBookingDialog booking={editing} today={query.data.today} onClose={() => setEditing(null)} />
      )}
      <ClassSwimmersDialog booking={choosingSwimmers} onClose={() => setChoosingSwimmers(null)} />
      <ClassScheduleDialog booking={scheduling} onClose={() => setScheduling(null)} />
      <SchoolCancelDialog
        lesson={cancelling}
        onClose={() => setCancelling(null)}
        onDone={(message) => {
          setCancelling(null);
          toast("success", message);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        question={bookingMessages.confirmDelete}
        confirmLabel={t`Delete`}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function BookingItem({
  booking,
  onEdit,
  onSwimmers,
  onSchedule,
  onDelete,
  onCancelClass,
  today,
}: {
  booking: Booking;
  onEdit: (booking: Booking) => void;
  onSwimmers: (booking: Booking) => void;
  onSchedule: (booking: Booking) => void;
  onDelete: (booking: Booking) => void;
  onCancelClass: (lesson: LessonToCancel) => void;
  /** The school's today: a class from then on can still be cancelled (the server says if it has started). */
  today: string;
}) {
  const { t } = useLingui();
  // An instructor moves their lessons' times and writes feedback; dates, swimmers and deletion are the owner's.
  const owner = useIsOwner();
  const name = booking.clientName ?? bookingMessages.unknownClient;
  const { title } = booking;
  return (
    <li className="booking-item">
      <h2 className="booking-item__name">{name}</h2>
      <p className="booking-item__title">
        {booking.amountToPay === null ? title : `${title} · ${formatPrice(booking.amountToPay)}`}
      </p>
      {booking.dates.length === 0 ? (
        <p className="booking-item__dates">{t`No dates`}</p>
      ) : (
        <ul className="booking-item__dates" aria-label={t`Classes`}>
          {booking.dates.map((d) => {
            const day = shortDay(d.date);
            return (
              <li key={d.date} className={d.cancellation ? "booking-item__date--cancelled" : undefined}>
                {day} · {formatLessonTime(d.startTime)}
                {d.instructor && ` · ${d.instructor.name}`}
                {d.cancellation && (
                  <span className="booking-item__cancelled"> · {cancellationShownWords(d.cancellation)}</span>
                )}
                {d.moved && <span className="booking-item__moved"> · {lessonMoveWords(d.moved)}</span>}
                {d.paidByCredit && <span className="booking-item__credit"> · {t`Booked with a credit`}</span>}
                {!d.cancellation && today !== "" && d.date >= today && (
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--secondary booking-item__cancel"
                    aria-label={t`Cancel the class of ${day} for ${name}`}
                    onClick={() =>
                      onCancelClass({ lessonId: d.lessonId, date: d.date, startTime: d.startTime, who: name })
                    }
                  >
                    <Trans>Cancel class</Trans>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LessonPlace address={booking.address} accessNotes={booking.accessNotes} />
      <div className="booking-item__actions">
        {owner && (
          <button
            type="button"
            className="admin-button admin-button--small"
            aria-label={t`Edit ${title} for ${name}`}
            onClick={() => onEdit(booking)}
          >
            <Trans>Edit</Trans>
          </button>
        )}
        {booking.dates.length > 0 && (
          <button
            type="button"
            className="admin-button admin-button--small admin-button--secondary"
            aria-label={t`Times and instructors of ${title} for ${name}`}
            onClick={() => onSchedule(booking)}
          >
            <Trans>Times</Trans>
          </button>
        )}
        {owner && booking.familySwimmers.length > 1 && booking.dates.length > 0 && (
          <button
            type="button"
            className="admin-button admin-button--small admin-button--secondary"
            aria-label={t`Who swims in ${title} for ${name}`}
            onClick={() => onSwimmers(booking)}
          >
            <Trans>Who swims</Trans>
          </button>
        )}
        {owner && (
          <button
            type="button"
            className="admin-button admin-button--small admin-button--danger"
            aria-label={t`Delete ${title} for ${name}`}
            onClick={() => onDelete(booking)}
          >
            <Trans>Delete</Trans>
          </button>
        )}
      </div>
    </li>
  );
}
