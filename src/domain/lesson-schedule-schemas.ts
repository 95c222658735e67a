import { emailField, requiredText } from "./fields.ts";
import { isStartTime, lessonMessages } from "./lesson-schedule.ts";
import { said, z } from "./zod.ts";

/**
 * The request schemas of lessons' times and instructors (zod), apart from lesson-schedule.ts's rules and words,
 * which the client pages read without the validation library (docs/decisions/044).
 */

const startTime = z.string(said(() => lessonMessages.startTimeFormat)).refine(
  isStartTime,
  said(() => lessonMessages.startTimeFormat),
);

const userId = z.string(said(() => lessonMessages.instructorNotFound)).regex(
  /^[A-Za-z0-9_-]{1,64}$/,
  said(() => lessonMessages.instructorNotFound),
);

/**
 * The time and instructor a save gives the lessons it adds (Create Booking, Edit Booking Dates): `startTime` null
 * or unset, time to be set; `instructorId` unset, whoever saves; `overrideAvailability`, the owner's "Book anyway".
 */
export const lessonScheduleFields = {
  startTime: startTime.nullable().optional(),
  instructorId: userId.optional(),
  /**
   * The owner books anyway a lesson outside the instructor's weekly hours or in their time off, after the refusal
   * and a confirmation (docs/decisions/024). Taken from the owner only; never lets an overlap through.
   */
  overrideAvailability: z.boolean().optional(),
};

/** POST /api/instructors: the owner creates an instructor account with a temporary password, shown once. */
export const newInstructorSchema = z
  .object({
    firstName: requiredText("firstName", 100),
    lastName: requiredText("lastName", 100),
    email: emailField(),
  })
  .strict();
export type NewInstructorInput = z.infer<typeof newInstructorSchema>;
