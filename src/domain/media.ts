/**
 * Milestones and the gallery (spec §2, §3, §5, §9): the contract between the media API and its pages. Files are
 * private: each URL below answers only to the client it belongs to and to admins.
 */

/** Spec §9 page sizes. */
export const milestonePageSize = 8;
export const galleryPageSize = 9;
/** Largest upload, in bytes: beyond it the server answers 413 and keeps nothing. */
export const maxUploadBytes = 10 * 1024 * 1024;
/** Largest picture accepted, in pixels (width × height): larger ones are refused as decompression bombs. */
export const maxUploadPixels = 50_000_000;
/** The long side of the stored picture; the grid's thumbnail long side. */
export const storedLongSide = 2048;
export const thumbnailLongSide = 400;

export const galleryMediaTypes = ["image", "video"] as const;
export type GalleryMediaType = (typeof galleryMediaTypes)[number];

/** Spec §2: the filters offer the current year and the four before it. */
export function filterYears(today: Date): number[] {
  const year = today.getFullYear();
  return [year, year - 1, year - 2, year - 3, year - 4];
}

/** A milestone photo. `imageUrl` is the full picture (JPEG, for the preview and Download). */
export interface Milestone {
  id: string;
  clientId: string;
  /** Whose milestone. */
  swimmerId: string | null;
  /** When it was uploaded (ISO 8601); the filters use its month and year. */
  timestamp: string;
  imageUrl: string;
  thumbnailUrl: string;
}

/** A gallery item: a picture stored here, or a link to a video elsewhere. */
export interface GalleryItem {
  id: string;
  clientId: string;
  /** Who is in it. */
  swimmerId: string | null;
  mediaType: GalleryMediaType;
  /** The date the admin chose (YYYY-MM-DD); the filters use its month and year. */
  date: string;
  uploadedAt: string;
  imageUrl: string | null;
  thumbnailUrl: string | null;
  videoLink: string | null;
}

export interface MediaPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** POST /api/media/milestones answers 201 with this. */
export interface MilestoneUploadResponse {
  milestone: Milestone;
  message: string;
}

/** POST /api/media/gallery answers 201 with this. */
export interface GalleryUploadResponse {
  item: GalleryItem;
  message: string;
}

export interface MediaDeleteResponse {
  message: string;
}
