import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CancellationResponse } from "../../../domain/cancellation.ts";
import type {
  SchoolCancellationPreview,
  SchoolCancellationReason,
  WeatherDayPreview,
  WeatherDayResult,
} from "../../../domain/school-cancellation.ts";
import type {
  SchoolCancelInput,
  WeatherDayInput,
  WeatherDayQuery,
} from "../../../domain/school-cancellation-schemas.ts";
import { apiFetch } from "../../api/http.ts";

/** The school cancels one lesson or declares a weather day (issue 29, docs/decisions/034). */
const schoolCancellationPath = (lessonId: number) => `/api/lessons/${lessonId}/school-cancellation`;

/** Where a cancellation shows: Manage Bookings, /today, the family's pages read again. */
async function refreshLessons(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ["bookings"] }),
    queryClient.invalidateQueries({ queryKey: ["today"] }),
  ]);
}

/** What the school's cancelling the lesson does now; never cached (the policy version and the day decide). */
export function useSchoolCancellationPreview(lessonId: number | null, reason: SchoolCancellationReason) {
  return useQuery({
    queryKey: ["school-cancellation", lessonId, reason],
    enabled: lessonId !== null,
    gcTime: 0,
    staleTime: 0,
    queryFn: ({ signal }) =>
      apiFetch<SchoolCancellationPreview>(`${schoolCancellationPath(lessonId as number)}?reason=${reason}`, {
        signal,
      }),
  });
}

export function useCancelBySchool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lessonId, ...body }: SchoolCancelInput & { lessonId: number }) =>
      apiFetch<CancellationResponse>(schoolCancellationPath(lessonId), { method: "POST", body }),
    onSettled: () => refreshLessons(queryClient),
  });
}

const weatherDayQuery = (query: WeatherDayQuery) => {
  const search = new URLSearchParams({ date: query.date });
  if (query.from) search.set("from", query.from);
  if (query.to) search.set("to", query.to);
  if (query.instructorId) search.set("instructorId", query.instructorId);
  return `/api/weather-day?${search}`;
};

/** The lessons a weather day would cancel, asked for when the form is sent (`query` null: not yet). */
export function useWeatherDayPreview(query: WeatherDayQuery | null) {
  return useQuery({
    queryKey: ["weather-day", query],
    enabled: query !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    queryFn: ({ signal }) =>
      apiFetch<WeatherDayPreview>(weatherDayQuery(query as WeatherDayQuery), { signal }),
  });
}

export function useDeclareWeatherDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WeatherDayInput) =>
      apiFetch<WeatherDayResult>("/api/weather-day", { method: "POST", body: input }),
    onSettled: () => refreshLessons(queryClient),
  });
}
