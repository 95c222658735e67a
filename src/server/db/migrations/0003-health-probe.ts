import type { Kysely } from "kysely";
import { withIdColumn } from "../portable.ts";

/** A scratch table /healthz writes to and empties again, to tell whether the database still takes writes. */
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable("healthProbe"))
    .addColumn("filler", "text", (col) => col.notNull())
    .addColumn("checkedAt", "text", (col) => col.notNull())
    .execute();
}
