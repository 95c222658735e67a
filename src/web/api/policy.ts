import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancellationPolicy, PolicyResponse } from "../../domain/policy.ts";
import { apiFetch } from "./http.ts";

/**
 * The school's cancellation policy (contract: src/domain/policy.ts): the version in force, which families read on
 * /payments and the owner edits on School settings.
 */
const policyKey = ["policy"] as const;

export function usePolicy() {
  return useQuery({
    queryKey: policyKey,
    queryFn: ({ signal }) => apiFetch<PolicyResponse>("/api/policy", { signal }),
  });
}

/** The owner's save: a new version, which every reader of the policy then gets. */
export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: CancellationPolicy) =>
      apiFetch<PolicyResponse>("/api/settings/policy", { method: "PUT", body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(policyKey, saved),
  });
}
