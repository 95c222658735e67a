import type { Db } from "../db/database.ts";

export interface DueLesson {
  id: number;
  clientId: string;
  date: string;
  startTime: string | null;
  instructorName: string | null;
  /** The household's, where the class is taught. */
  address: string;
  /** The cancellation policy's version it was booked under: the mail says that one. */
  policyVersion: number;
}

/**
 * Up to `limit` lessons on `day` whose reminder is not queued yet (a cancelled one gets none), of running bookings, for clients who want
 * reminders (a guardian who gets the household's mail and kept reminders on), by id after `afterId` (the sweep reads batch after batch).
 */
export async function dueLessons(
  db: Db,
  by: { day: string; afterId: number; limit: number },
): Promise<DueLesson[]> {
  return db
    .selectFrom("lesson")
    .innerJoin("booking", "booking.id", "lesson.bookingId")
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.clientId",
      "lesson.date",
      "lesson.startTime",
      "instructor.name as instructorName",
      "client.address",
      "lesson.policyVersion",
    ])
    .where("lesson.date", "=", by.day)
    .where("lesson.reminderQueuedAt", "is", null)
    .where("lesson.cancelledAt", "is", null)
    .where("lesson.id", ">", by.afterId)
    .where("booking.status", "=", "pending")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("guardian")
          .select("guardian.userId")
          .whereRef("guardian.clientId", "=", "lesson.clientId")
          .where("guardian.getsMail", "=", 1)
          .where("guardian.classRemindersEnabled", "=", 1),
      ),
    )
    .orderBy("lesson.id")
    .limit(by.limit)
    .execute();
}

/** Marks the lesson's reminder queued; false when another sweep claimed it first. */
export async function claimReminder(trx: Db, lessonId: number, now: string): Promise<boolean> {
  const claimed = await trx
    .updateTable("lesson")
    .set({ reminderQueuedAt: now })
    .where("id", "=", lessonId)
    .where("reminderQueuedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return claimed !== undefined;
}
