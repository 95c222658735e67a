import { type SqlBool, sql } from "kysely";
import type { GalleryMediaType } from "../../domain/media.ts";
import type { Db } from "../db/database.ts";
import type { GalleryItemTable, MilestoneTable } from "../db/schema.ts";

/** The media feature's queries. Every read names the client: a row is never found by its id alone. */

export interface DateFilter {
  month?: number;
  year?: number;
  /** One swimmer's items only. */
  swimmer?: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The month and year filters as a condition on the YYYY-MM-DD `date` column: a range when the year is known
 * (the index serves it), the month's two digits otherwise (that month of every year).
 */
function dateCondition({ month, year }: DateFilter) {
  const date = sql.ref("date");
  if (year !== undefined) {
    const from = `${year}-${pad(month ?? 1)}-01`;
    const to = month === undefined || month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    return sql<SqlBool>`${date} >= ${from} and ${date} < ${to}`;
  }
  if (month !== undefined) return sql<SqlBool>`substr(${date}, 6, 2) = ${pad(month)}`;
  return sql<SqlBool>`1 = 1`;
}

export async function insertMilestone(db: Db, row: MilestoneTable): Promise<void> {
  await db.insertInto("milestone").values(row).execute();
}

export async function insertGalleryItem(db: Db, row: GalleryItemTable): Promise<void> {
  await db.insertInto("galleryItem").values(row).execute();
}

/** One page of a client's milestones, newest first, and how many match in all. */
export async function listMilestones(
  db: Db,
  clientId: string,
  filter: DateFilter,
  { page, pageSize }: PageRequest,
): Promise<{ rows: MilestoneTable[]; total: number }> {
  let matching = db.selectFrom("milestone").where("clientId", "=", clientId).where(dateCondition(filter));
  if (filter.swimmer) matching = matching.where("swimmerId", "=", filter.swimmer);
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy("timestamp", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** One page of a client's gallery, newest date first (then newest upload), and how many match in all. */
export async function listGalleryItems(
  db: Db,
  clientId: string,
  filter: DateFilter & { type?: GalleryMediaType },
  { page, pageSize }: PageRequest,
): Promise<{ rows: GalleryItemTable[]; total: number }> {
  let matching = db.selectFrom("galleryItem").where("clientId", "=", clientId).where(dateCondition(filter));
  if (filter.type) matching = matching.where("mediaType", "=", filter.type);
  if (filter.swimmer) matching = matching.where("swimmerId", "=", filter.swimmer);
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy("date", "desc")
      .orderBy("uploadedAt", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string | number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export interface StoredPicture {
  kind: "milestone" | "gallery";
  imageKey: string;
  thumbnailKey: string;
}

/** The picture `mediaId` of this client (a milestone or a gallery image), or undefined. */
export async function findPicture(
  db: Db,
  clientId: string,
  mediaId: string,
): Promise<StoredPicture | undefined> {
  const milestone = await db
    .selectFrom("milestone")
    .select(["imageKey", "thumbnailKey"])
    .where("id", "=", mediaId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  if (milestone) return { kind: "milestone", ...milestone };
  const item = await db
    .selectFrom("galleryItem")
    .select(["imageKey", "thumbnailKey"])
    .where("id", "=", mediaId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  if (!item?.imageKey || !item.thumbnailKey) return undefined;
  return { kind: "gallery", imageKey: item.imageKey, thumbnailKey: item.thumbnailKey };
}

/** Deletes the milestone and answers the keys of its files, or undefined when there was none. */
export async function deleteMilestoneRow(db: Db, id: string) {
  return db
    .deleteFrom("milestone")
    .where("id", "=", id)
    .returning(["imageKey", "thumbnailKey", "clientId", "swimmerId", "date"])
    .executeTakeFirst();
}

/** Deletes the gallery item and answers the keys of its files (null for a video), or undefined. */
export async function deleteGalleryItemRow(db: Db, id: string) {
  return db
    .deleteFrom("galleryItem")
    .where("id", "=", id)
    .returning(["imageKey", "thumbnailKey", "clientId", "swimmerId", "date", "mediaType", "videoLink"])
    .executeTakeFirst();
}

/** The photos taken in these lessons (/today): of each swimmer in each lesson, the latest upload. */
export async function latestLessonPhotos(
  db: Db,
  lessonIds: readonly number[],
): Promise<{ id: string; clientId: string; lessonId: number; swimmerId: string }[]> {
  if (lessonIds.length === 0) return [];
  const rows = await db
    .selectFrom("galleryItem")
    .select(["id", "clientId", "lessonId", "swimmerId"])
    .where("lessonId", "in", lessonIds)
    .where("mediaType", "=", "image")
    .orderBy("uploadedAt", "desc")
    .orderBy("id", "desc")
    .execute();
  const seen = new Set<string>();
  const latest: { id: string; clientId: string; lessonId: number; swimmerId: string }[] = [];
  for (const row of rows) {
    if (row.lessonId === null || row.swimmerId === null) continue;
    const whose = `${row.lessonId}:${row.swimmerId}`;
    if (seen.has(whose)) continue;
    seen.add(whose);
    latest.push({ id: row.id, clientId: row.clientId, lessonId: row.lessonId, swimmerId: row.swimmerId });
  }
  return latest;
}

/** Whether gallery picture `mediaId` was taken in lesson `lessonId`. */
export async function isLessonPicture(db: Db, lessonId: number, mediaId: string): Promise<boolean> {
  const row = await db
    .selectFrom("galleryItem")
    .select("id")
    .where("id", "=", mediaId)
    .where("lessonId", "=", lessonId)
    .where("mediaType", "=", "image")
    .executeTakeFirst();
  return row !== undefined;
}
