import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SchoolSettingsResponse, SetupChecklistResponse } from "../../../domain/api.ts";
import type { SchoolSettings, SetupItem } from "../../../domain/school-settings.ts";
import { apiFetch } from "../../api/http.ts";

const settingsKey = ["settings"] as const;

/** Where on School settings each checklist item is fixed (the section's id, the address's #fragment). */
export const settingsSectionOf: Record<SetupItem, string> = {
  contractForm: "contract-form",
  contacts: "contacts",
  reels: "reels",
  mail: "mail",
  payments: "payments",
};

export function useSchoolSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiFetch<SchoolSettingsResponse>("/api/settings", { signal }),
    // The form is filled once from what the server has: a refetch must not replace what the owner is typing.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function useSetupChecklist() {
  return useQuery({
    queryKey: [...settingsKey, "setup"],
    queryFn: ({ signal }) => apiFetch<SetupChecklistResponse>("/api/settings/setup", { signal }),
  });
}

export function useSaveSchoolSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SchoolSettings) =>
      apiFetch<SchoolSettingsResponse>("/api/settings", { method: "PUT", body: settings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...settingsKey, "setup"] });
    },
  });
}
