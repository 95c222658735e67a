import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AvailabilityResponse } from "../../../domain/instructor-availability.ts";
import type { TimeOffInput, WeeklyHoursInput } from "../../../domain/instructor-availability-schemas.ts";
import type {
  InstructorListResponse,
  NewInstructorResponse,
  StaffMember,
} from "../../../domain/lesson-schedule.ts";
import type { NewInstructorInput } from "../../../domain/lesson-schedule-schemas.ts";
import { apiFetch } from "../../api/http.ts";

const instructorsKey = ["instructors"] as const;

/** Whom a lesson may be given to (the booking pages' Instructor select, the owner's Instructors page). */
export function useInstructors(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: instructorsKey,
    queryFn: async ({ signal }) =>
      (await apiFetch<InstructorListResponse>("/api/instructors", { signal })).instructors,
    staleTime: 60_000,
    enabled: options.enabled ?? true,
  });
}

/** The owner creates an instructor's account; the answer holds its temporary password, shown once. */
export function useCreateInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewInstructorInput) =>
      apiFetch<NewInstructorResponse>("/api/instructors", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instructorsKey }),
  });
}

const availabilityKey = (instructorId: string) => ["instructors", instructorId, "availability"] as const;
const availabilityPath = (instructorId: string) => `/api/instructors/${encodeURIComponent(instructorId)}`;

/** A staff member's weekly hours and time off (the owner's for anyone, an instructor's for themselves). */
export function useAvailability(instructorId: string) {
  return useQuery({
    queryKey: availabilityKey(instructorId),
    queryFn: ({ signal }) =>
      apiFetch<AvailabilityResponse>(`${availabilityPath(instructorId)}/availability`, { signal }),
  });
}

type AvailabilitySaved = AvailabilityResponse & { message: string };

function useAvailabilityMutation<Input>(
  instructorId: string,
  call: (input: Input) => Promise<AvailabilitySaved>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(availabilityKey(instructorId), answer),
  });
}

export const useSetWeeklyHours = (instructorId: string) =>
  useAvailabilityMutation(instructorId, (input: WeeklyHoursInput) =>
    apiFetch<AvailabilitySaved>(`${availabilityPath(instructorId)}/weekly-hours`, {
      method: "PUT",
      body: input,
    }),
  );

export const useAddTimeOff = (instructorId: string) =>
  useAvailabilityMutation(instructorId, (input: TimeOffInput) =>
    apiFetch<AvailabilitySaved>(`${availabilityPath(instructorId)}/time-off`, { body: input }),
  );

export const useRemoveTimeOff = (instructorId: string) =>
  useAvailabilityMutation(instructorId, (timeOffId: number) =>
    apiFetch<AvailabilitySaved>(`${availabilityPath(instructorId)}/time-off/${timeOffId}`, {
      method: "DELETE",
    }),
  );

/** The owner renames a staff account: the name families read as "with …". */
export function useRenameStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<{ instructor: StaffMember; message: string }>(availabilityPath(id), {
        method: "PATCH",
        body: { name },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["instructors"] }),
  });
}
