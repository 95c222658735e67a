import { type Kysely, sql } from "kysely";

/**
 * What an instructor records in a lesson from /today (issue 27): attendance per swimmer, photos taken in it, and
 * the answer to each save, kept under the save's idempotency key.
 * - `lessonSwimmer.attendance`: present, late, absent or cancelled-by-school; null, not recorded, as every lesson
 *   before this release is (nobody recorded it). `attendanceUpdatedAt`: when it was last written.
 * - `galleryItem.lessonId`: the lesson a photo was taken in (null: uploaded from the gallery page, as every item
 *   before this release was). A lesson deleted later leaves its photos in the family's gallery.
 * - `lessonRecordKey`: one row per accepted save, keyed by the key the phone made for it, with who sent it, for
 *   which lesson, and the answer given, written in the save's own transaction: a save sent again (a retry, the
 *   offline queue) gets that answer and writes nothing twice. No link to the lesson: a replay after the lesson
 *   was deleted still learns that its save was accepted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("lessonSwimmer")
    .addColumn("attendance", "text", (col) =>
      col.check(sql`"attendance" in ('present', 'late', 'absent', 'cancelled-by-school')`),
    )
    .execute();
  await db.schema.alterTable("lessonSwimmer").addColumn("attendanceUpdatedAt", "text").execute();

  await db.schema
    .alterTable("galleryItem")
    .addColumn("lessonId", "integer", (col) => col.references("lesson.id").onDelete("set null"))
    .execute();
  // /today reads a lesson's photos; a lesson's deletion finds the photos to unlink.
  await db.schema.createIndex("galleryItem_lessonId_idx").on("galleryItem").column("lessonId").execute();

  await db.schema
    .createTable("lessonRecordKey")
    .addColumn("key", "text", (col) => col.notNull().primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("lessonId", "integer", (col) => col.notNull())
    .addColumn("response", "text", (col) => col.notNull())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
}
