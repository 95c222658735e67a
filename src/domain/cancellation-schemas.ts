import { cancellationMessages, familyCancellationReasons } from "./cancellation.ts";
import { said, z } from "./zod.ts";

/**
 * The lesson cancellation's request schemas (zod), apart from cancellation.ts's rules and words, which Booking
 * Details reads without the validation library (docs/decisions/044).
 */

export const cancellationReasonSchema = z.enum(
  familyCancellationReasons,
  said(() => cancellationMessages.reasonChoice),
);

export const cancellationPreviewQuerySchema = z
  .object({ reason: cancellationReasonSchema.default("family") })
  .strict();

/** POST body: why, and the outcome the family was shown (a different one now is a 409, nothing applied). */
export const cancelLessonSchema = z
  .object({
    reason: cancellationReasonSchema,
    expectedOutcome: z.enum(
      ["class-used", "credit"],
      said(() => cancellationMessages.outcomeChoice),
    ),
  })
  .strict();
export type CancelLessonInput = z.infer<typeof cancelLessonSchema>;
