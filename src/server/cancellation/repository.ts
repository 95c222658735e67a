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
  instructorEmail: string | null;
  instructorName: string | null;
  instructorLocale: string | null;
}

/** The household's lesson with its instructor's mail details, or undefined (another household's is none). */
export async function findHouseholdLesson(
  db: Db,
  clientId: string,
  lessonId: number,
): Promise<LessonToCancel | undefined> {
  return db
    .selectFrom("lesson")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.clientId",
      "lesson.date",
      "lesson.startTime",
      "lesson.policyVersion",
      "lesson.cancelledAt",
      "instructor.email as instructorEmail",
      "instructor.name as instructorName",
      "instructor.locale as instructorLocale",
    ])
    .where("lesson.id", "=", lessonId)
    .where("lesson.clientId", "=", clientId)
    .executeTakeFirst();
}

/** Marks the lesson cancelled unless it already is: whether this call did (of two at once, one does). */
export async function claimCancellation(
  trx: Db,
  lessonId: number,
  cancellation: {
    cancelledAt: string;
    cancelledByUserId: string;
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
