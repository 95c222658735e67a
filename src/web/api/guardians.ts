import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  GuardianChangeResponse,
  GuardiansResponse,
  InviteGuardianInput,
  InviteGuardianResponse,
} from "../../domain/guardians.ts";
import { apiFetch } from "./http.ts";

/**
 * A household's guardians and invitations (contract: src/domain/guardians.ts): the family page's calls and the
 * admin's in Edit Client.
 */
const id = (value: string) => encodeURIComponent(value);
const guardiansPath = (clientId: string) => `/api/clients/${id(clientId)}/guardians`;
const guardiansKey = (clientId: string) => ["guardians", clientId] as const;

export function useGuardians(clientId: string) {
  return useQuery({
    queryKey: guardiansKey(clientId),
    queryFn: ({ signal }) => apiFetch<GuardiansResponse>(guardiansPath(clientId), { signal }),
  });
}

function useGuardianChange<Input, Answer>(clientId: string, call: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: guardiansKey(clientId) }),
  });
}

export const useInviteGuardian = (clientId: string) =>
  useGuardianChange(clientId, (input: InviteGuardianInput) =>
    apiFetch<InviteGuardianResponse>(`${guardiansPath(clientId)}/invitations`, { body: input }),
  );

export const useRevokeInvitation = (clientId: string) =>
  useGuardianChange(clientId, (invitationId: string) =>
    apiFetch<GuardianChangeResponse>(`${guardiansPath(clientId)}/invitations/${id(invitationId)}`, {
      method: "DELETE",
    }),
  );

export const useRemoveGuardian = (clientId: string) =>
  useGuardianChange(clientId, (userId: string) =>
    apiFetch<GuardianChangeResponse>(`${guardiansPath(clientId)}/${id(userId)}`, { method: "DELETE" }),
  );
