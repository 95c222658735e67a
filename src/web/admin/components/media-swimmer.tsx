import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import type { Swimmer } from "../../../domain/swimmers.ts";
import { useHouseholdSwimmers } from "../api/swimmers.ts";

/**
 * Whose photo it is (issue 26): the chosen client's swimmers, for a household of more than one. A household of one
 * needs no choice (its swimmer is the one), so it shows nothing and its uploads stay as they were.
 */
export function useMediaSwimmers(clientId: string | undefined) {
  const query = useHouseholdSwimmers(clientId ?? "");
  const swimmers = clientId ? (query.data ?? []) : [];
  return { swimmers, several: swimmers.length > 1 };
}

/** "Ana Smith": a swimmer's name as a tile or an option shows it. */
export const swimmerName = (swimmer: Pick<Swimmer, "firstName" | "lastName">) =>
  `${swimmer.firstName} ${swimmer.lastName}`;

/** The required Swimmer select; a swimmer whose family has not allowed photos is listed but cannot be chosen. */
export function MediaSwimmerField({
  swimmers,
  value,
  onChange,
}: {
  swimmers: readonly Swimmer[];
  value: string;
  onChange: (swimmerId: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Swimmer</Trans>
      </label>
      <select id={id} required value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`Choose a swimmer`}</option>
        {swimmers.map((swimmer) => {
          const name = swimmerName(swimmer);
          return (
            <option key={swimmer.id} value={swimmer.id} disabled={!swimmer.photoPermission}>
              {swimmer.photoPermission ? name : t`${name} (no photo permission)`}
            </option>
          );
        })}
      </select>
    </div>
  );
}
