import type { ContactMessage } from "../../domain/contact.ts";
import type { Db } from "../db/database.ts";

export interface StoredMessage {
  id: number;
  mailOutboxId: number | null;
}

/** The newest message with this fingerprint stored at or after `since`. */
export async function findRecentMessage(
  db: Db,
  fingerprint: string,
  since: string,
): Promise<StoredMessage | undefined> {
  return db
    .selectFrom("contactMessage")
    .select(["id", "mailOutboxId"])
    .where("fingerprint", "=", fingerprint)
    .where("createdAt", ">=", since)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function insertMessage(
  trx: Db,
  message: ContactMessage & { fingerprint: string; mailOutboxId: number; createdAt: string },
): Promise<number> {
  const inserted = await trx
    .insertInto("contactMessage")
    .values(message)
    .returning("id")
    .executeTakeFirstOrThrow();
  return inserted.id;
}
