import type { Db } from "../db/database.ts";

export interface DueLesson {
  id: number;
  clientId: string;
  date: string;
  email: string;
  firstName: string;
}

/**
 * Up to `limit` lessons on `day` whose reminder is not queued yet, of running bookings, for clients who want
 * reminders, by id after `afterId` (the sweep reads batch after batch).
 */
export async function dueLessons(
  db: Db,
  by: { day: string; afterId: number; limit: number },
): Promise<DueLesson[]> {
  return db
    .selectFrom("lesson")
    .innerJoin("booking", "booking.id", "lesson.bookingId")
    .innerJoin("client", "client.id", "lesson.clientId")
    .select(["lesson.id", "lesson.clientId", "lesson.date", "client.email", "client.firstName"])
    .where("lesson.date", "=", by.day)
    .where("lesson.reminderQueuedAt", "is", null)
    .where("lesson.id", ">", by.afterId)
    .where("booking.status", "=", "pending")
    .where("client.classRemindersEnabled", "=", 1)
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

/** Whether the client wants class reminders; undefined for an unknown client. */
export async function remindersEnabledFor(db: Db, clientId: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom("client")
    .select("classRemindersEnabled")
    .where("id", "=", clientId)
    .executeTakeFirst();
  return row && row.classRemindersEnabled === 1;
}

/** False for an unknown client. */
export async function setRemindersEnabled(db: Db, clientId: string, enabled: boolean): Promise<boolean> {
  const result = await db
    .updateTable("client")
    .set({ classRemindersEnabled: enabled ? 1 : 0 })
    .where("id", "=", clientId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
