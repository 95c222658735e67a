import { galleryMediaTypes } from "./media.ts";
import { mediaMessages } from "./messages.ts";
import { pageNumberParam } from "./query.ts";
import { said, z } from "./zod.ts";

/**
 * The media API's request schemas (zod), apart from media.ts's contract, which the client pages read without the
 * validation library (docs/decisions/044).
 */

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
