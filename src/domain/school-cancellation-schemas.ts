import { isoDay } from "./bookings-schemas.ts";
import {
  clockTimePattern,
  schoolCancellationMessages,
  schoolCancellationReasons,
  schoolNoteMax,
} from "./school-cancellation.ts";
import { said, z } from "./zod.ts";

/**
 * The school's cancellations' request schemas (zod), apart from school-cancellation.ts's rules and words, which
 * /today reads without the validation library (docs/decisions/044).
 */

const note = z
  .string(said(() => schoolCancellationMessages.noteRequired))
  .trim()
  .max(
    schoolNoteMax,
    said(() => schoolCancellationMessages.noteTooLong(schoolNoteMax)),
  )
  .refine(
    (text) => !text.includes("\u0000"),
    said(() => schoolCancellationMessages.noteRequired),
  );

const reason = z.enum(
  schoolCancellationReasons,
  said(() => schoolCancellationMessages.reasonChoice),
);

/** GET /api/lessons/:lessonId/school-cancellation?reason= */
export const schoolCancellationQuerySchema = z.object({ reason: reason.default("school") }).strict();

/** POST /api/lessons/:lessonId/school-cancellation: why, and an optional message to the family. */
export const schoolCancelSchema = z.object({ reason, note: note.default("") }).strict();
export type SchoolCancelInput = z.infer<typeof schoolCancelSchema>;

const clockTime = z.string(said(() => schoolCancellationMessages.timeFormat)).regex(
  clockTimePattern,
  said(() => schoolCancellationMessages.timeFormat),
);

const dayFields = {
  date: isoDay,
  from: clockTime.optional(),
  to: clockTime.optional(),
  instructorId: z.string().min(1).max(100).optional(),
};

const rangeInOrder = (day: { from?: string | undefined; to?: string | undefined }) =>
  (day.from === undefined && day.to === undefined) ||
  (day.from !== undefined && day.to !== undefined && day.from < day.to);
const rangeRefusal = {
  ...said(() => schoolCancellationMessages.rangeOrder),
  path: ["from"],
};

/** GET /api/weather-day?date=&from=&to=&instructorId= */
export const weatherDayQuerySchema = z.object(dayFields).strict().refine(rangeInOrder, rangeRefusal);
export type WeatherDayQuery = z.infer<typeof weatherDayQuerySchema>;

/** POST /api/weather-day: the day and range previewed, the lessons shown, and the message families read. */
export const weatherDaySchema = z
  .object({
    ...dayFields,
    note: note.refine(
      (text) => text.length > 0,
      said(() => schoolCancellationMessages.noteRequired),
    ),
    lessonIds: z
      .array(
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
        said(() => schoolCancellationMessages.lessonIds),
      )
      .max(
        2000,
        said(() => schoolCancellationMessages.lessonIds),
      ),
  })
  .strict()
  .refine(rangeInOrder, rangeRefusal);
export type WeatherDayInput = z.infer<typeof weatherDaySchema>;
