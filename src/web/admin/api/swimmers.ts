import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NewSwimmerInput,
  RemoveSwimmerResponse,
  Swimmer,
  SwimmerResponse,
  SwimmersResponse,
  UpdateSwimmerInput,
} from "../../../domain/swimmers.ts";
import { apiFetch } from "../../api/http.ts";

/**
 * The admin's calls for a household's swimmers (Edit Client). A change also refreshes the clients lists, which show
 * each family's swimmers under its name.
 */
const swimmersPath = (clientId: string) => `/api/clients/${encodeURIComponent(clientId)}/swimmers`;
const swimmersKey = (clientId: string) => ["clients", clientId, "swimmers"] as const;

/** `clientId` empty: no client chosen yet, nothing to ask. */
export function useHouseholdSwimmers(clientId: string) {
  return useQuery({
    queryKey: swimmersKey(clientId),
    enabled: clientId !== "",
    queryFn: async ({ signal }) =>
      (await apiFetch<SwimmersResponse>(swimmersPath(clientId), { signal })).swimmers as Swimmer[],
  });
}

function useSwimmerMutation<I>(call: (input: I) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["clients"] }),
  });
}

export function useAddSwimmer(clientId: string) {
  return useSwimmerMutation((input: NewSwimmerInput) =>
    apiFetch<SwimmerResponse>(swimmersPath(clientId), { body: input }),
  );
}

export function useUpdateSwimmer(clientId: string) {
  return useSwimmerMutation(({ id, input }: { id: string; input: UpdateSwimmerInput }) =>
    apiFetch<SwimmerResponse>(`${swimmersPath(clientId)}/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: input,
    }),
  );
}

export function useRemoveSwimmer(clientId: string) {
  return useSwimmerMutation((id: string) =>
    apiFetch<RemoveSwimmerResponse>(`${swimmersPath(clientId)}/${encodeURIComponent(id)}`, {
      method: "DELETE",
    }),
  );
}
