import { isStartTime } from "./lesson-schedule.ts";
import { rescheduleMessages } from "./reschedules.ts";
import { isIsoDay } from "./school-day.ts";
import { said, z } from "./zod.ts";

/**
 * The reschedules' request schemas (zod), apart from reschedules.ts's rules and words, which Booking Details reads
 * without the validation library (docs/decisions/044).
 */

const day = z.string(said(() => rescheduleMessages.timeChoice)).refine(
  isIsoDay,
  said(() => rescheduleMessages.timeChoice),
);
const start = z.string(said(() => rescheduleMessages.timeChoice)).refine(
  isStartTime,
  said(() => rescheduleMessages.timeChoice),
);

/** POST …/lessons/:lessonId/reschedule: the free time chosen. */
export const askRescheduleSchema = z.strictObject({ date: day, startTime: start });
export type AskRescheduleInput = z.infer<typeof askRescheduleSchema>;

/** PUT /api/settings/reschedules */
export const rescheduleSettingsSchema = z.strictObject({
  automatic: z.boolean(said(() => rescheduleMessages.settingChoice)),
});
export type RescheduleSettings = z.infer<typeof rescheduleSettingsSchema>;
