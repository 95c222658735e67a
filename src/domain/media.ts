import { mediaMessages } from "./messages.ts";
import { pageNumberParam } from "./query.ts";
import { said, z } from "./zod.ts";

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

const monthParam = z
  .string()
  .regex(
    /^([1-9]|1[0-2])$/,
    said(() => mediaMessages.monthInvalid),
  )
  .transform(Number);
const yearParam = z
  .string()
  .regex(
    /^[0-9]{4}$/,
    said(() => mediaMessages.yearInvalid),
  )
  .transform(Number);

/** GET /api/clients/:clientId/milestones?month=&year=&page= (month and year optional: all). */
export const milestoneListQuerySchema = z.object({
  month: monthParam.optional(),
  year: yearParam.optional(),
  /** One swimmer's items (a household of several); absent: the household's. */
  swimmer: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      said(() => mediaMessages.swimmerInvalid),
    )
    .optional(),
  page: pageNumberParam("page").default(1),
});
export type MilestoneListQuery = z.infer<typeof milestoneListQuerySchema>;

/** GET /api/clients/:clientId/gallery?month=&year=&type=&page= (type: image or video; absent: all types). */
export const galleryListQuerySchema = milestoneListQuerySchema.extend({
  type: z
    .enum(
      galleryMediaTypes,
      said(() => mediaMessages.typeInvalid),
    )
    .optional(),
});
export type GalleryListQuery = z.infer<typeof galleryListQuerySchema>;

/** A pasted video link: http or https only (never javascript:, data: …). */
export const videoLinkSchema = z
  .string(said(() => mediaMessages.galleryVideoMissing))
  .trim()
  .min(
    1,
    said(() => mediaMessages.galleryVideoMissing),
  )
  .max(
    2000,
    said(() => mediaMessages.videoLinkTooLong),
  )
  .pipe(z.url({ protocol: /^https?$/, ...said(() => mediaMessages.videoLinkNotWeb) }));

/** A gallery date as the date input gives it. */
export const galleryDateSchema = z.string(said(() => mediaMessages.galleryMissing)).regex(
  /^\d{4}-\d{2}-\d{2}$/,
  said(() => mediaMessages.galleryMissing),
);
