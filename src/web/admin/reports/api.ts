import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ReportsResponse } from "../../../domain/reports.ts";
import { apiFetch } from "../../api/http.ts";

export interface MonthRange {
  from: string;
  to: string;
}

const rangeQuery = (range: MonthRange | null) =>
  range ? `?${new URLSearchParams({ from: range.from, to: range.to })}` : "";

/** The reports over `range` (null: the server's default, the twelve months up to this one). */
export function useReports(range: MonthRange | null) {
  return useQuery({
    queryKey: ["reports", range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => apiFetch<ReportsResponse>(`/api/reports${rangeQuery(range)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Where a report's CSV downloads from (the session cookie goes with a plain link). */
export const reportCsvPath = (name: string, range: MonthRange) =>
  `/api/reports/${name}.csv${rangeQuery(range)}`;
export const exportCsvPath = (name: string) => `/api/exports/${name}.csv`;
