import type { Db } from "../db/database.ts";

/**
 * The certificate side of a level result (docs/decisions/027): approval, publication and the share link's hash. The
 * curriculum feature writes a result when a swimmer passes (its report card, a snapshot); this feature publishes it
 * and reads it back with its swimmer's and household's names.
 */
export interface LevelResultRow {
  id: number;
  swimmerId: string;
  clientId: string;
  swimmerFirstName: string;
  swimmerLastName: string;
  householdFirstName: string;
  householdLastName: string;
  passedAt: string;
  /** domain/curriculum.ts ReportCard, JSON. */
  reportCard: string;
  certificateNumber: string | null;
  approvedAt: string | null;
  publishedAt: string | null;
  shareTokenHash: string | null;
  shareRevokedAt: string | null;
}

const withNames = (db: Db) =>
  db
    .selectFrom("levelResult")
    .innerJoin("swimmer", "swimmer.id", "levelResult.swimmerId")
    .innerJoin("client", "client.id", "swimmer.clientId")
    .select([
      "levelResult.id",
      "levelResult.swimmerId",
      "swimmer.clientId",
      "swimmer.firstName as swimmerFirstName",
      "swimmer.lastName as swimmerLastName",
      "client.firstName as householdFirstName",
      "client.lastName as householdLastName",
      "levelResult.passedAt",
      "levelResult.reportCard",
      "levelResult.certificateNumber",
      "levelResult.approvedAt",
      "levelResult.publishedAt",
      "levelResult.shareTokenHash",
      "levelResult.shareRevokedAt",
    ]);

const asRow = (row: LevelResultRow): LevelResultRow => ({ ...row, id: Number(row.id) });

export async function findLevelResult(db: Db, id: number): Promise<LevelResultRow | undefined> {
  const row = await withNames(db).where("levelResult.id", "=", id).executeTakeFirst();
  return row && asRow(row);
}

export async function levelResultsOf(db: Db, ids: readonly number[]): Promise<LevelResultRow[]> {
  if (ids.length === 0) return [];
  const rows = await withNames(db)
    .where("levelResult.id", "in", [...ids])
    .orderBy("levelResult.id")
    .execute();
  return rows.map(asRow);
}

/** The swimmer's published results, latest passed first. */
export async function publishedResultsOfSwimmer(db: Db, swimmerId: string): Promise<LevelResultRow[]> {
  const rows = await withNames(db)
    .where("levelResult.swimmerId", "=", swimmerId)
    .where("levelResult.publishedAt", "is not", null)
    .orderBy("levelResult.passedAt", "desc")
    .orderBy("levelResult.id", "desc")
    .execute();
  return rows.map(asRow);
}

/** Drafts waiting for the owner, the longest-waiting first. */
export async function waitingResults(db: Db): Promise<LevelResultRow[]> {
  const rows = await withNames(db)
    .where("levelResult.publishedAt", "is", null)
    .orderBy("levelResult.passedAt")
    .orderBy("levelResult.id")
    .execute();
  return rows.map(asRow);
}

/** The latest published results, newest first. */
export async function latestPublishedResults(db: Db, limit: number): Promise<LevelResultRow[]> {
  const rows = await withNames(db)
    .where("levelResult.publishedAt", "is not", null)
    .orderBy("levelResult.publishedAt", "desc")
    .orderBy("levelResult.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(asRow);
}

export async function findByShareTokenHash(db: Db, hash: string): Promise<LevelResultRow | undefined> {
  const row = await withNames(db).where("levelResult.shareTokenHash", "=", hash).executeTakeFirst();
  return row && asRow(row);
}

/**
 * Publishes the drafts among `ids` (a published result is left as it is: approving twice mails once). `approvedBy`
 * null: published without approval (School settings' approval off). Answers the ids it published.
 */
export async function publishDrafts(
  trx: Db,
  ids: readonly number[],
  at: string,
  approvedBy: string | null,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable("levelResult")
    .set({
      publishedAt: at,
      approvedAt: approvedBy ? at : null,
      approvedByUserId: approvedBy,
    })
    .where("id", "in", [...ids])
    .where("publishedAt", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** A new share link replaces the last one (and lifts its stop). */
export async function setShareTokenHash(db: Db, id: number, hash: string): Promise<void> {
  await db
    .updateTable("levelResult")
    .set({ shareTokenHash: hash, shareRevokedAt: null })
    .where("id", "=", id)
    .execute();
}

/** Stops the share link; the hash stays, so the link answers that the family stopped it. */
export async function revokeShare(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable("levelResult")
    .set({ shareRevokedAt: at })
    .where("id", "=", id)
    .where("shareTokenHash", "is not", null)
    .where("shareRevokedAt", "is", null)
    .execute();
}

/** People's names by user id (the instructors on certificates); a deleted account is absent. */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("user")
    .select(["id", "name"])
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The household of a swimmer, or undefined when there is no such swimmer. */
export async function householdOfSwimmer(db: Db, swimmerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("swimmer")
    .select("clientId")
    .where("id", "=", swimmerId)
    .executeTakeFirst();
  return row?.clientId;
}
