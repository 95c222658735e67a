import { describe, expect, it } from "vitest";
import { queryParams } from "../../../domain/paths.ts";
import {
  feedbackFiltersFrom,
  feedbackYears,
  matchesFilters,
  withFeedbackFilter,
} from "./feedback-filters.ts";

const address = (query: Record<string, string>) => new URLSearchParams(query);

describe("the feedback filters", () => {
  it("offer 2023 to 2025 and every year of the client's dates, oldest first, each once", () => {
    expect(feedbackYears([])).toEqual([2023, 2024, 2025]);
    expect(feedbackYears(["2027-01-04", "2026-12-30", "2024-05-01", "2027-02-01"])).toEqual([
      2023, 2024, 2025, 2026, 2027,
    ]);
  });

  it("read a month and an offered year from the address; anything else is All Months or All Years", () => {
    const years = [2023, 2024, 2025, 2026];
    expect(feedbackFiltersFrom(address({}), years)).toEqual({ month: null, year: null });
    expect(
      feedbackFiltersFrom(
        address({ [queryParams.feedbackMonth]: "3", [queryParams.feedbackYear]: "2026" }),
        years,
      ),
    ).toEqual({ month: 3, year: 2026 });
    expect(
      feedbackFiltersFrom(
        address({ [queryParams.feedbackMonth]: "13", [queryParams.feedbackYear]: "2019" }),
        years,
      ),
    ).toEqual({ month: null, year: null });
    expect(feedbackFiltersFrom(address({ [queryParams.feedbackMonth]: "2.5" }), years).month).toBeNull();
  });

  it("keep a day when its month and year match, or when the filter is all", () => {
    expect(matchesFilters("2026-03-05", { month: null, year: null })).toBe(true);
    expect(matchesFilters("2026-03-05", { month: 3, year: null })).toBe(true);
    expect(matchesFilters("2026-03-05", { month: 3, year: 2026 })).toBe(true);
    expect(matchesFilters("2026-03-05", { month: 4, year: 2026 })).toBe(false);
    expect(matchesFilters("2026-03-05", { month: 3, year: 2025 })).toBe(false);
    expect(matchesFilters("2026-12-31", { month: 12, year: null })).toBe(true);
  });

  it("write one filter into the address, and drop it for all", () => {
    const next = withFeedbackFilter(
      address({ [queryParams.feedbackYear]: "2026" }),
      queryParams.feedbackMonth,
      "7",
    );
    expect(next.get(queryParams.feedbackMonth)).toBe("7");
    expect(next.get(queryParams.feedbackYear)).toBe("2026");
    expect(withFeedbackFilter(next, queryParams.feedbackYear, "").has(queryParams.feedbackYear)).toBe(false);
  });
});
