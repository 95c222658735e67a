import { type Kysely, sql } from "kysely";

/**
 * School settings (issue 24): what the owner sets on /admin/settings instead of editing src/content/site.json. One
 * row of contacts, social profile and contract form address (`id` is always 1), and one row per place of the home
 * page's reel grid (`position` 0 to 11). Both start empty: while they are, site.json's values are the settings, so
 * a school that upgrades sees exactly what it saw before (docs/decisions/020). Nothing existing is touched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("schoolSettings")
    .addColumn("id", "integer", (col) => col.notNull().primaryKey().modifyEnd(sql.raw(`check ("id" = 1)`)))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("socialProfileUrl", "text", (col) => col.notNull())
    .addColumn("contractFormUrl", "text", (col) => col.notNull())
    .addColumn("updatedAt", "text", (col) => col.notNull())
    // Who saved last; the row stays when that account goes.
    .addColumn("updatedByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db.schema
    .createTable("schoolReel")
    .addColumn("position", "integer", (col) =>
      col.notNull().primaryKey().modifyEnd(sql.raw(`check ("position" >= 0 and "position" < 12)`)),
    )
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("caption", "text", (col) => col.notNull())
    .addColumn("captionEs", "text", (col) => col.notNull())
    .addColumn("sample", "integer", (col) => col.notNull().modifyEnd(sql.raw(`check ("sample" in (0, 1))`)))
    .execute();
}
