import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InstructorListResponse,
  NewInstructorInput,
  NewInstructorResponse,
} from "../../../domain/lesson-schedule.ts";
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
