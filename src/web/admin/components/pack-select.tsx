import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { type PackType, packTitle, packTypes } from "../../../domain/packs.ts";

/** The package dropdown of the register and edit forms: the six packs. */
export function PackSelect({
  name,
  defaultValue,
  required = false,
  disabled = false,
  describedBy,
  placeholder,
}: {
  name: string;
  defaultValue?: PackType | "";
  required?: boolean;
  disabled?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Package</Trans>
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        required={required}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {placeholder && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {packTypes.map((type) => (
          <option key={type} value={type}>
            {packTitle(type)}
          </option>
        ))}
      </select>
    </div>
  );
}
