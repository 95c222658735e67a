import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CertificateSettingsResponse } from "../../../domain/api.ts";
import type { ApproveCertificateResponse, CertificateReviewResponse } from "../../../domain/certificates.ts";
import type { CertificateSettings } from "../../../domain/school-settings-schema.ts";
import { apiFetch } from "../../api/http.ts";

/** The owner's side of certificates (contract: src/domain/certificates.ts): /certificates, /admin's count, School settings. */
const reviewKey = ["certificates", "review"] as const;
const settingsKey = ["certificates", "settings"] as const;

export function useCertificateReview() {
  return useQuery({
    queryKey: reviewKey,
    queryFn: ({ signal }) => apiFetch<CertificateReviewResponse>("/api/level-results", { signal }),
  });
}

export function useApproveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levelResultId: number) =>
      apiFetch<ApproveCertificateResponse>(`/api/level-results/${levelResultId}/approve`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKey }),
  });
}

/** School settings' "Approve certificates before publishing". */
export function useCertificateSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiFetch<CertificateSettingsResponse>("/api/settings/certificates", { signal }),
  });
}

export function useSaveCertificateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: CertificateSettings) =>
      apiFetch<CertificateSettingsResponse>("/api/settings/certificates", { method: "PUT", body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
