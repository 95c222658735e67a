import { type Kysely, sql } from "kysely";
import { isPostgres, withIdColumn } from "../portable.ts";

/**
 * The audit log (issue 30, docs/decisions/036): one append-only table, empty after the migration; nothing existing
 * is touched.
 * - `auditEntry`: who (`actorUserId`, and `actorName` as it was then), when (`at`), what (`entityKind`, `entityId`,
 *   `action`), the household it concerns when there is one (`householdId`, for the household's export and the
 *   search), and the values that matter before and after (`before`, `after`: JSON text, written through an
 *   allow-list per kind, never a secret).
 * - No foreign key at all: an entry outlives the person who made it and the row it names. Deleting a client
 *   cascades through every table that references the household; this one references nothing, so it keeps the
 *   client's history, the deletion's own entry included.
 * - Triggers refuse every UPDATE and DELETE of an entry, on both engines: the only write is an INSERT.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("auditEntry"))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("actorUserId", "text")
    .addColumn("actorName", "text", (col) => col.notNull())
    .addColumn("actorRole", "text", (col) => col.notNull())
    .addColumn("entityKind", "text", (col) => col.notNull())
    .addColumn("entityId", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("householdId", "text")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("auditEntry_at_idx").on("auditEntry").columns(["at", "id"]).execute();
  await db.schema
    .createIndex("auditEntry_actorUserId_at_idx")
    .on("auditEntry")
    .columns(["actorUserId", "at"])
    .execute();
  await db.schema.createIndex("auditEntry_householdId_idx").on("auditEntry").column("householdId").execute();

  if (isPostgres(db)) {
    await sql`create function "auditEntryIsAppendOnly"() returns trigger language plpgsql as $$
      begin
        raise exception 'auditEntry is append-only: % refused', tg_op;
      end $$`.execute(db);
    await sql`create trigger "auditEntry_append_only" before update or delete on "auditEntry"
      for each row execute function "auditEntryIsAppendOnly"()`.execute(db);
    // TRUNCATE skips row triggers: refused by its own statement trigger.
    await sql`create trigger "auditEntry_no_truncate" before truncate on "auditEntry"
      for each statement execute function "auditEntryIsAppendOnly"()`.execute(db);
  } else {
    await sql`create trigger "auditEntry_no_update" before update on "auditEntry" begin
      select raise(abort, 'auditEntry is append-only: UPDATE refused'); end`.execute(db);
    await sql`create trigger "auditEntry_no_delete" before delete on "auditEntry" begin
      select raise(abort, 'auditEntry is append-only: DELETE refused'); end`.execute(db);
  }
}
