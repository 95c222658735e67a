import type { Kysely } from "kysely";

/**
 * A lesson booked with a class credit (issue 29, docs/decisions/032). `lesson.paidByCreditId` is the credit that
 * paid for it: such a lesson does not take one of its plan's classes. The ledger's `creditEvent` (kind `redeemed`,
 * `lessonId`) says the same from the credit's side; both are written in the booking's one transaction. A unique
 * index makes "a credit pays for one lesson" a fact of the database on either engine (NULLs, the lessons paid by
 * their plan, are not compared). ON DELETE SET NULL like `cancellationCreditId`: a credit row goes only with its
 * household, whose lessons go with it. Every lesson booked before comes through paid by its plan (null).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("lesson")
    .addColumn("paidByCreditId", "integer", (col) => col.references("credit.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("lesson_paidByCreditId_key")
    .on("lesson")
    .column("paidByCreditId")
    .unique()
    .execute();
}
