import type { Attendance } from "../../domain/today.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";

/** The progress page's and the feedback mail's reads of swimmers and their lessons; assessments are the curriculum's. */

export interface PlacedSwimmer {
  id: string;
  firstName: string;
  lastName: string;
  /** Where staff placed them (migration 0019); null: read from their history. */
  levelId: number | null;
}

/** A household's swimmers with their placement, in the order they joined it (as households' swimmersOf). */
export async function placedSwimmersOf(db: Db, clientId: string): Promise<PlacedSwimmer[]> {
  const rows = await placedSwimmersRead(db, { clientId });
  return rows.map((row) => ({ ...row, levelId: row.levelId === null ? null : Number(row.levelId) }));
}

const placedSwimmersRead = compiledOnce((db, value: CallValue<{ clientId: string }>) =>
  db
    .selectFrom("swimmer")
    .select(["id", "firstName", "lastName", "levelId"])
    .where("clientId", "=", value("clientId"))
    .orderBy("createdAt")
    .orderBy("id"),
);

export interface RecordedLesson {
  swimmerId: string;
  lessonId: number;
  date: string;
  startTime: string | null;
  attendance: Attendance | null;
  feedback: string | null;
}

/**
 * Each swimmer's latest lesson with something recorded for them (attendance, feedback or an assessment made in it),
 * the later start on the same date. One query, one row per swimmer however many lessons they had (the others are
 * numbered out in SQL); a swimmer with none is left out.
 */
export async function latestRecordedLessons(
  db: Db,
  swimmerIds: readonly string[],
): Promise<RecordedLesson[]> {
  if (swimmerIds.length === 0) return [];
  const rows = await latestRecordedLessonsRead(db, { swimmerIds });
  return rows.map((row) => ({ ...row, lessonId: Number(row.lessonId) }));
}

const latestRecordedLessonsRead = compiledOnce((db, value: CallValue<{ swimmerIds: readonly string[] }>) => {
  const numbered = db
    .selectFrom("lessonSwimmer")
    .innerJoin("lesson", "lesson.id", "lessonSwimmer.lessonId")
    .select((eb) => [
      "lessonSwimmer.swimmerId",
      "lesson.id as lessonId",
      "lesson.date",
      "lesson.startTime",
      "lessonSwimmer.attendance",
      "lessonSwimmer.feedback",
      eb.fn
        .agg<number>("row_number")
        .over((over) =>
          over
            .partitionBy("lessonSwimmer.swimmerId")
            .orderBy("lesson.date", "desc")
            .orderBy("lesson.startTime", "desc")
            .orderBy("lesson.id", "desc"),
        )
        .as("newest"),
    ])
    .where("lessonSwimmer.swimmerId", "in", value("swimmerIds"))
    .where((eb) =>
      eb.or([
        eb("lessonSwimmer.attendance", "is not", null),
        eb("lessonSwimmer.feedback", "is not", null),
        eb.exists(
          eb
            .selectFrom("assessment")
            .select("assessment.id")
            .whereRef("assessment.lessonId", "=", "lesson.id")
            .whereRef("assessment.swimmerId", "=", "lessonSwimmer.swimmerId"),
        ),
      ]),
    )
    .as("recorded");
  return db
    .selectFrom(numbered)
    .select(["swimmerId", "lessonId", "date", "startTime", "attendance", "feedback"])
    .where("newest", "=", 1);
});
