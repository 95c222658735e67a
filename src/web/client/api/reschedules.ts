import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AskRescheduleResponse,
  DecideRescheduleResponse,
  HouseholdReschedulesResponse,
  RescheduleOptionsResponse,
} from "../../../domain/reschedules.ts";
import type { AskRescheduleInput } from "../../../domain/reschedules-schemas.ts";
import { apiFetch } from "../../api/http.ts";

/** Moving a lesson (issue 29, docs/decisions/033): the free times, asking, withdrawing, the requests waiting. */
const reschedulePath = (clientId: string, lessonId: number) =>
  `/api/clients/${encodeURIComponent(clientId)}/lessons/${lessonId}/reschedule`;
const householdKey = (clientId: string) => ["reschedules", clientId] as const;

/** The household's requests waiting (Booking Details marks their classes). */
export function useHouseholdReschedules(clientId: string | null) {
  return useQuery({
    queryKey: householdKey(clientId ?? ""),
    enabled: clientId !== null,
    queryFn: ({ signal }) =>
      apiFetch<HouseholdReschedulesResponse>(
        `/api/clients/${encodeURIComponent(clientId as string)}/reschedules`,
        {
          signal,
        },
      ),
  });
}

/** Whether the class can be moved and the free times; never cached: the notice moves with the clock. */
export function useRescheduleOptions(clientId: string, lessonId: number) {
  return useQuery({
    queryKey: ["reschedule", clientId, lessonId],
    gcTime: 0,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiFetch<RescheduleOptionsResponse>(reschedulePath(clientId, lessonId), { signal }),
  });
}

function useRefresh(clientId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      queryClient.invalidateQueries({ queryKey: householdKey(clientId) }),
    ]);
  };
}

/** Asks for a free time (moved at once when the school says so), then refreshes the bookings and the requests. */
export function useAskReschedule(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: ({ lessonId, ...body }: AskRescheduleInput & { lessonId: number }) =>
      apiFetch<AskRescheduleResponse>(reschedulePath(clientId, lessonId), { method: "POST", body }),
    onSettled: refresh,
  });
}

export function useWithdrawReschedule(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: (lessonId: number) =>
      apiFetch<DecideRescheduleResponse>(reschedulePath(clientId, lessonId), { method: "DELETE" }),
    onSettled: refresh,
  });
}
