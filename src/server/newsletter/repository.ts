import type { Locale } from "../../domain/locale.ts";
import type { NewsletterSubscriber } from "../../domain/newsletter.ts";
import type { Db } from "../db/database.ts";
import type { NewsletterStatus } from "../db/schema.ts";

/** The newsletter's queries. Times are ISO strings; every write that must happen once is one conditional UPDATE. */

export interface NewConfirmation {
  email: string;
  tokenHash: string;
  expiresAt: string;
  now: string;
  /** The language of the page signed up on: the confirmation and later mails are written in it. */
  locale: Locale;
}

/** A subscriber as its mails need it: the unsubscribe link is signed over id and address. */
export interface Subscriber {
  id: number;
  email: string;
  locale: string;
}

/** Adds `email` as pending with this confirmation; false when the address already has a row. */
export async function insertPending(db: Db, confirmation: NewConfirmation): Promise<boolean> {
  const inserted = await db
    .insertInto("newsletterSubscriber")
    .values({
      email: confirmation.email,
      status: "pending",
      confirmTokenHash: confirmation.tokenHash,
      confirmTokenExpiresAt: confirmation.expiresAt,
      confirmationSentAt: confirmation.now,
      confirmedAt: null,
      unsubscribedAt: null,
      createdAt: confirmation.now,
      locale: confirmation.locale,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Gives a pending or unsubscribed address a new confirmation (in the language of the page signed up on now), unless its last one was queued after
 * `sentBefore`: of two sign-ups at once only one wins, so one confirmation mail goes out per window.
 */
export async function renewConfirmation(
  db: Db,
  confirmation: NewConfirmation & { sentBefore: string },
): Promise<boolean> {
  const result = await db
    .updateTable("newsletterSubscriber")
    .set({
      status: "pending",
      confirmTokenHash: confirmation.tokenHash,
      confirmTokenExpiresAt: confirmation.expiresAt,
      confirmationSentAt: confirmation.now,
      locale: confirmation.locale,
    })
    .where("email", "=", confirmation.email)
    .where("status", "!=", "confirmed")
    .where((eb) =>
      eb.or([eb("confirmationSentAt", "is", null), eb("confirmationSentAt", "<=", confirmation.sentBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function statusOf(db: Db, email: string): Promise<NewsletterStatus | null> {
  const row = await db
    .selectFrom("newsletterSubscriber")
    .select("status")
    .where("email", "=", email)
    .executeTakeFirst();
  return row?.status ?? null;
}

/** Confirms the pending address whose unexpired token hashes to `tokenHash`, once: the token is cleared with it. */
export async function confirmByTokenHash(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("newsletterSubscriber")
    .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where("confirmTokenHash", "=", tokenHash)
    .where("status", "=", "pending")
    .where("confirmTokenExpiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findByEmail(db: Db, email: string): Promise<Subscriber> {
  return db
    .selectFrom("newsletterSubscriber")
    .select(["id", "email", "locale"])
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
}

export async function findById(db: Db, id: number): Promise<{ id: number; email: string } | undefined> {
  return db
    .selectFrom("newsletterSubscriber")
    .select(["id", "email"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Unsubscribes the address (idempotent); a pending confirmation link stops working too. */
export async function unsubscribe(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("newsletterSubscriber")
    .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where("id", "=", id)
    .where("status", "!=", "unsubscribed")
    .execute();
}

const confirmed = (db: Db) => db.selectFrom("newsletterSubscriber").where("status", "=", "confirmed");

/** Confirmed addresses, oldest confirmation first (a stable order for paging). */
export async function confirmedPage(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ items: NewsletterSubscriber[]; total: number }> {
  const [rows, count] = await Promise.all([
    confirmed(db)
      .select(["email", "confirmedAt"])
      .orderBy("confirmedAt")
      .orderBy("id")
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    confirmed(db)
      .select((eb) => eb.fn.countAll<string | number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({ email: row.email, confirmedAt: row.confirmedAt ?? "" })),
    total: Number(count.total),
  };
}

/** Every confirmed address, in batches, for the export: the whole list is never held at once. */
export async function* allConfirmed(db: Db, batchSize = 1000): AsyncGenerator<NewsletterSubscriber[]> {
  let afterId = 0;
  for (;;) {
    const rows = await confirmed(db)
      .select(["id", "email", "confirmedAt"])
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ email: row.email, confirmedAt: row.confirmedAt ?? "" }));
    afterId = rows[rows.length - 1]?.id ?? afterId;
    if (rows.length < batchSize) return;
  }
}
