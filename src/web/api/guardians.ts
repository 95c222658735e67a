import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  GuardianChangeResponse,
  GuardianListItem,
  GuardiansResponse,
  InviteGuardianResponse,
  PendingInvitation,
} from "../../domain/guardians.ts";
import type { InviteGuardianInput } from "../../domain/guardians-schemas.ts";
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

/** A change that waits for a confirmation: removing a guardian or revoking an invitation. */
export type GuardianChange =
  | { kind: "remove"; guardian: GuardianListItem }
  | { kind: "revoke"; invitation: PendingInvitation };

/** Carries out a confirmed change; answers with the server's message. */
export function useConfirmedGuardianChange(clientId: string) {
  const remove = useRemoveGuardian(clientId);
  const revoke = useRevokeInvitation(clientId);
  return {
    busy: remove.isPending || revoke.isPending,
    apply: async (change: GuardianChange) =>
      (change.kind === "remove"
        ? await remove.mutateAsync(change.guardian.userId)
        : await revoke.mutateAsync(change.invitation.id)
      ).message,
  };
}
