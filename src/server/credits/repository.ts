import type { Credit, CreditKind } from "../../domain/credits.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";

/** The ledger's queries (server/credits owns the `credit` and `creditEvent` tables). */

export interface CreditRow extends Credit {
  swimmerName: string | null;
  issuedByName: string | null;
}

function ledger(db: Db) {
  return db
    .selectFrom("credit")
    .leftJoin("creditEvent", "creditEvent.creditId", "credit.id")
    .leftJoin("swimmer", "swimmer.id", "credit.swimmerId")
    .leftJoin("user as issuer", "issuer.id", "credit.issuedByUserId")
    .select([
      "credit.id",
      "credit.clientId",
      "credit.swimmerId",
      "credit.kind",
      "credit.reason",
      "credit.issuedAt",
      "credit.expiresOn",
      "credit.issuedByUserId",
      "swimmer.firstName as swimmerName",
      "issuer.name as issuedByName",
      "creditEvent.kind as endingKind",
      "creditEvent.at as endedAt",
      "creditEvent.byUserId as endedByUserId",
      "creditEvent.lessonId as endingLessonId",
      "creditEvent.reason as endingReason",
    ]);
}

type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledger>["execute"]>>[number];

function creditOf(row: LedgerRow): CreditRow {
  return {
    id: Number(row.id),
    clientId: row.clientId,
    swimmerId: row.swimmerId,
    kind: row.kind,
    reason: row.reason,
    issuedAt: row.issuedAt,
    expiresOn: row.expiresOn,
    issuedByUserId: row.issuedByUserId,
    swimmerName: row.swimmerName,
    issuedByName: row.issuedByName,
    ending:
      row.endingKind && row.endedAt
        ? {
            kind: row.endingKind,
            at: row.endedAt,
            byUserId: row.endedByUserId,
            lessonId: row.endingLessonId === null ? null : Number(row.endingLessonId),
            reason: row.endingReason ?? "",
          }
        : null,
  };
}

/** Every credit of the household, newest first. */
export async function creditsOfHousehold(db: Db, clientId: string): Promise<CreditRow[]> {
  return (await creditsOfHouseholdRead(db, { clientId })).map(creditOf);
}
const creditsOfHouseholdRead = compiledOnce((db, value: CallValue<{ clientId: string }>) =>
  ledger(db).where("credit.clientId", "=", value("clientId")).orderBy("credit.id", "desc"),
);

export async function creditById(db: Db, id: number): Promise<CreditRow | undefined> {
  const row = await ledger(db).where("credit.id", "=", id).executeTakeFirst();
  return row && creditOf(row);
}

/** The household's credits not ended and lasting until `today` or later (the caller orders and filters them). */
export async function unendedCredits(db: Db, clientId: string, today: string): Promise<CreditRow[]> {
  const rows = await ledger(db)
    .where("credit.clientId", "=", clientId)
    .where("creditEvent.id", "is", null)
    .where("credit.expiresOn", ">=", today)
    .execute();
  return rows.map(creditOf);
}

export async function insertCredit(
  trx: Db,
  row: {
    clientId: string;
    swimmerId: string | null;
    kind: CreditKind;
    reason: string;
    issuedAt: string;
    expiresOn: string;
    issuedByUserId: string | null;
  },
): Promise<number> {
  const inserted = await trx
    .insertInto("credit")
    .values({ ...row, expiryNoticeQueuedAt: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/**
 * Records how a credit ended; false when it had already ended. The unique `creditId` decides between concurrent
 * endings on both engines: the second waits for the first to commit and then inserts nothing, without an error that
 * would abort the caller's transaction on PostgreSQL.
 */
export async function insertEnding(
  trx: Db,
  row: {
    creditId: number;
    kind: "redeemed" | "voided";
    at: string;
    byUserId: string | null;
    lessonId: number | null;
    reason: string;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("creditEvent")
    .values(row)
    .onConflict((conflict) => conflict.column("creditId").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function lessonHousehold(db: Db, lessonId: number): Promise<string | undefined> {
  const row = await db.selectFrom("lesson").select("clientId").where("id", "=", lessonId).executeTakeFirst();
  return row?.clientId;
}

export async function swimmerInHousehold(db: Db, clientId: string, swimmerId: string): Promise<boolean> {
  const row = await db
    .selectFrom("swimmer")
    .select("id")
    .where("id", "=", swimmerId)
    .where("clientId", "=", clientId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ExpiringCredit {
  id: number;
  clientId: string;
  kind: CreditKind;
  reason: string;
  expiresOn: string;
  swimmerName: string | null;
}

/**
 * Up to `limit` credits not ended whose last day is from `from` to `to`, their expiry mail not queued yet, of
 * households with a guardian who gets the household's mail, by id after `afterId`.
 */
export async function expiringCredits(
  db: Db,
  by: { from: string; to: string; afterId: number; limit: number },
): Promise<ExpiringCredit[]> {
  const rows = await db
    .selectFrom("credit")
    .leftJoin("creditEvent", "creditEvent.creditId", "credit.id")
    .leftJoin("swimmer", "swimmer.id", "credit.swimmerId")
    .select([
      "credit.id",
      "credit.clientId",
      "credit.kind",
      "credit.reason",
      "credit.expiresOn",
      "swimmer.firstName as swimmerName",
    ])
    .where("creditEvent.id", "is", null)
    .where("credit.expiryNoticeQueuedAt", "is", null)
    .where("credit.expiresOn", ">=", by.from)
    .where("credit.expiresOn", "<=", by.to)
    .where("credit.id", ">", by.afterId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("guardian")
          .select("guardian.userId")
          .whereRef("guardian.clientId", "=", "credit.clientId")
          .where("guardian.getsMail", "=", 1),
      ),
    )
    .orderBy("credit.id")
    .limit(by.limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Marks the credit's expiry mail queued; false when another sweep claimed it first. */
export async function claimExpiryNotice(trx: Db, creditId: number, now: string): Promise<boolean> {
  const claimed = await trx
    .updateTable("credit")
    .set({ expiryNoticeQueuedAt: now })
    .where("id", "=", creditId)
    .where("expiryNoticeQueuedAt", "is", null)
    .returning("id")
    .executeTakeFirst();
  return claimed !== undefined;
}
