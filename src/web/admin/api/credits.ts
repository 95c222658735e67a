import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreditChangeResponse, CreditsResponse } from "../../../domain/credits.ts";
import type { IssueCreditInput, VoidCreditInput } from "../../../domain/credits-schemas.ts";
import { apiFetch } from "../../api/http.ts";

/** The owner's calls for a household's class credits (Edit Client). */
const creditsPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/credits`;
const creditsKey = (clientId: string) => ["clients", clientId, "credits"] as const;

export function useHouseholdCredits(clientId: string) {
  return useQuery({
    queryKey: creditsKey(clientId),
    queryFn: ({ signal }) => apiFetch<CreditsResponse>(creditsPath(clientId), { signal }),
  });
}

function useCreditMutation<I>(clientId: string, call: (input: I) => Promise<CreditChangeResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditsKey(clientId) }),
  });
}

export function useIssueCredit(clientId: string) {
  return useCreditMutation(clientId, (input: IssueCreditInput) =>
    apiFetch<CreditChangeResponse>(creditsPath(clientId), { body: input }),
  );
}

export function useVoidCredit(clientId: string) {
  return useCreditMutation(clientId, ({ id, input }: { id: number; input: VoidCreditInput }) =>
    apiFetch<CreditChangeResponse>(`${creditsPath(clientId)}/${id}/void`, { body: input }),
  );
}
