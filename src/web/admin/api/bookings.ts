import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookingDraftResponse,
  BookingPageResponse,
  BookWithCreditResponse,
  SaveBookingResponse,
} from "../../../domain/bookings.ts";
import type {
  BookWithCreditInput,
  bookingListQuerySchema,
  EditBookingInput,
  LessonScheduleInput,
  LessonSwimmersInput,
  SaveBookingInput,
  SaveFeedbackInput,
} from "../../../domain/bookings-schemas.ts";
import type { z } from "../../../domain/zod.ts";
import { apiFetch } from "../../api/http.ts";

/**
 * The admin's booking calls: Create Booking, Manage Bookings and Add Feedback. Every change refreshes every booking
 * query, and the clients' (their plan summaries count booked classes).
 */
const bookingsKey = ["bookings"] as const;
const clientsKey = ["clients"] as const;

const bookingPath = (id: number) => `/api/bookings/${id}`;

/** The two paged lists: Manage Bookings (by client name) and Add Feedback (by title or client name). */
function useBookingPage(list: "all" | "feedback", search: string, page: number) {
  // Named by the server's schema, so renaming a parameter there breaks this call at compile time.
  const query = { search, page: String(page) } satisfies Record<
    keyof z.input<typeof bookingListQuerySchema>,
    string
  >;
  const path = list === "all" ? "/api/bookings" : "/api/bookings/feedback-list";
  return useQuery({
    queryKey: [...bookingsKey, list, query],
    queryFn: ({ signal }) =>
      apiFetch<BookingPageResponse>(`${path}?${new URLSearchParams(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const useBookingList = (search: string, page: number) => useBookingPage("all", search, page);
export const useFeedbackList = (search: string, page: number) => useBookingPage("feedback", search, page);

/** What Create Booking loads for a picked client; fetched on the pick, so its refusal is handled right there. */
export const bookingDraftQuery = (clientId: string) =>
  queryOptions({
    queryKey: [...bookingsKey, "draft", clientId],
    queryFn: ({ signal }) =>
      apiFetch<BookingDraftResponse>(`/api/bookings/draft/${encodeURIComponent(clientId)}`, { signal }),
    staleTime: 0,
  });

function useBookingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKey }),
        queryClient.invalidateQueries({ queryKey: clientsKey }),
      ]),
  });
}

/** Create Booking's save: creates the client's booking for its plan, or replaces that booking's future dates. */
export const useSaveBooking = () =>
  useBookingMutation((input: SaveBookingInput) =>
    apiFetch<SaveBookingResponse>("/api/bookings", { body: input }),
  );

/** Create Booking's class credits: one date booked with one of the household's credits (docs/decisions/032). */
export const useBookWithCredit = () =>
  useBookingMutation((input: BookWithCreditInput) =>
    apiFetch<BookWithCreditResponse>("/api/bookings/credit-lesson", { body: input }),
  );

/** Edit Booking Dates: the chosen today-and-later dates; the server keeps the past ones. */
export const useEditBooking = () =>
  useBookingMutation(({ id, input }: { id: number; input: EditBookingInput }) =>
    apiFetch<SaveBookingResponse>(bookingPath(id), { method: "PATCH", body: input }),
  );

/** Who swims in one of the booking's classes (Manage Bookings, a household of several swimmers). */
export const useSetClassSwimmers = () =>
  useBookingMutation(({ id, input }: { id: number; input: LessonSwimmersInput }) =>
    apiFetch<SaveBookingResponse>(`${bookingPath(id)}/swimmers`, { method: "PUT", body: input }),
  );

/** One class's start time and instructor (Manage Bookings' Times and instructors). */
export const useSetClassSchedule = () =>
  useBookingMutation(({ id, input }: { id: number; input: LessonScheduleInput }) =>
    apiFetch<SaveBookingResponse>(`${bookingPath(id)}/schedule`, { method: "PUT", body: input }),
  );

export const useDeleteBooking = () =>
  useBookingMutation((id: number) => apiFetch<{ message: string }>(bookingPath(id), { method: "DELETE" }));

/** Add Feedback's save: date → text (an empty text clears that date's feedback). */
export const useSaveFeedback = () =>
  useBookingMutation(({ id, input }: { id: number; input: SaveFeedbackInput }) =>
    apiFetch<SaveBookingResponse>(`${bookingPath(id)}/feedback`, { method: "PUT", body: input }),
  );
