import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OverviewResponse } from "../../../domain/reports.ts";
import { apiFetch } from "../../api/http.ts";

/** The overview (contract: src/domain/reports.ts). The server counts it at most once a minute; Refresh asks anew. */
const overviewKey = ["overview"] as const;

export function useOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: ({ signal }) => apiFetch<OverviewResponse>("/api/overview", { signal }),
  });
}

export function useRefreshOverview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<OverviewResponse>("/api/overview?fresh=1"),
    onSuccess: (fresh) => queryClient.setQueryData(overviewKey, fresh),
  });
}

/** Sends a failed mail again (POST /api/mail/:id/retry), then counts the overview anew. */
export function useRetryMail() {
  const refresh = useRefreshOverview();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>(`/api/mail/${id}/retry`, { method: "POST" }),
    onSettled: () => refresh.mutate(),
  });
}
