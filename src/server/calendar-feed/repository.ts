import type { Db } from "../db/database.ts";

export async function findFeedToken(db: Db, clientId: string): Promise<string | undefined> {
  const feed = await db
    .selectFrom("calendarFeed")
    .select("token")
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return feed?.token;
}

/** The client's feed token, made or replaced (one feed per client). */
export async function saveFeedToken(
  trx: Db,
  feed: { clientId: string; token: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto("calendarFeed")
    .values(feed)
    .onConflict((conflict) =>
      conflict.column("clientId").doUpdateSet({ token: feed.token, createdAt: feed.createdAt }),
    )
    .execute();
}

export async function findFeedClientId(db: Db, token: string): Promise<string | undefined> {
  const feed = await db
    .selectFrom("calendarFeed")
    .select("clientId")
    .where("token", "=", token)
    .executeTakeFirst();
  return feed?.clientId;
}

/** The client's class dates in bookings still running (a cancelled plan's are not), oldest first. */
export async function currentLessonsOf(
  db: Db,
  clientId: string,
): Promise<{ id: number; date: string; feedback: string | null }[]> {
  return db
    .selectFrom("lesson")
    .innerJoin("booking", "booking.id", "lesson.bookingId")
    .select(["lesson.id", "lesson.date", "lesson.feedback"])
    .where("lesson.clientId", "=", clientId)
    .where("booking.status", "=", "pending")
    .orderBy("lesson.date")
    .execute();
}
