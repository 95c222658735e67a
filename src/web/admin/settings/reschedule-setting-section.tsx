import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { errorMessageOf } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { useRescheduleSettings, useSaveRescheduleSettings } from "../api/reschedules.ts";

/**
 * School settings' "Move a class at once when a free time is chosen" (issue 29, docs/decisions/033), saved on its
 * own like the certificates' setting. Off (the default), a family's request waits for the owner or the instructor
 * to accept it; on, the class moves as the family chooses one of the instructor's free times.
 */
export function RescheduleSettingSection() {
  const { t } = useLingui();
  const toast = useToast();
  const settings = useRescheduleSettings();
  const save = useSaveRescheduleSettings();
  const [choice, setChoice] = useState<boolean | null>(null);
  const saved = settings.data?.settings.automatic;
  const automatic = choice ?? saved ?? false;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const answer = await save.mutateAsync({ automatic });
      setChoice(null);
      toast("success", answer.message ?? t`Reschedule setting saved.`);
    } catch (caught) {
      toast("error", errorMessageOf(caught));
    }
  }

  return (
    <section
      id="reschedules"
      className="admin-card school-settings__section"
      aria-labelledby="reschedules-heading"
    >
      <h2 id="reschedules-heading" tabIndex={-1}>
        {t`Reschedules`}
      </h2>
      <p className="school-settings__hint">
        <Trans>
          Families with booking rights can ask to move a class to one of the instructor's free times, within
          the cancellation policy. With this on, the class moves at once; with it off, the request waits for
          you or the instructor to accept it.
        </Trans>
      </p>
      {settings.isError ? (
        <p className="field__error" role="alert">
          {t`Could not load the reschedule setting.`} {errorMessageOf(settings.error)}
        </p>
      ) : saved === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <form className="admin-form" onSubmit={onSubmit}>
          <label className="swimmer-fields__check">
            <input
              type="checkbox"
              checked={automatic}
              onChange={(event) => setChoice(event.currentTarget.checked)}
            />
            <Trans>Move a class at once when a free time is chosen</Trans>
          </label>
          <div className="admin-form__actions">
            <button type="submit" className="admin-button" disabled={save.isPending}>
              {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save reschedule setting</Trans>}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
