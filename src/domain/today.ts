import { curriculumMessages, maxTextLength, type ScaleVersion } from "./curriculum.ts";
import { formatLessonTime, isStartTime, lessonMessages } from "./lesson-schedule.ts";
import { maxUploadBytes } from "./media.ts";
import type { LessonMove } from "./reschedules.ts";
import type { CancellationShown } from "./school-cancellation.ts";
import { formatDay } from "./school-day.ts";
import { translate } from "./translate.ts";

/**
 * An instructor's day on a phone (/today, issue 27): the contract between the server (GET /api/today, POST
 * /api/lessons/:lessonId/record) and the page with its offline queue. A save carries an idempotency key so that a
 * save sent again (a retry, the queue after the signal returns) writes once.
 */

export const attendanceValues = ["present", "late", "absent", "cancelled-by-school"] as const;
export type Attendance = (typeof attendanceValues)[number];

/** Past lessons with a swimmer lacking attendance, at most this many in GET /api/today. */
export const unrecordedLimit = 20;
/** The most swimmers one save may list (a class is one household's swimmers). */
export const maxSwimmersPerRecord = 20;

/**
 * The largest save the server reads: its photos (each at most maxUploadBytes, as any upload) and the record. A phone
 * that shrinks its photos before queuing them stays far below it.
 */
export const maxRecordBodyBytes = 4 * maxUploadBytes;

export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,100}$/;
export const idempotencyKeyHeader = "Idempotency-Key";

/** The multipart field that carries a swimmer's photo in a save. */
export const photoFieldName = (swimmerId: string) => `photo:${swimmerId}`;
export const recordFieldName = "record";

/** The most skill ratings one save may carry (every skill of a level, for every swimmer of a class). */
export const maxAssessmentsPerRecord = 200;

export interface TodayPhoto {
  thumbnailUrl: string;
  fullUrl: string;
}

export interface TodaySwimmer {
  id: string;
  firstName: string;
  lastName: string;
  notes: string;
  photoPermission: boolean;
  attendance: Attendance | null;
  feedback: string | null;
  /** The photo taken in this lesson, if any (the latest, when several). */
  photo: TodayPhoto | null;
  /** The level whose skills they work on now (currentLevelOf), or null: every level offered is passed. */
  level: TodaySwimmerLevel | null;
}

/** A swimmer's current level on /today (issue 28): "x of y skills mastered" and its skills in order. */
export interface TodaySwimmerLevel {
  id: number;
  name: string;
  nameEs: string;
  /** Required skills (not retired) whose latest rating is a mastered one. */
  mastered: number;
  /** Required skills not retired: what decides a pass. */
  of: number;
  skills: TodaySkill[];
}

export interface TodaySkill {
  id: number;
  name: string;
  nameEs: string;
  /** Only required skills decide a pass; the others are rated too. */
  required: boolean;
  /** The swimmer's latest assessment of the skill, in the words of its own scale version; null: never assessed. */
  latest: TodaySkillRating | null;
  /**
   * How many of the swimmer's lessons up to this one (attended, or past and not recorded) came after that latest
   * assessment; null: never assessed.
   */
  lessonsSinceAssessed: number | null;
}

export interface TodaySkillRating {
  ratingId: number;
  label: string;
  labelEs: string;
  mastered: boolean;
  /** ISO timestamp. */
  at: string;
}

/** A level offered, for "Change level". */
export interface TodayLevelChoice {
  id: number;
  name: string;
  nameEs: string;
}

export interface TodayLesson {
  id: number;
  /** YYYY-MM-DD */
  date: string;
  /** "HH:MM", or null: time to be set. */
  startTime: string | null;
  householdName: string;
  address: string;
  accessNotes: string;
  swimmers: TodaySwimmer[];
  /** Every swimmer has an attendance. */
  recorded: boolean;
  /** Cancelled by the family or the school: shown as cancelled, nothing to record. */
  cancelled: boolean;
  /** Its latest move to this time (docs/decisions/033): from when, by whom, when; null: never moved. */
  moved: LessonMove | null;
  /** Who cancelled it, why and when (docs/decisions/034); null while it stands. */
  cancellation: CancellationShown | null;
}

export interface TodayInstructor {
  id: string;
  name: string;
}

export interface UnrecordedLesson {
  lessonId: number;
  date: string;
  startTime: string | null;
  householdName: string;
}

/** GET /api/today?date=YYYY-MM-DD[&instructorId=…] */
export interface TodayResponse {
  date: string;
  instructor: TodayInstructor;
  /** The owner only: whose day they may switch to. */
  instructors: TodayInstructor[] | null;
  /** That instructor's lessons on `date`, in time order, "time to be set" last. */
  lessons: TodayLesson[];
  /** That instructor's past lessons (before the school's today) with a swimmer lacking attendance, newest first. */
  unrecorded: UnrecordedLesson[];
  /** The current rating scale: the ratings a save may give, in order. */
  scale: ScaleVersion;
  /** The levels offered, in order: where staff may place a swimmer. */
  levels: TodayLevelChoice[];
}

/**
 * GET /api/today/queue-key: the key the page encrypts its queued saves with on the phone (AES-256-GCM, raw, base64url
 * of 32 bytes). The same person gets the same key after signing in again, so a queue kept through a sign-out is sent
 * then; another person signing in on that phone gets another key and reads nothing of it.
 */
export interface TodayQueueKeyResponse {
  userId: string;
  key: string;
}

/** POST /api/lessons/:lessonId/record answers 200 with this (and the same again for a replayed key). */
export interface LessonRecordResponse {
  message: string;
  lesson: TodayLesson;
}

export const todayMessages = {
  get lessonCancelled() {
    return translate(
      /*i18n*/ {
        id: "today.lessonCancelled",
        message: "This class was cancelled: there is nothing to record.",
      },
    );
  },
  get attendanceInvalid() {
    return translate(
      /*i18n*/ {
        id: "today.attendanceInvalid",
        message: "Attendance must be present, late, absent or cancelled by the school.",
      },
    );
  },
  get swimmersNeeded() {
    return translate(/*i18n*/ { id: "today.swimmersNeeded", message: "A save lists at least one swimmer." });
  },
  get swimmerTwice() {
    return translate(/*i18n*/ { id: "today.swimmerTwice", message: "Each swimmer may be listed once." });
  },
  tooManySwimmers: (max: number) =>
    translate(
      /*i18n*/ {
        id: "today.tooManySwimmers",
        message: "A save lists at most {max} swimmers.",
        values: { max },
      },
    ),
  get startTimeSeen() {
    return translate(
      /*i18n*/ { id: "today.startTimeSeen", message: "The lesson's time must be HH:MM, or empty." },
    );
  },
  get saved() {
    return translate(/*i18n*/ { id: "today.saved", message: "Lesson saved." });
  },
  get keyMissing() {
    return translate(
      /*i18n*/ {
        id: "today.keyMissing",
        message: "A save needs an Idempotency-Key header: 8 to 100 letters, digits, _ or -.",
      },
    );
  },
  get keyReused() {
    return translate(
      /*i18n*/ {
        id: "today.keyReused",
        message:
          "This save's key was already used for another save, so it was not saved. Save the lesson again.",
      },
    );
  },
  get recordMissing() {
    return translate(
      /*i18n*/ {
        id: "today.recordMissing",
        message: "A save sends its record as form data: a field named record holding the lesson's JSON.",
      },
    );
  },
  get lessonNotFound() {
    return translate(
      /*i18n*/ {
        id: "today.lessonNotFound",
        message:
          "This lesson is no longer on the schedule: it was removed after your day was loaded. Nothing was saved.",
      },
    );
  },
  lessonMoved: (date: string, startTime: string | null) =>
    translate(
      /*i18n*/ {
        id: "today.lessonMoved",
        message:
          "This lesson was moved to {day}, {time}, after your day was loaded. Nothing was saved: check it and save again.",
        values: { day: formatDay(date), time: formatLessonTime(startTime) },
      },
    ),
  photoNotAllowed: (name: string) =>
    translate(
      /*i18n*/ {
        id: "today.photoNotAllowed",
        message:
          "{name}'s family has not allowed photos. Nothing was saved: remove the photo and save again.",
        values: { name },
      },
    ),
  get photoNotInLesson() {
    return translate(
      /*i18n*/ {
        id: "today.photoNotInLesson",
        message: "A photo was sent for someone who is not in this lesson.",
      },
    );
  },
  get photoNotAFile() {
    return translate(
      /*i18n*/ { id: "today.photoNotAFile", message: "A photo field must hold an image file." },
    );
  },
  get onlyOwnDay() {
    return translate(
      /*i18n*/ { id: "today.onlyOwnDay", message: "An instructor sees only their own lessons." },
    );
  },
  get invalidLessonId() {
    return translate(/*i18n*/ { id: "today.invalidLessonId", message: "Invalid lesson id." });
  },
  get skillRatedTwice() {
    return translate(
      /*i18n*/ {
        id: "today.skillRatedTwice",
        message: "Each skill may be rated once per swimmer in a save.",
      },
    );
  },
  tooManyAssessments: (max: number) =>
    translate(
      /*i18n*/ {
        id: "today.tooManyAssessments",
        message: "A save rates at most {max} skills.",
        values: { max },
      },
    ),
  get assessmentNoteTooLong() {
    return translate(
      /*i18n*/ {
        id: "today.assessmentNoteTooLong",
        message: "A note on a rating must be at most {max} characters.",
        values: { max: maxTextLength },
      },
    );
  },
  get assessmentInvalid() {
    return translate(
      /*i18n*/ {
        id: "today.assessmentInvalid",
        message: "A rating names a skill and a rating of the scale by their numbers.",
      },
    );
  },
  get assessedSwimmerNotInLesson() {
    return translate(
      /*i18n*/ {
        id: "today.assessedSwimmerNotInLesson",
        message: "A skill was rated for someone who is not in this lesson. Nothing was saved.",
      },
    );
  },
  get assessedSkillUnknown() {
    return translate(
      /*i18n*/ {
        id: "today.assessedSkillUnknown",
        message:
          "A rated skill is no longer in the curriculum (it was retired or never existed). Nothing was saved: reload the lesson and rate again.",
      },
    );
  },
  get ratingNotCurrent() {
    return translate(
      /*i18n*/ {
        id: "today.ratingNotCurrent",
        message:
          "The rating scale changed after your day was loaded. Nothing was saved: reload the lesson and rate the skills again.",
      },
    );
  },
  assessmentNotYet: (date: string) =>
    translate(
      /*i18n*/ {
        id: "today.assessmentNotYet",
        message: "The lesson of {day} has not taken place yet: its skills can be rated from that day on.",
        values: { day: formatDay(date) },
      },
    ),
};
