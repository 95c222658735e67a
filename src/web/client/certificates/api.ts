import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../domain/api.ts";
import type { PassedLevelsResponse, ShareLinkResponse } from "../../../domain/certificates.ts";
import { apiFetch } from "../../api/http.ts";

/** The family's side of certificates (contract: src/domain/certificates.ts): a swimmer's levels and share links. */
const passedLevelsKey = (swimmerId: string) => ["certificates", "of", swimmerId] as const;
const levelResultPath = (id: number, what: string) => `/api/level-results/${id}/${what}`;

/** `enabled` false: not asked (a guardian who may not see progress would be refused). */
export function usePassedLevels(swimmerId: string, enabled = true) {
  return useQuery({
    queryKey: passedLevelsKey(swimmerId),
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<PassedLevelsResponse>(`/api/swimmers/${encodeURIComponent(swimmerId)}/level-results`, {
        signal,
      }),
  });
}

/** A new share link of the certificate (it replaces the last one). */
export function useShareCertificate(swimmerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levelResultId: number) =>
      apiFetch<ShareLinkResponse>(levelResultPath(levelResultId, "share"), { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passedLevelsKey(swimmerId) }),
  });
}

export function useStopSharing(swimmerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levelResultId: number) =>
      apiFetch<MessageResponse>(levelResultPath(levelResultId, "share"), { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passedLevelsKey(swimmerId) }),
  });
}
