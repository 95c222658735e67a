import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DecideRescheduleResponse,
  PendingReschedulesResponse,
  RescheduleSettingsResponse,
} from "../../../domain/reschedules.ts";
import type { RescheduleSettings } from "../../../domain/reschedules-schemas.ts";
import { apiFetch } from "../../api/http.ts";

/** The school's side of moving lessons (docs/decisions/033): the requests waiting, deciding, the setting. */
const waitingKey = ["reschedules", "waiting"] as const;
const settingsKey = ["reschedules", "settings"] as const;

export function useWaitingReschedules() {
  return useQuery({
    queryKey: waitingKey,
    queryFn: ({ signal }) => apiFetch<PendingReschedulesResponse>("/api/reschedules", { signal }),
  });
}

/** Accepts or declines; the lists and the day (a lesson moved in or out) are read again. */
export function useDecideReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, decision }: { requestId: number; decision: "accept" | "decline" }) =>
      apiFetch<DecideRescheduleResponse>(`/api/reschedules/${requestId}/${decision}`, { method: "POST" }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: waitingKey }),
        queryClient.invalidateQueries({ queryKey: ["today"] }),
        queryClient.invalidateQueries({ queryKey: ["bookings"] }),
      ]);
    },
  });
}

export function useRescheduleSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiFetch<RescheduleSettingsResponse>("/api/settings/reschedules", { signal }),
  });
}

export function useSaveRescheduleSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RescheduleSettings) =>
      apiFetch<RescheduleSettingsResponse>("/api/settings/reschedules", { method: "PUT", body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
