import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import "./swimmer-switch.css";

export interface SwimmerOption {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * Which swimmer of a household a client page shows: one, or all of them (the address says which). A household of
 * one swimmer sees no switch: its pages read as they always did.
 */
export function SwimmerSwitch({
  swimmers,
  value,
  onChange,
}: {
  swimmers: readonly SwimmerOption[];
  value: string | null;
  onChange: (swimmerId: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  if (swimmers.length < 2) return null;
  return (
    <div className="filter swimmer-switch">
      <label htmlFor={id}>
        <Trans>Swimmer</Trans>
      </label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`All swimmers`}</option>
        {swimmers.map((swimmer) => (
          <option key={swimmer.id} value={swimmer.id}>
            {swimmer.firstName} {swimmer.lastName}
          </option>
        ))}
      </select>
    </div>
  );
}
