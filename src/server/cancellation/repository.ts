import type { LessonCancellationReason } from "../../domain/cancellation.ts";
import type { CancellationOutcome } from "../../domain/policy.ts";
import type { Db } from "../db/database.ts";

export interface LessonToCancel {
  id: number;
  clientId: string;
  date: string;
  startTime: string | null;
  policyVersion: number;
  cancelledAt: string | null;
  instructorId: string | null;
  instructorEmail: string | null;
  instructorName: string | null;
  instructorLocale: string | null;
  /** The class credit it was booked with (docs/decisions/032), or null: one of its plan's classes. */
  paidByCreditId: number | null;
}

const lessonsToCancel = (db: Db) =>
  db
    .selectFrom("lesson")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.clientId",
      "lesson.date",
      "lesson.startTime",
      "lesson.policyVersion",
      "lesson.cancelledAt",
      "lesson.instructorId",
      "instructor.email as instructorEmail",
      "instructor.name as instructorName",
      "instructor.locale as instructorLocale",
      "lesson.paidByCreditId",
    ]);

/** The household's lesson with its instructor's mail details, or undefined (another household's is none). */
export async function findHouseholdLesson(
  db: Db,
  clientId: string,
  lessonId: number,
): Promise<LessonToCancel | undefined> {
  return lessonsToCancel(db)
    .where("lesson.id", "=", lessonId)
    .where("lesson.clientId", "=", clientId)
    .executeTakeFirst();
}

/** Any household's lesson (the school's own cancellation: the caller checks whose it may cancel). */
export async function findLesson(db: Db, lessonId: number): Promise<LessonToCancel | undefined> {
  return lessonsToCancel(db).where("lesson.id", "=", lessonId).executeTakeFirst();
}

/** A lesson of a weather day, with its household's name and its swimmers' first names. */
export interface DayLesson extends LessonToCancel {
  householdName: string;
  swimmers: string[];
}

/**
 * Every lesson of `date` (of one instructor when `instructorId` is given), cancelled ones included, by id: the order
 * a weather day claims them in, so that two runs at once on PostgreSQL wait for each other instead of deadlocking.
 */
export async function lessonsOfDay(
  db: Db,
  by: { date: string; instructorId: string | null },
): Promise<DayLesson[]> {
  let query = lessonsToCancel(db)
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .leftJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .select([
      "client.firstName as householdFirst",
      "client.lastName as householdLast",
      "swimmer.firstName as swimmerFirst",
    ])
    .where("lesson.date", "=", by.date);
  if (by.instructorId !== null) query = query.where("lesson.instructorId", "=", by.instructorId);
  const rows = await query.orderBy("lesson.id").orderBy("swimmer.createdAt").orderBy("swimmer.id").execute();
  const lessons: DayLesson[] = [];
  for (const { householdFirst, householdLast, swimmerFirst, ...row } of rows) {
    let lesson = lessons[lessons.length - 1];
    if (lesson?.id !== row.id) {
      lesson = { ...row, householdName: `${householdFirst} ${householdLast}`.trim(), swimmers: [] };
      lessons.push(lesson);
    }
    if (swimmerFirst !== null) lesson.swimmers.push(swimmerFirst);
  }
  return lessons;
}

/** Marks the lesson cancelled unless it already is: whether this call did (of two at once, one does). */
export async function claimCancellation(
  trx: Db,
  lessonId: number,
  cancellation: {
    cancelledAt: string;
    cancelledByUserId: string | null;
    cancellationReason: LessonCancellationReason;
    cancellationOutcome: CancellationOutcome["result"]["kind"];
  },
): Promise<boolean> {
  const claimed = await trx
    .updateTable("lesson")
    .set(cancellation)
    .where("id", "=", lessonId)
    .where("cancelledAt", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

export async function setCancellationCredit(trx: Db, lessonId: number, creditId: number): Promise<void> {
  await trx
    .updateTable("lesson")
    .set({ cancellationCreditId: creditId })
    .where("id", "=", lessonId)
    .execute();
}
