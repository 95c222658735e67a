import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CurriculumResponse } from "../../../domain/curriculum.ts";
import { apiFetch } from "../../api/http.ts";

const curriculumKey = ["curriculum"] as const;

/** The school's levels, skills and current rating scale (retired ones included). */
export function useCurriculum() {
  return useQuery({
    queryKey: curriculumKey,
    queryFn: ({ signal }) => apiFetch<CurriculumResponse>("/api/curriculum", { signal }),
  });
}

export interface CurriculumChange {
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  /** Under /api/curriculum. */
  path: string;
  body?: unknown;
}

/** Any of the owner's changes: each answers with the whole curriculum as it now is, which replaces the cached one. */
export function useCurriculumChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CurriculumChange) =>
      apiFetch<CurriculumResponse & { message: string }>(`/api/curriculum${change.path}`, {
        method: change.method,
        body: change.body ?? (change.method === "DELETE" ? undefined : {}),
      }),
    onSuccess: (answer) => queryClient.setQueryData(curriculumKey, answer),
  });
}
