import { useId } from "react";
import { filterYears } from "../../domain/media.ts";
import { monthNames } from "./media/media-filters.ts";

/** Month filter (spec §2): All Months, then January to December; the value is 1 to 12, or "" for all. */
export function MonthSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>Month</label>
      <select id={id} value={value ?? ""} onChange={(event) => onChange(event.target.value)}>
        <option value="">All Months</option>
        {monthNames.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Year filter (spec §2, §9): the current year and the four before it. */
export function YearSelect({
  value,
  today,
  onChange,
}: {
  value: number;
  today: Date;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>Year</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {filterYears(today).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
    </div>
  );
}
