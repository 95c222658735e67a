import { type SqlBool, sql } from "kysely";
import type { GalleryMediaType } from "../../domain/media.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
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
 * The month and year filters as values of a list's statements: a range of the YYYY-MM-DD `date` column when the
 * year is known (the index serves it), the month's two digits otherwise (that month of every year).
 */
function dateValues({ month, year }: DateFilter): { from?: string; to?: string; monthOfAnyYear?: string } {
  if (year !== undefined) {
    const from = `${year}-${pad(month ?? 1)}-01`;
    const to = month === undefined || month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
    return { from, to };
  }
  if (month !== undefined) return { monthOfAnyYear: pad(month) };
  return {};
}

/** What a page of a client's milestones or gallery is read with (compiled once, db/compiled-once.ts). */
type ListValues = ReturnType<typeof dateValues> & {
  clientId: string;
  swimmer?: string;
  mediaType?: GalleryMediaType;
  limit: number;
  offset: number;
};

/** dateValues as a condition on the `date` column. */
function dateCondition(value: CallValue<ListValues>) {
  const date = sql.ref("date");
  const [from, to, month] = [value("from"), value("to"), value("monthOfAnyYear")];
  if (from !== undefined && to !== undefined) return sql<SqlBool>`${date} >= ${from} and ${date} < ${to}`;
  if (month !== undefined) return sql<SqlBool>`substr(${date}, 6, 2) = ${month}`;
  return sql<SqlBool>`1 = 1`;
}

const listValues = (
  clientId: string,
  filter: DateFilter & { type?: GalleryMediaType },
  page: PageRequest,
) => ({
  clientId,
  ...dateValues(filter),
  swimmer: filter.swimmer || undefined,
  mediaType: filter.type || undefined,
  limit: page.pageSize,
  offset: (page.page - 1) * page.pageSize,
});

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
  page: PageRequest,
): Promise<{ rows: MilestoneTable[]; total: number }> {
  const values = listValues(clientId, filter, page);
  const [rows, [count]] = await Promise.all([milestonesPage(db, values), milestonesCount(db, values)]);
  return { rows, total: Number(count?.total ?? 0) };
}
const milestonesMatching = (db: Db, value: CallValue<ListValues>) => {
  const matching = db
    .selectFrom("milestone")
    .where("clientId", "=", value("clientId"))
    .where(dateCondition(value));
  const swimmer = value("swimmer");
  return swimmer === undefined ? matching : matching.where("swimmerId", "=", swimmer);
};
const milestonesPage = compiledOnce((db, value: CallValue<ListValues>) =>
  milestonesMatching(db, value)
    .selectAll()
    .orderBy("timestamp", "desc")
    .orderBy("id", "desc")
    .limit(value("limit"))
    .offset(value("offset")),
);
const milestonesCount = compiledOnce((db, value: CallValue<ListValues>) =>
  milestonesMatching(db, value).select((eb) => eb.fn.countAll<string | number>().as("total")),
);

/** One page of a client's gallery, newest date first (then newest upload), and how many match in all. */
export async function listGalleryItems(
  db: Db,
  clientId: string,
  filter: DateFilter & { type?: GalleryMediaType },
  page: PageRequest,
): Promise<{ rows: GalleryItemTable[]; total: number }> {
  const values = listValues(clientId, filter, page);
  const [rows, [count]] = await Promise.all([galleryPage(db, values), galleryCount(db, values)]);
  return { rows, total: Number(count?.total ?? 0) };
}
const galleryMatching = (db: Db, value: CallValue<ListValues>) => {
  let matching = db
    .selectFrom("galleryItem")
    .where("clientId", "=", value("clientId"))
    .where(dateCondition(value));
  const [mediaType, swimmer] = [value("mediaType"), value("swimmer")];
  if (mediaType !== undefined) matching = matching.where("mediaType", "=", mediaType);
  if (swimmer !== undefined) matching = matching.where("swimmerId", "=", swimmer);
  return matching;
};
const galleryPage = compiledOnce((db, value: CallValue<ListValues>) =>
  galleryMatching(db, value)
    .selectAll()
    .orderBy("date", "desc")
    .orderBy("uploadedAt", "desc")
    .orderBy("id", "desc")
    .limit(value("limit"))
    .offset(value("offset")),
);
const galleryCount = compiledOnce((db, value: CallValue<ListValues>) =>
  galleryMatching(db, value).select((eb) => eb.fn.countAll<string | number>().as("total")),
);

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
  const rows = await lessonPhotosRead(db, { lessonIds });
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
const lessonPhotosRead = compiledOnce((db, value: CallValue<{ lessonIds: readonly number[] }>) =>
  db
    .selectFrom("galleryItem")
    .select(["id", "clientId", "lessonId", "swimmerId"])
    .where("lessonId", "in", value("lessonIds"))
    .where("mediaType", "=", "image")
    .orderBy("uploadedAt", "desc")
    .orderBy("id", "desc"),
);

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
