import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CalendarFeedResponse,
  ClientBookingsResponse,
  ReminderSettingsResponse,
} from "../../../domain/bookings.ts";
import { apiFetch } from "../../api/http.ts";

/**
 * The client pages' booking calls (contract: src/domain/bookings.ts): the client's own bookings with feedback, the
 * class-reminder setting and the private calendar-feed address. Keys start with "bookings", so an admin's change to
 * bookings on the same browser refreshes these too.
 */
const id = (value: string) => encodeURIComponent(value);
const clientPath = (clientId: string, what: string) => `/api/clients/${id(clientId)}/${what}`;
const bookingsKey = (clientId: string) => ["bookings", "client", clientId] as const;
const remindersKey = (clientId: string) => ["bookings", "reminders", clientId] as const;
const calendarFeedKey = (clientId: string) => ["bookings", "calendar-feed", clientId] as const;

export function useClientBookings(clientId: string) {
  return useQuery({
    queryKey: bookingsKey(clientId),
    queryFn: ({ signal }) => apiFetch<ClientBookingsResponse>(clientPath(clientId, "bookings"), { signal }),
  });
}

const noSwimmers: ClientBookingsResponse["swimmers"] = [];

/** The household's swimmers, from the bookings answer (one call serves both; empty until it arrives). */
export function useHouseholdSwimmers(clientId: string): ClientBookingsResponse["swimmers"] {
  return useClientBookings(clientId).data?.swimmers ?? noSwimmers;
}

export function useReminderSettings(clientId: string) {
  return useQuery({
    queryKey: remindersKey(clientId),
    queryFn: ({ signal }) =>
      apiFetch<ReminderSettingsResponse>(clientPath(clientId, "reminders"), { signal }),
  });
}

export function useSaveReminderSettings(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch<ReminderSettingsResponse>(clientPath(clientId, "reminders"), {
        method: "PUT",
        body: { enabled },
      }),
    onSuccess: (answer) => queryClient.setQueryData(remindersKey(clientId), answer),
  });
}

export function useCalendarFeed(clientId: string) {
  return useQuery({
    queryKey: calendarFeedKey(clientId),
    queryFn: ({ signal }) =>
      apiFetch<CalendarFeedResponse>(clientPath(clientId, "calendar-feed"), { signal }),
  });
}

/** Makes the private address, or renews it: the old one stops working at once. */
export function useNewCalendarFeed(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<CalendarFeedResponse>(clientPath(clientId, "calendar-feed"), { method: "POST" }),
    onSuccess: (answer) => queryClient.setQueryData(calendarFeedKey(clientId), answer),
  });
}
