import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { type Booking, bookingMessages, shownBookingTitle } from "../../../domain/bookings.ts";
import { formatDay } from "../../../domain/school-day.ts";
import { ApiError } from "../../api/http.ts";
import { Dialog } from "../../components/dialog/dialog.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useSetClassSwimmers } from "../api/bookings.ts";

/**
 * Who swims in each class of a booking, for a household of several swimmers (Manage Bookings; siblings share one
 * home lesson, still one class of the plan: docs/decisions/019). Closed while `booking` is null.
 */
export function ClassSwimmersDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={booking !== null} title={t`Who swims`} onClose={onClose} className="class-swimmers">
      {booking && <ClassSwimmersForm key={booking.id} booking={booking} onDone={onClose} />}
    </Dialog>
  );
}

function ClassSwimmersForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSetClassSwimmers();
  const [chosen, setChosen] = useState(
    () => new Map(booking.dates.map((day) => [day.date, day.swimmers.map((swimmer) => swimmer.id)])),
  );
  const [alert, setAlert] = useState<string | null>(null);
  const name = booking.clientName ?? bookingMessages.unknownClient;
  const title = shownBookingTitle(booking.title);

  const toggle = (date: string, swimmerId: string, on: boolean) => {
    setAlert(null);
    const next = new Map(chosen);
    const current = next.get(date) ?? [];
    // Kept in the household's order, whatever order they were ticked in.
    next.set(
      date,
      booking.familySwimmers
        .map((swimmer) => swimmer.id)
        .filter((id) => (id === swimmerId ? on : current.includes(id))),
    );
    setChosen(next);
  };

  async function onSave() {
    const changed = booking.dates.filter(
      (day) => (chosen.get(day.date) ?? []).join() !== day.swimmers.map((swimmer) => swimmer.id).join(),
    );
    try {
      for (const day of changed) {
        await save.mutateAsync({
          id: booking.id,
          input: { date: day.date, swimmerIds: chosen.get(day.date) ?? [] },
        });
      }
      toast("success", bookingMessages.swimmersSaved);
      onDone();
    } catch (error) {
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!refused) console.error(bookingMessages.updateFailed, error);
      setAlert(refused ? error.message : bookingMessages.updateFailed);
    }
  }

  return (
    <div className="class-swimmers__body">
      <p>
        <Trans>
          {title} for {name}: one class of the package per date, however many swim in it.
        </Trans>
      </p>
      <ul className="class-swimmers__days">
        {booking.dates.map((day) => {
          const when = formatDay(day.date, { dateStyle: "full" });
          return (
            <li key={day.date}>
              <fieldset>
                <legend>{when}</legend>
                {booking.familySwimmers.map((swimmer) => (
                  <label key={swimmer.id}>
                    <input
                      type="checkbox"
                      checked={(chosen.get(day.date) ?? []).includes(swimmer.id)}
                      onChange={(event) => toggle(day.date, swimmer.id, event.target.checked)}
                    />{" "}
                    {swimmer.firstName}
                  </label>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {alert && (
        <p className="admin-form__error" role="alert">
          {alert}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="admin-button admin-button--secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="admin-button" disabled={save.isPending} onClick={onSave}>
          {save.isPending ? t`Saving…` : t`Save Swimmers`}
        </button>
      </div>
    </div>
  );
}
