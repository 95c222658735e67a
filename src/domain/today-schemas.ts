import { feedbackText, isoDay, swimmerId } from "./bookings-schemas.ts";
import { curriculumMessages, maxTextLength } from "./curriculum.ts";
import { refuseNul } from "./fields.ts";
import { isStartTime, lessonMessages } from "./lesson-schedule.ts";
import { maxRowId, rowIdParam } from "./query.ts";
import { attendanceValues, maxAssessmentsPerRecord, maxSwimmersPerRecord, todayMessages } from "./today.ts";
import { said, z } from "./zod.ts";

/**
 * The instructor's day's request schemas (zod), apart from today.ts's rules and words, which /today reads without
 * the validation library (docs/decisions/044).
 */

/** A skill's or rating's id as a save names it. */
const rowNumber = () =>
  z
    .number(said(() => todayMessages.assessmentInvalid))
    .int(said(() => todayMessages.assessmentInvalid))
    .positive(said(() => todayMessages.assessmentInvalid))
    .max(
      maxRowId,
      said(() => todayMessages.assessmentInvalid),
    );

const attendance = z.enum(
  attendanceValues,
  said(() => todayMessages.attendanceInvalid),
);

/** The JSON part (field `record`) of POST /api/lessons/:lessonId/record. */
export const lessonRecordSchema = z
  .object({
    /** The lesson's date as the instructor saw it: a lesson moved since is refused, not written. */
    date: isoDay,
    /** The lesson's time as the instructor saw it (null: time to be set). */
    startTime: z
      .string(said(() => todayMessages.startTimeSeen))
      .refine(
        isStartTime,
        said(() => todayMessages.startTimeSeen),
      )
      .nullable(),
    swimmers: z
      .array(
        z
          .object({
            swimmerId,
            /** null: not recorded (clears one recorded before). */
            attendance: attendance.nullable(),
            /** Empty: no feedback (clears one written before). */
            feedback: feedbackText,
          })
          .strict(),
      )
      .min(
        1,
        said(() => todayMessages.swimmersNeeded),
      )
      .max(
        maxSwimmersPerRecord,
        said(() => todayMessages.tooManySwimmers(maxSwimmersPerRecord)),
      )
      .refine(
        (swimmers) => new Set(swimmers.map((each) => each.swimmerId)).size === swimmers.length,
        said(() => todayMessages.swimmerTwice),
      ),
    /** Skills rated in this lesson (issue 28): each appended as an assessment in the current scale version. */
    assessments: z
      .array(
        z
          .object({
            swimmerId,
            skillId: rowNumber(),
            ratingId: rowNumber(),
            note: refuseNul(
              z
                .string()
                .trim()
                .max(
                  maxTextLength,
                  said(() => todayMessages.assessmentNoteTooLong),
                ),
              () => curriculumMessages.noNul,
            ).default(""),
          })
          .strict(),
      )
      .max(
        maxAssessmentsPerRecord,
        said(() => todayMessages.tooManyAssessments(maxAssessmentsPerRecord)),
      )
      .refine(
        (assessments) =>
          new Set(assessments.map((each) => `${each.swimmerId}:${each.skillId}`)).size === assessments.length,
        said(() => todayMessages.skillRatedTwice),
      )
      // A save queued before ratings existed has none.
      .default([]),
  })
  .strict();
export type LessonRecordInput = z.infer<typeof lessonRecordSchema>;

/** GET /api/today's query: `date` absent, the school's today; `instructorId` absent, whoever asks. */
export const todayQuerySchema = z.object({
  date: isoDay.optional(),
  instructorId: z
    .string(said(() => lessonMessages.instructorNotFound))
    .regex(
      /^[A-Za-z0-9_-]{1,64}$/,
      said(() => lessonMessages.instructorNotFound),
    )
    .optional(),
});
export type TodayQuery = z.infer<typeof todayQuerySchema>;

/** The `:lessonId` of /api/lessons/:lessonId/…. */
export const lessonIdParam = rowIdParam(() => todayMessages.invalidLessonId);
