import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
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

/**
 * An upload form's choice of swimmer: `field` to show (nothing for a household of one), `swimmerId` to send, and
 * whether the choice is still `missing`. `onChange` hears each new choice (the last try's outcome no longer applies).
 */
export function useMediaSwimmerChoice(clientId: string | undefined, onChange: () => void) {
  const [chosen, setChosen] = useState("");
  const household = useMediaSwimmers(clientId);
  return {
    missing: household.several && chosen === "",
    swimmerId: household.several ? chosen : undefined,
    /** Another client picked: nothing chosen for it yet. */
    reset: () => setChosen(""),
    field: household.several ? (
      <MediaSwimmerField
        swimmers={household.swimmers}
        value={chosen}
        onChange={(next) => {
          setChosen(next);
          onChange();
        }}
      />
    ) : null,
  };
}

/** "Ana Smith": a swimmer's name as a tile or an option shows it. */
export const swimmerName = (swimmer: Pick<Swimmer, "firstName" | "lastName">) =>
  `${swimmer.firstName} ${swimmer.lastName}`;

/** The required Swimmer select; a swimmer whose family has not allowed photos is listed but cannot be chosen. */
function MediaSwimmerField({
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
