import { bookingMessages, maxDatesPerBooking, maxFeedbackLength } from "./bookings.ts";
import { lessonScheduleFields } from "./lesson-schedule-schemas.ts";
import { pageNumberParam, rowIdParam, searchTextParam } from "./query.ts";
import { isIsoDay } from "./school-day.ts";
import { said, z } from "./zod.ts";

/**
 * The bookings' request schemas (zod), apart from their rules and words in bookings.ts: a client page reads those
 * and must not carry the validation library (docs/decisions/044). One place for the server and the admin's forms.
 */

export const bookingIdParam = rowIdParam(() => bookingMessages.invalidBookingId);

export const isoDay = z.string(said(() => bookingMessages.dateFormat)).refine(
  isIsoDay,
  said(() => bookingMessages.realDay),
);

const dateList = z
  .array(isoDay)
  .max(
    maxDatesPerBooking,
    said(() => bookingMessages.tooManyDates(maxDatesPerBooking)),
  )
  .refine(
    (days) => new Set(days).size === days.length,
    said(() => bookingMessages.dateTwice),
  )
  .transform((days) => [...days].sort());

export const swimmerId = z.string(said(() => bookingMessages.swimmerNotInHousehold)).regex(
  /^[A-Za-z0-9_-]{1,64}$/,
  said(() => bookingMessages.swimmerNotInHousehold),
);

/** Who swims in a class: one or more swimmers of the household, each once. */
const swimmerIdList = z
  .array(swimmerId)
  .min(
    1,
    said(() => bookingMessages.swimmersNeeded),
  )
  .max(
    20,
    said(() => bookingMessages.swimmerNotInHousehold),
  )
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/bookings: Create Booking's save (creates the client's booking for its plan, or updates it).
 * `swimmerIds`: who swims in the dates this save adds; unset, every swimmer of the household (docs/decisions/019).
 */
export const saveBookingSchema = z
  .object({
    clientId: z.string(said(() => bookingMessages.selectClientFirst)).regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      said(() => bookingMessages.selectClientFirst),
    ),
    dates: dateList,
    swimmerIds: swimmerIdList.optional(),
    ...lessonScheduleFields,
  })
  .strict();
export type SaveBookingInput = z.infer<typeof saveBookingSchema>;

/**
 * POST /api/bookings/credit-lesson: the owner books one date with one of the household's class credits
 * (docs/decisions/032). `creditId`: the credit chosen; unset, the one that expires first. `swimmerIds`, `startTime`
 * and `instructorId` as for a save.
 */
export const bookWithCreditSchema = z
  .object({
    clientId: z.string(said(() => bookingMessages.selectClientFirst)).regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      said(() => bookingMessages.selectClientFirst),
    ),
    date: isoDay,
    creditId: z
      .number(said(() => bookingMessages.creditChoice))
      .int(said(() => bookingMessages.creditChoice))
      .positive(said(() => bookingMessages.creditChoice))
      .optional(),
    swimmerIds: swimmerIdList.optional(),
    ...lessonScheduleFields,
  })
  .strict();
export type BookWithCreditInput = z.infer<typeof bookWithCreditSchema>;

/**
 * PATCH /api/bookings/:bookingId: the future dates chosen in Edit Booking Dates (past dates are kept); `swimmerIds`,
 * `startTime` and `instructorId` as for a save, for the dates it adds.
 */
export const editBookingSchema = z
  .object({ dates: dateList, swimmerIds: swimmerIdList.optional(), ...lessonScheduleFields })
  .strict();
export type EditBookingInput = z.infer<typeof editBookingSchema>;

/** One class's feedback for one swimmer, as Add Feedback and the /today save take it. */
export const feedbackText = z
  .string()
  .max(
    maxFeedbackLength,
    said(() => bookingMessages.feedbackTooLong(maxFeedbackLength)),
  )
  .refine(
    (text) => !text.includes("\u0000"),
    said(() => bookingMessages.feedbackNul),
  );

/**
 * PUT /api/bookings/:bookingId/feedback: date → text (a class of one swimmer), or date → swimmer id → text (each
 * swimmer of a class of several); an empty text clears that feedback.
 */
export const saveFeedbackSchema = z
  .object({
    feedbacks: z.record(isoDay, z.union([feedbackText, z.record(swimmerId, feedbackText)])).refine(
      (map) => Object.keys(map).length <= 64,
      said(() => bookingMessages.tooManyFeedbackDates),
    ),
  })
  .strict();
export type SaveFeedbackInput = z.infer<typeof saveFeedbackSchema>;

/** GET /api/bookings and /api/bookings/feedback-list */
export const bookingListQuerySchema = z.object({
  search: searchTextParam(100).default(""),
  page: pageNumberParam("page").default(1),
});

/** PUT /api/bookings/:bookingId/swimmers: who swims in one of the booking's classes. */
export const lessonSwimmersSchema = z.object({ date: isoDay, swimmerIds: swimmerIdList }).strict();
export type LessonSwimmersInput = z.infer<typeof lessonSwimmersSchema>;

/** PUT /api/bookings/:bookingId/schedule: one class's start time (null: time to be set) and instructor. */
export const lessonScheduleSchema = z
  .object({
    date: isoDay,
    startTime: lessonScheduleFields.startTime.unwrap(),
    instructorId: lessonScheduleFields.instructorId.unwrap(),
    overrideAvailability: lessonScheduleFields.overrideAvailability,
  })
  .strict();
export type LessonScheduleInput = z.infer<typeof lessonScheduleSchema>;

/** PUT /api/clients/:clientId/reminders */
export const reminderSettingsSchema = z.object({ enabled: z.boolean() }).strict();
