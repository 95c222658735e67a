import type { Kysely } from "kysely";

/**
 * A swimmer's placement in a level (issue 28): `swimmer.levelId`, set when staff place a swimmer (an adult who starts
 * in Adults, a child who starts above the first stage). Null for every existing swimmer: the level they are in is then
 * read from their history by `currentLevelOf` (src/domain/curriculum.ts), so nothing needs filling and no row's
 * meaning changes. A level is never deleted (it is retired), so the reference never dangles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("swimmer")
    .addColumn("levelId", "integer", (col) => col.references("level.id"))
    .execute();
}
