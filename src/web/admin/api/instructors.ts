import { useQuery } from "@tanstack/react-query";
import type { InstructorListResponse } from "../../../domain/lesson-schedule.ts";
import { apiFetch } from "../../api/http.ts";

/** Whom a lesson may be given to (the booking pages' Instructor select). */
export function useInstructors() {
  return useQuery({
    queryKey: ["instructors"],
    queryFn: async ({ signal }) =>
      (await apiFetch<InstructorListResponse>("/api/instructors", { signal })).instructors,
    staleTime: 60_000,
  });
}
