import { type Kysely, sql } from "kysely";

/**
 * Milestones and gallery items (spec §3). Ids are random (they appear in file URLs); the files themselves are in
 * the media store under the keys kept here. `date` (YYYY-MM-DD) is what the month and year filters read: the
 * day a milestone was uploaded (school time), the day the admin chose for a gallery item.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("milestone")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("timestamp", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("imageKey", "text", (col) => col.notNull())
    .addColumn("thumbnailKey", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("milestone_clientId_date_idx")
    .on("milestone")
    .columns(["clientId", "date", "timestamp"])
    .execute();

  await db.schema
    .createTable("galleryItem")
    .addColumn("id", "text", (col) => col.notNull().primaryKey())
    .addColumn("clientId", "text", (col) => col.notNull().references("client.id").onDelete("cascade"))
    .addColumn("mediaType", "text", (col) => col.notNull().check(sql`"mediaType" in ('image', 'video')`))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("uploadedAt", "text", (col) => col.notNull())
    .addColumn("imageKey", "text")
    .addColumn("thumbnailKey", "text")
    .addColumn("videoLink", "text")
    // An image has its files, a video its link; never both, never neither.
    .addCheckConstraint(
      "galleryItem_media_check",
      sql`("mediaType" = 'image' and "imageKey" is not null and "thumbnailKey" is not null and "videoLink" is null)
        or ("mediaType" = 'video' and "videoLink" is not null and "imageKey" is null and "thumbnailKey" is null)`,
    )
    .execute();
  await db.schema
    .createIndex("galleryItem_clientId_date_idx")
    .on("galleryItem")
    .columns(["clientId", "date", "uploadedAt"])
    .execute();
}
