import { Trans, useLingui } from "@lingui/react/macro";
import { useRescheduleSettings, useSaveRescheduleSettings } from "../api/reschedules.ts";
import { SwitchSettingSection } from "./switch-setting-section.tsx";

/**
 * School settings' "Move a class at once when a free time is chosen" (issue 29, docs/decisions/033), saved on its
 * own like the certificates' setting. Off (the default), a family's request waits for the owner or the instructor
 * to accept it; on, the class moves as the family chooses one of the instructor's free times.
 */
export function RescheduleSettingSection() {
  const { t } = useLingui();
  const settings = useRescheduleSettings();
  const save = useSaveRescheduleSettings();
  return (
    <SwitchSettingSection
      id="reschedules"
      title={t`Reschedules`}
      hint={
        <Trans>
          Families with booking rights can ask to move a class to one of the instructor's free times, within
          the cancellation policy. With this on, the class moves at once; with it off, the request waits for
          you or the instructor to accept it.
        </Trans>
      }
      label={<Trans>Move a class at once when a free time is chosen</Trans>}
      saveLabel={<Trans>Save reschedule setting</Trans>}
      loadError={t`Could not load the reschedule setting.`}
      setting={{ ...settings, data: settings.data?.settings.automatic }}
      fallback={false}
      saving={save.isPending}
      save={async (automatic) =>
        (await save.mutateAsync({ automatic })).message ?? t`Reschedule setting saved.`
      }
    />
  );
}
