import { useQuery } from "@tanstack/react-query";
import type { CreditsResponse } from "../../../domain/credits.ts";
import { apiFetch } from "../../api/http.ts";

/** The household's class credits (issue 29), for its guardians allowed to book. */
export function useOwnCredits(clientId: string, enabled = true) {
  return useQuery({
    queryKey: ["credits", clientId],
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<CreditsResponse>(`/api/clients/${encodeURIComponent(clientId)}/credits`, { signal }),
  });
}
