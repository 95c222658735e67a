import { useQuery } from "@tanstack/react-query";
import type { ProgressResponse } from "../../../domain/progress.ts";
import { apiFetch } from "../../api/http.ts";

/** The household's swimmers' skills (GET /api/clients/:clientId/progress). */
export function useHouseholdProgress(clientId: string) {
  return useQuery({
    queryKey: ["progress", clientId],
    queryFn: ({ signal }) =>
      apiFetch<ProgressResponse>(`/api/clients/${encodeURIComponent(clientId)}/progress`, { signal }),
  });
}
