import { type Kysely, sql } from "kysely";

/**
 * A family cancels a lesson (issue 29, docs/decisions/031). A cancelled lesson is never deleted: it keeps its row
 * (its date, swimmers, plan and the policy it was booked under) and says when, by whom, why and what was applied.
 * - `cancelledAt`: null while the lesson stands.
 * - `cancelledByUserId`: who cancelled it (null once their account is gone).
 * - `cancellationReason`: "family", "family-weather", "school" or "weather".
 * - `cancellationOutcome`: "class-used" (late: the class counts as used) or "credit" (`cancellationCreditId` is the
 *   credit issued for it; null once that credit row is gone).
 * Every lesson booked before comes through not cancelled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("lesson").addColumn("cancelledAt", "text").execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("cancelledByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("cancellationReason", "text", (col) =>
      col.check(sql`"cancellationReason" in ('family', 'family-weather', 'school', 'weather')`),
    )
    .execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("cancellationOutcome", "text", (col) =>
      col.check(sql`"cancellationOutcome" in ('class-used', 'credit')`),
    )
    .execute();
  await db.schema
    .alterTable("lesson")
    .addColumn("cancellationCreditId", "integer", (col) => col.references("credit.id").onDelete("set null"))
    .execute();
}
