import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancellationPreview, CancellationResponse } from "../../../domain/cancellation.ts";
import type { CancelLessonInput } from "../../../domain/cancellation-schemas.ts";

/** Why the family cancels: for the weather, the policy's shorter weather notice applies. */
export type FamilyReason = CancelLessonInput["reason"];

import { apiFetch } from "../../api/http.ts";

/** A lesson's cancellation (issue 29, docs/decisions/031): what cancelling now would do, and the cancelling. */
const cancellationPath = (clientId: string, lessonId: number) =>
  `/api/clients/${encodeURIComponent(clientId)}/lessons/${lessonId}/cancellation`;

/** What cancelling for `reason` would do now; never cached: the deadline moves with the clock. */
export function useCancellationPreview(
  clientId: string,
  lessonId: number | null,
  reason: FamilyReason = "family",
) {
  return useQuery({
    queryKey: ["cancellation", clientId, lessonId, reason],
    enabled: lessonId !== null,
    gcTime: 0,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiFetch<CancellationPreview>(
        `${cancellationPath(clientId, lessonId as number)}?${new URLSearchParams({ reason })}`,
        { signal },
      ),
  });
}

/** Cancels, then refreshes the family's bookings (the class shows cancelled) and credits (the new one shows). */
export function useCancelLesson(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, ...body }: CancelLessonInput & { lessonId: number }) =>
      apiFetch<CancellationResponse>(cancellationPath(clientId, lessonId), { method: "POST", body }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
        queryClient.invalidateQueries({ queryKey: ["credits", clientId] }),
      ]);
    },
  });
}
