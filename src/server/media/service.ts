import { randomBytes } from "node:crypto";
import {
  type GalleryItem,
  galleryPageSize,
  type MediaPage,
  type Milestone,
  milestonePageSize,
} from "../../domain/media.ts";
import type { GalleryListQuery, MilestoneListQuery } from "../../domain/media-schemas.ts";
import { mediaMessages, messages } from "../../domain/messages.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { GalleryItemTable, MilestoneTable } from "../db/schema.ts";
import { swimmersOf } from "../households/service.ts";
import { appError } from "../http/errors.ts";
import type { Log } from "../http/log.ts";
import type { MediaStore, StoredFile } from "../ports/media/media-store.ts";
import { mediaKeysOf } from "./keys.ts";
import { storedPicturesOf } from "./picture.ts";
import {
  deleteGalleryItemRow,
  deleteMilestoneRow,
  findPicture,
  insertGalleryItem,
  insertMilestone,
  isLessonPicture,
  latestLessonPhotos,
  listGalleryItems,
  listMilestones,
} from "./repository.ts";

export interface MediaDeps {
  db: Db;
  media: MediaStore;
  clock: Clock;
  log: Log;
  /** TZ_SCHOOL: a milestone's day, which the month and year filters read, is the school's. */
  config: Pick<Config, "TZ_SCHOOL">;
}

/** 128 random bits, URL-safe: the id in a file's address says nothing and cannot be guessed. */
const newMediaId = () => randomBytes(16).toString("base64url");

/** The private address of a picture of household `clientId` (GET /api/clients/:clientId/media/:id/…). */
export const fileUrl = (clientId: string, id: string, variant: "full" | "thumb") =>
  `/api/clients/${clientId}/media/${id}/${variant}`;

function toMilestone(row: MilestoneTable): Milestone {
  return {
    id: row.id,
    clientId: row.clientId,
    swimmerId: row.swimmerId,
    timestamp: row.timestamp,
    imageUrl: fileUrl(row.clientId, row.id, "full"),
    thumbnailUrl: fileUrl(row.clientId, row.id, "thumb"),
  };
}

function toGalleryItem(row: GalleryItemTable): GalleryItem {
  const image = row.mediaType === "image";
  return {
    id: row.id,
    clientId: row.clientId,
    swimmerId: row.swimmerId,
    mediaType: row.mediaType,
    date: row.date,
    uploadedAt: row.uploadedAt,
    imageUrl: image ? fileUrl(row.clientId, row.id, "full") : null,
    thumbnailUrl: image ? fileUrl(row.clientId, row.id, "thumb") : null,
    videoLink: row.videoLink,
  };
}

/**
 * Whose picture or video an upload for household `clientId` is: the swimmer chosen (one of the household's), else
 * its first swimmer (a household of one: its one swimmer). Refused for an unknown household, a swimmer of another
 * household, and a swimmer whose family has not allowed the school to keep photos of them.
 */
async function swimmerOfUpload(
  deps: MediaDeps,
  clientId: string,
  chosen: string | undefined,
): Promise<string> {
  const swimmers = await swimmersOf(deps.db, clientId);
  if (swimmers.length === 0) {
    throw appError("client-not-found", 404, messages.clientNotFound, { field: "clientId" });
  }
  const swimmer = chosen === undefined ? swimmers[0] : swimmers.find((each) => each.id === chosen);
  if (!swimmer) throw appError("validation", 400, mediaMessages.swimmerInvalid, { field: "swimmerId" });
  if (swimmer.photoPermission !== 1) {
    throw appError("no-photo-permission", 409, mediaMessages.noPhotoPermission, { field: "swimmerId" });
  }
  return swimmer.id;
}

/**
 * Checks and re-encodes the picture, writes its two files under our own keys, then its row. A refused picture
 * stores nothing; when the row cannot be written (the client was deleted meanwhile) the files go again.
 */
async function storePicture<T>(
  deps: MediaDeps,
  clientId: string,
  chosenSwimmer: string | undefined,
  bytes: Uint8Array,
  insertRow: (id: string, keys: { imageKey: string; thumbnailKey: string }, swimmerId: string) => Promise<T>,
): Promise<T> {
  const swimmerId = await swimmerOfUpload(deps, clientId, chosenSwimmer);
  const { id, keys } = await storeFiles(deps, clientId, bytes);
  try {
    return await insertRow(id, keys, swimmerId);
  } catch (error) {
    await removeFiles(deps, [keys.imageKey, keys.thumbnailKey]);
    throw error;
  }
}

/** Checks and re-encodes the picture and writes its two files under a new id (none kept when one fails). */
async function storeFiles(
  deps: MediaDeps,
  clientId: string,
  bytes: Uint8Array,
): Promise<{ id: string; keys: { imageKey: string; thumbnailKey: string } }> {
  const pictures = await storedPicturesOf(bytes);
  const id = newMediaId();
  const keys = mediaKeysOf(clientId, id);
  try {
    await deps.media.put(keys.imageKey, pictures.full, "image/jpeg");
    await deps.media.put(keys.thumbnailKey, pictures.thumbnail, "image/jpeg");
  } catch (error) {
    await removeFiles(deps, [keys.imageKey, keys.thumbnailKey]);
    throw error;
  }
  return { id, keys };
}

async function removeFiles(deps: MediaDeps, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await deps.media.delete(key).catch((error: unknown) => {
      deps.log("error", "media file left behind", { key, error: String(error) });
    });
  }
}

/** `swimmer`: whose milestone, one of the household's swimmers; unset, its first (docs/decisions/019). */
export async function uploadMilestone(
  deps: MediaDeps,
  clientId: string,
  bytes: Uint8Array,
  swimmer?: string,
): Promise<Milestone> {
  return storePicture(deps, clientId, swimmer, bytes, async (id, keys, swimmerId) => {
    const now = deps.clock.now();
    const row: MilestoneTable = {
      id,
      clientId,
      swimmerId,
      timestamp: now.toISOString(),
      date: dayInZone(now, deps.config.TZ_SCHOOL),
      ...keys,
    };
    await deps.db.transaction().execute(async (trx) => {
      await insertMilestone(trx, row);
      await recordAudit(trx, { kind: "milestone", id, action: "created", householdId: clientId, after: row });
    });
    return toMilestone(row);
  });
}

export async function uploadGalleryImage(
  deps: MediaDeps,
  clientId: string,
  date: string,
  bytes: Uint8Array,
  swimmer?: string,
): Promise<GalleryItem> {
  return storePicture(deps, clientId, swimmer, bytes, async (id, keys, swimmerId) => {
    const row: GalleryItemTable = {
      id,
      clientId,
      swimmerId,
      mediaType: "image",
      date,
      uploadedAt: deps.clock.now().toISOString(),
      ...keys,
      videoLink: null,
      lessonId: null,
    };
    await insertAuditedGalleryItem(deps, row);
    return toGalleryItem(row);
  });
}

export async function addGalleryVideo(
  deps: MediaDeps,
  clientId: string,
  date: string,
  videoLink: string,
  swimmer?: string,
): Promise<GalleryItem> {
  const swimmerId = await swimmerOfUpload(deps, clientId, swimmer);
  const row: GalleryItemTable = {
    id: newMediaId(),
    clientId,
    swimmerId,
    mediaType: "video",
    date,
    uploadedAt: deps.clock.now().toISOString(),
    imageKey: null,
    thumbnailKey: null,
    videoLink,
    lessonId: null,
  };
  await insertAuditedGalleryItem(deps, row);
  return toGalleryItem(row);
}

async function insertAuditedGalleryItem(deps: MediaDeps, row: GalleryItemTable): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await insertGalleryItem(trx, row);
    await recordAudit(trx, {
      kind: "gallery-item",
      id: row.id,
      action: "created",
      householdId: row.clientId,
      after: row,
    });
  });
}

export async function milestonePage(
  deps: MediaDeps,
  clientId: string,
  query: MilestoneListQuery,
): Promise<MediaPage<Milestone>> {
  const pageSize = milestonePageSize;
  const { rows, total } = await listMilestones(deps.db, clientId, query, { page: query.page, pageSize });
  return { items: rows.map(toMilestone), page: query.page, pageSize, total };
}

export async function galleryPage(
  deps: MediaDeps,
  clientId: string,
  query: GalleryListQuery,
): Promise<MediaPage<GalleryItem>> {
  const pageSize = galleryPageSize;
  const { rows, total } = await listGalleryItems(deps.db, clientId, query, { page: query.page, pageSize });
  return { items: rows.map(toGalleryItem), page: query.page, pageSize, total };
}

/** A photo taken in a lesson (/today), its files written, its row not yet. */
export interface PreparedLessonPhoto {
  swimmerId: string;
  /** Writes its gallery row in the caller's transaction, beside the lesson's other rows. */
  insert(trx: Db): Promise<GalleryItem>;
  /** Removes its files: the transaction that was to write its row did not commit. */
  discard(): Promise<void>;
}

/**
 * A photo taken in lesson `lessonId` of household `clientId`, for the family's gallery on the lesson's date: checked,
 * re-encoded and stripped as any upload (refused for a swimmer without photo permission), its files written now;
 * its row is the caller's to write (`insert`) in the transaction that records the lesson, or to `discard`.
 */
export async function prepareLessonPhoto(
  deps: MediaDeps,
  photo: { clientId: string; swimmerId: string; lessonId: number; date: string },
  bytes: Uint8Array,
): Promise<PreparedLessonPhoto> {
  const swimmerId = await swimmerOfUpload(deps, photo.clientId, photo.swimmerId);
  const { id, keys } = await storeFiles(deps, photo.clientId, bytes);
  const row: GalleryItemTable = {
    id,
    clientId: photo.clientId,
    swimmerId,
    mediaType: "image",
    date: photo.date,
    uploadedAt: deps.clock.now().toISOString(),
    ...keys,
    videoLink: null,
    lessonId: photo.lessonId,
  };
  return {
    swimmerId,
    async insert(trx) {
      await insertGalleryItem(trx, row);
      return toGalleryItem(row);
    },
    discard: () => removeFiles(deps, [keys.imageKey, keys.thumbnailKey]),
  };
}

/** A lesson's photo of one swimmer (the latest, when several), by its gallery item id. */
export interface LessonPhoto {
  id: string;
  clientId: string;
  lessonId: number;
  swimmerId: string;
}

/** The photos taken in these lessons: the latest of each swimmer in each. */
export const lessonPhotosOf = (db: Db, lessonIds: readonly number[]): Promise<LessonPhoto[]> =>
  latestLessonPhotos(db, lessonIds);

const mediaNotFound = () => appError("media-not-found", 404, mediaMessages.mediaNotFound);

/** The stored picture `mediaId` of this client: an id of another client is not found. */
export async function pictureFile(
  deps: MediaDeps,
  clientId: string,
  mediaId: string,
  variant: "full" | "thumb",
): Promise<{ kind: "milestone" | "gallery"; file: StoredFile }> {
  const picture = await findPicture(deps.db, clientId, mediaId);
  if (!picture) throw mediaNotFound();
  const file = await deps.media.get(variant === "full" ? picture.imageKey : picture.thumbnailKey);
  if (!file) {
    deps.log("error", "media file missing", { clientId, mediaId, variant });
    throw mediaNotFound();
  }
  return { kind: picture.kind, file };
}

/** A picture taken in `lesson` (/today), by its id: any other picture, of that household or not, is not found. */
export async function lessonPictureFile(
  deps: MediaDeps,
  lesson: { id: number; clientId: string },
  mediaId: string,
  variant: "full" | "thumb",
): Promise<{ kind: "gallery"; file: StoredFile }> {
  if (!(await isLessonPicture(deps.db, lesson.id, mediaId))) throw mediaNotFound();
  const { file } = await pictureFile(deps, lesson.clientId, mediaId, variant);
  return { kind: "gallery", file };
}

/** The row goes first (the item disappears at once), then its files. */
export async function deleteMilestone(deps: MediaDeps, id: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const row = await deleteMilestoneRow(trx, id);
    if (!row) throw mediaNotFound();
    await recordAudit(trx, {
      kind: "milestone",
      id,
      action: "deleted",
      householdId: row.clientId,
      before: row,
    });
    return row;
  });
  await removeFiles(deps, [deleted.imageKey, deleted.thumbnailKey]);
}

export async function deleteGalleryItem(deps: MediaDeps, id: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const row = await deleteGalleryItemRow(trx, id);
    if (!row) throw mediaNotFound();
    await recordAudit(trx, {
      kind: "gallery-item",
      id,
      action: "deleted",
      householdId: row.clientId,
      before: row,
    });
    return row;
  });
  await removeFiles(deps, [deleted.imageKey, deleted.thumbnailKey]);
}
