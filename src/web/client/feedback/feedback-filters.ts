import { queryParams } from "../../../domain/paths.ts";

/**
 * The filters of /feedback as the address carries them (spec §2): a month (absent: All Months) and a year
 * (absent: All Years). The bookings are few, so the page filters them itself.
 */
export interface FeedbackFilters {
  month: number | null;
  year: number | null;
}

/** Spec §9 offers 2023 to 2025; the years of the client's own dates are added so none is out of reach. */
const fixedYears = [2023, 2024, 2025];

export function feedbackYears(bookedDays: readonly string[]): number[] {
  const years = new Set([...fixedYears, ...bookedDays.map((day) => Number(day.slice(0, 4)))]);
  return [...years].sort((a, b) => a - b);
}

/** A month or a year the address holds; anything else reads as "all". */
export function feedbackFiltersFrom(params: URLSearchParams, years: readonly number[]): FeedbackFilters {
  const month = Number(params.get(queryParams.feedbackMonth));
  const year = Number(params.get(queryParams.feedbackYear));
  return {
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    year: years.includes(year) ? year : null,
  };
}

export type FeedbackFilterName = (typeof queryParams)["feedbackMonth" | "feedbackYear"];

/** The address after one filter changed; an empty value means "all". */
export function withFeedbackFilter(
  params: URLSearchParams,
  filter: FeedbackFilterName,
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(filter, value);
  else next.delete(filter);
  return next;
}

export function matchesFilters(day: string, { month, year }: FeedbackFilters): boolean {
  return (
    (month === null || Number(day.slice(5, 7)) === month) &&
    (year === null || Number(day.slice(0, 4)) === year)
  );
}
