import { type Kysely, sql } from "kysely";
import { withIdColumn } from "../portable.ts";
import { starterLevels, starterRatings, starterSkills } from "./0018-starter-curriculum.ts";

/**
 * Swim levels, skills, the rating scale, assessments and level results (issue 28, docs/decisions/026). New tables
 * only: nothing existing is touched. The school starts with the starter curriculum (0018-starter-curriculum.ts) and
 * rating scale version 1, which the owner then edits.
 * - `level` (ordered by `position`) and `skill`, each with English and Spanish texts; `retiredAt` set instead of
 *   deleting, so history keeps its names.
 * - `levelSkill`: a skill in a level (one row per pair), in order, `required` or not.
 * - `ratingScaleVersion` and its `ratingScaleRating`s: a new version per edit; exactly one rating is `mastered`.
 * - `assessment`: append-only (no code path updates or deletes one; a swimmer's deletion takes theirs).
 * - `levelResult`: a swimmer passed a level at a time, with the report card as written then (JSON) and room for the
 *   certificate: number, approval, publication, share token (only its hash) and its revocation, PDF storage key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const flag = (name: string) => sql.raw(`check ("${name}" in (0, 1))`);
  await withIdColumn(db, db.schema.createTable("level"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("nameEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("descriptionEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("retiredAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await withIdColumn(db, db.schema.createTable("skill"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("nameEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("descriptionEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("homeTip", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("homeTipEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("retiredAt", "text")
    .addColumn("createdAt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("levelSkill")
    .addColumn("levelId", "integer", (col) => col.notNull().references("level.id"))
    .addColumn("skillId", "integer", (col) => col.notNull().references("skill.id"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("required", "integer", (col) => col.notNull().defaultTo(1).modifyEnd(flag("required")))
    .addPrimaryKeyConstraint("levelSkill_pkey", ["levelId", "skillId"])
    .execute();
  await db.schema.createIndex("levelSkill_skillId_idx").on("levelSkill").column("skillId").execute();

  await db.schema
    .createTable("ratingScaleVersion")
    .addColumn("version", "integer", (col) => col.notNull().primaryKey())
    .addColumn("createdAt", "text", (col) => col.notNull())
    .addColumn("createdByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await withIdColumn(db, db.schema.createTable("ratingScaleRating"))
    .addColumn("scaleVersion", "integer", (col) => col.notNull().references("ratingScaleVersion.version"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("labelEs", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("mastered", "integer", (col) => col.notNull().defaultTo(0).modifyEnd(flag("mastered")))
    .execute();
  await db.schema
    .createIndex("ratingScaleRating_scaleVersion_idx")
    .on("ratingScaleRating")
    .column("scaleVersion")
    .execute();

  await withIdColumn(db, db.schema.createTable("assessment"))
    .addColumn("swimmerId", "text", (col) => col.notNull().references("swimmer.id").onDelete("cascade"))
    .addColumn("skillId", "integer", (col) => col.notNull().references("skill.id"))
    .addColumn("ratingId", "integer", (col) => col.notNull().references("ratingScaleRating.id"))
    .addColumn("scaleVersion", "integer", (col) => col.notNull().references("ratingScaleVersion.version"))
    .addColumn("lessonId", "integer", (col) => col.references("lesson.id").onDelete("set null"))
    .addColumn("byUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("assessment_swimmerId_skillId_at_idx")
    .on("assessment")
    .columns(["swimmerId", "skillId", "at"])
    .execute();
  await db.schema.createIndex("assessment_lessonId_idx").on("assessment").column("lessonId").execute();

  await withIdColumn(db, db.schema.createTable("levelResult"))
    .addColumn("swimmerId", "text", (col) => col.notNull().references("swimmer.id").onDelete("cascade"))
    .addColumn("levelId", "integer", (col) => col.notNull().references("level.id"))
    .addColumn("passedAt", "text", (col) => col.notNull())
    .addColumn("reportCard", "text", (col) => col.notNull())
    .addColumn("certificateNumber", "text", (col) => col.unique())
    .addColumn("approvedAt", "text")
    .addColumn("approvedByUserId", "text", (col) => col.references("user.id").onDelete("set null"))
    .addColumn("publishedAt", "text")
    .addColumn("pdfStorageKey", "text")
    .addColumn("shareTokenHash", "text", (col) => col.unique())
    .addColumn("shareRevokedAt", "text")
    .addUniqueConstraint("levelResult_swimmerId_levelId_key", ["swimmerId", "levelId"])
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto("ratingScaleVersion")
    .values({ version: 1, createdAt: now, createdByUserId: null })
    .execute();
  await db
    .insertInto("ratingScaleRating")
    .values(
      starterRatings.map((rating, index) => ({
        scaleVersion: 1,
        position: index + 1,
        label: rating.label,
        labelEs: rating.labelEs,
        mastered: rating.mastered ? 1 : 0,
      })),
    )
    .execute();
  const skillIds = new Map<string, number>();
  for (const { key, ...skill } of starterSkills) {
    const row = await db
      .insertInto("skill")
      .values({ ...skill, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    skillIds.set(key, Number(row.id));
  }
  for (const [levelIndex, { skills, ...level }] of starterLevels.entries()) {
    const row = await db
      .insertInto("level")
      .values({ ...level, position: levelIndex + 1, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("levelSkill")
      .values(
        skills.map((entry, index) => {
          const optional = entry.startsWith("optional:");
          const key = optional ? entry.slice("optional:".length) : entry;
          const skillId = skillIds.get(key);
          if (skillId === undefined) throw new Error(`starter curriculum: no skill ${key}`);
          return { levelId: Number(row.id), skillId, position: index + 1, required: optional ? 0 : 1 };
        }),
      )
      .execute();
  }
}
