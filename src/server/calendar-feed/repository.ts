import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";

/** Guardian `userId`'s feed token (each guardian has their own address). */
export async function findFeedToken(db: Db, userId: string): Promise<string | undefined> {
  const [feed] = await feedTokenRead(db, { userId });
  return feed?.token;
}
const feedTokenRead = compiledOnce((db, value: CallValue<{ userId: string }>) =>
  db.selectFrom("guardianCalendarFeed").select("token").where("userId", "=", value("userId")),
);

/** The guardian's feed token, made or replaced (one feed per guardian). */
export async function saveFeedToken(
  trx: Db,
  feed: { userId: string; token: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto("guardianCalendarFeed")
    .values(feed)
    .onConflict((conflict) =>
      conflict.column("userId").doUpdateSet({ token: feed.token, createdAt: feed.createdAt }),
    )
    .execute();
}

/** Whose feed `token` opens: the guardian and their household. */
export async function findFeedOwner(
  db: Db,
  token: string,
): Promise<{ userId: string; clientId: string } | undefined> {
  return db
    .selectFrom("guardianCalendarFeed")
    .innerJoin("guardian", "guardian.userId", "guardianCalendarFeed.userId")
    .select(["guardian.userId", "guardian.clientId"])
    .where("guardianCalendarFeed.token", "=", token)
    .executeTakeFirst();
}

export interface FeedLessonRow {
  id: number;
  date: string;
  startTime: string | null;
  instructorName: string | null;
  address: string;
  swimmerName: string;
  feedback: string | null;
}

/**
 * The household's class dates in bookings still running (a cancelled plan's are not), oldest first, one row per
 * swimmer in each. A cancelled class leaves the feed: calendar apps drop an event gone from it (decision 031).
 */
export async function currentLessonsOf(db: Db, clientId: string): Promise<FeedLessonRow[]> {
  return db
    .selectFrom("lesson")
    .innerJoin("booking", "booking.id", "lesson.bookingId")
    .innerJoin("lessonSwimmer", "lessonSwimmer.lessonId", "lesson.id")
    .innerJoin("swimmer", "swimmer.id", "lessonSwimmer.swimmerId")
    .innerJoin("client", "client.id", "lesson.clientId")
    .leftJoin("user as instructor", "instructor.id", "lesson.instructorId")
    .select([
      "lesson.id",
      "lesson.date",
      "lesson.startTime",
      "instructor.name as instructorName",
      "client.address",
      "swimmer.firstName as swimmerName",
      "lessonSwimmer.feedback",
    ])
    .where("lesson.clientId", "=", clientId)
    .where("booking.status", "=", "pending")
    .where("lesson.cancelledAt", "is", null)
    .orderBy("lesson.date")
    .orderBy("swimmer.createdAt")
    .orderBy("swimmer.id")
    .execute();
}
