import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { filterYears } from "../../domain/media.ts";
import { capitalized, monthName } from "../i18n/format.ts";

const months = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * Month filter (spec §2): All Months, then January to December (Enero to Diciembre in Spanish, named when shown);
 * the value is 1 to 12, or "" for all.
 */
export function MonthSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>
        <Trans>Month</Trans>
      </label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`All Months`}</option>
        {months.map((month) => (
          <option key={month} value={month}>
            {capitalized(monthName(month))}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Year filter (spec §2, §9): All Years, then the current year and the four before it; the value is a year, or ""
 * for all. All Years is where the pages open, as the month filter opens on All Months.
 */
export function YearSelect({
  value,
  today,
  onChange,
}: {
  value: number | null;
  today: Date;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>
        <Trans>Year</Trans>
      </label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t`All Years`}</option>
        {filterYears(today).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
