import { availabilityMessages, isSpanTime, type WeeklySpan } from "./instructor-availability.ts";
import { minutesOf } from "./lesson-schedule.ts";
import { isIsoDay } from "./school-day.ts";
import { said, z } from "./zod.ts";

/**
 * Instructors' hours, time off and names as the owner sends them (zod schemas), apart from
 * instructor-availability.ts's rules and words, which Booking Details reads without the validation library
 * (docs/decisions/044).
 */

const spanTime = z.string(said(() => availabilityMessages.spanTimeFormat)).refine(
  isSpanTime,
  said(() => availabilityMessages.spanTimeFormat),
);

const weeklySpan = z
  .object({
    weekday: z
      .number(said(() => availabilityMessages.spanTimeFormat))
      .int()
      .min(
        1,
        said(() => availabilityMessages.spanTimeFormat),
      )
      .max(
        7,
        said(() => availabilityMessages.spanTimeFormat),
      ),
    from: spanTime,
    to: spanTime,
  })
  .strict()
  .refine(
    (span) => minutesOf(span.from) < minutesOf(span.to),
    said(() => availabilityMessages.spanTimeFormat),
  );

/** Whether two spans of one weekday share a minute. */
const spansCross = (a: { from: string; to: string }, b: { from: string; to: string }) =>
  minutesOf(a.from) < minutesOf(b.to) && minutesOf(b.from) < minutesOf(a.to);

/** PUT /api/instructors/:instructorId/weekly-hours: the whole week, replacing what was set (none: any time). */
export const weeklyHoursSchema = z
  .object({ weeklyHours: z.array(weeklySpan).max(70) })
  .strict()
  .refine(
    ({ weeklyHours }) =>
      !weeklyHours.some((a, i) =>
        weeklyHours.some((b, j) => j > i && a.weekday === b.weekday && spansCross(a, b)),
      ),
    said(() => availabilityMessages.spansOverlap),
  );
export type WeeklyHoursInput = { weeklyHours: WeeklySpan[] };

const day = z.string(said(() => availabilityMessages.timeOffDays)).refine(
  isIsoDay,
  said(() => availabilityMessages.timeOffDays),
);

/** POST /api/instructors/:instructorId/time-off */
export const timeOffSchema = z
  .object({
    firstDay: day,
    lastDay: day,
    reason: z
      .string()
      .trim()
      .max(
        200,
        said(() => availabilityMessages.reasonTooLong),
      )
      .optional(),
  })
  .strict()
  .refine(
    (off) => off.firstDay <= off.lastDay,
    said(() => availabilityMessages.timeOffDays),
  );
export type TimeOffInput = z.input<typeof timeOffSchema>;

/** PATCH /api/instructors/:instructorId: the owner renames a staff account (the name families read). */
export const renameStaffSchema = z
  .object({
    name: z
      .string(said(() => availabilityMessages.nameRequired))
      .trim()
      .min(
        1,
        said(() => availabilityMessages.nameRequired),
      )
      .max(
        100,
        said(() => availabilityMessages.nameRequired),
      ),
  })
  .strict();
export type RenameStaffInput = z.infer<typeof renameStaffSchema>;
