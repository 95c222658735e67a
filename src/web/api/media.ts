import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  GalleryItem,
  GalleryMediaType,
  GalleryUploadResponse,
  MediaDeleteResponse,
  MediaPage,
  Milestone,
  MilestoneUploadResponse,
} from "../../domain/media.ts";
import { type MediaFilters, mediaListQuery } from "../components/media/media-filters.ts";
import { apiFetch } from "./http.ts";
import { uploadWithProgress } from "./upload.ts";

/**
 * The media calls of the client's pages and the admin's (contract: src/domain/media.ts). One client's lists share
 * a query key, so an upload or a deletion refreshes every list of that client.
 */
type MediaKind = "milestones" | "gallery";
const mediaKey = (kind: MediaKind, clientId: string) => ["media", kind, clientId] as const;
const listPath = (kind: MediaKind, clientId: string, filters: Partial<MediaFilters>) =>
  `/api/clients/${encodeURIComponent(clientId)}/${kind}?${mediaListQuery(filters)}`;

export function useMilestones(clientId: string, filters: Partial<MediaFilters>) {
  return useQuery({
    queryKey: [...mediaKey("milestones", clientId), filters],
    queryFn: ({ signal }) =>
      apiFetch<MediaPage<Milestone>>(listPath("milestones", clientId, filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGallery(clientId: string, filters: Partial<MediaFilters>) {
  return useQuery({
    queryKey: [...mediaKey("gallery", clientId), filters],
    queryFn: ({ signal }) =>
      apiFetch<MediaPage<GalleryItem>>(listPath("gallery", clientId, filters), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Admin: a milestone photo for a client; `onProgress` hears how much of the file has gone (0 to 1). */
export function useUploadMilestone(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, file, swimmerId }: { clientId: string; file: File; swimmerId?: string }) => {
      const form = new FormData();
      form.append("clientId", clientId);
      if (swimmerId) form.append("swimmerId", swimmerId);
      form.append("file", file);
      return uploadWithProgress<MilestoneUploadResponse>("/api/media/milestones", form, { onProgress });
    },
    onSuccess: (_answer, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: mediaKey("milestones", clientId) }),
  });
}

/** `swimmerId`: whose photo it is, for a household of several swimmers (the server checks it is theirs). */
export type GalleryUpload = { clientId: string; date: string; swimmerId?: string } & (
  | { mediaType: Extract<GalleryMediaType, "image">; file: File }
  | { mediaType: Extract<GalleryMediaType, "video">; videoLink: string }
);

/** Admin: a gallery picture (with progress) or a video link. */
export function useUploadGalleryItem(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upload: GalleryUpload) => {
      const form = new FormData();
      form.append("clientId", upload.clientId);
      if (upload.swimmerId) form.append("swimmerId", upload.swimmerId);
      form.append("mediaType", upload.mediaType);
      form.append("date", upload.date);
      if (upload.mediaType === "image") form.append("file", upload.file);
      else form.append("videoLink", upload.videoLink);
      return uploadWithProgress<GalleryUploadResponse>("/api/media/gallery", form, {
        onProgress: upload.mediaType === "image" ? onProgress : undefined,
      });
    },
    onSuccess: (_answer, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: mediaKey("gallery", clientId) }),
  });
}

/** Admin: removes a milestone or gallery item uploaded by mistake. */
export function useDeleteMedia(kind: MediaKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; clientId: string }) =>
      apiFetch<MediaDeleteResponse>(`/api/media/${kind}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_answer, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: mediaKey(kind, clientId) }),
  });
}
