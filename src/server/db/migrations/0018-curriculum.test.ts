import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoData } from "../../../../scripts/seed.ts";
import { seed } from "../../../../test/support/factories.ts";
import {
  compareKept,
  type MigrationRun,
  migrateWithData,
  type Row,
  type Snapshot,
} from "../../../../test/support/migration-check.ts";
import { createTestDatabase } from "../../../../test/support/test-database.ts";
import type { Db } from "../database.ts";
import { starterLevels, starterSkills } from "./0018-starter-curriculum.ts";

/**
 * Migration 0018 (levels, skills, rating scale, assessments, level results; issue 28) on a school as release 0017
 * left it: `npm run seed`'s demo households, swimmers and lessons. Every existing row is kept as it was; the new
 * tables hold the starter curriculum and rating scale version 1, and no assessment or result (nobody was assessed
 * before). On SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let run: MigrationRun;
const now = new Date("2026-03-02T10:00:00.000Z");

const rowsOf = (snapshot: Snapshot, table: string): Row[] => snapshot.get(table) ?? [];
const newTables = [
  "level",
  "skill",
  "levelSkill",
  "ratingScaleVersion",
  "ratingScaleRating",
  "assessment",
  "levelResult",
];

beforeAll(async () => {
  testDb = await createTestDatabase({ migrated: false });
  run = await migrateWithData(testDb.db, {
    from: "0017-instructor-availability",
    to: "0018-curriculum",
    schema: testDb.schema,
    fill: (db) =>
      seed(
        db as Db,
        demoData({
          clients: 150,
          bookings: 300,
          passwordHash: "$scrypt$not-a-real-hash",
          timeZone: "UTC",
          now,
        }),
      ),
  });
});
afterAll(() => testDb.close());

describe("migration 0018-curriculum on a filled database", () => {
  it("was filled with households, swimmers and lessons", () => {
    expect(rowsOf(run.before, "swimmer").length).toBeGreaterThan(150);
    expect(rowsOf(run.before, "lesson").length).toBeGreaterThan(600);
  });

  it("keeps every existing row as it was", () => {
    const comparison = compareKept(run, { newTables });
    expect(comparison.problems).toEqual([]);
    expect(comparison.rows).toBeGreaterThan(2000);
  });

  it("starts the school on the starter curriculum, in order, in English and Spanish, with no assessment yet", () => {
    const levels = [...rowsOf(run.after, "level")].sort((a, b) => Number(a.position) - Number(b.position));
    expect(levels.map((level) => level.name)).toEqual(starterLevels.map((level) => level.name));
    expect(levels.every((level) => level.nameEs !== "" && level.retiredAt === null)).toBe(true);
    const skills = rowsOf(run.after, "skill");
    expect(skills).toHaveLength(starterSkills.length);
    for (const skill of skills) {
      for (const column of ["description", "descriptionEs", "homeTip", "homeTipEs", "nameEs"]) {
        expect(skill[column], `${skill.name} ${column}`).not.toBe("");
      }
    }
    // 4–6 skills a level, every skill in at least one level, some in several (their rating counts in each).
    const links = rowsOf(run.after, "levelSkill");
    for (const level of levels) {
      const count = links.filter((link) => link.levelId === level.id).length;
      expect(count).toBeGreaterThanOrEqual(4);
      expect(count).toBeLessThanOrEqual(6);
    }
    const levelsPerSkill = skills.map((skill) => links.filter((link) => link.skillId === skill.id).length);
    expect(Math.min(...levelsPerSkill)).toBe(1);
    expect(Math.max(...levelsPerSkill)).toBeGreaterThan(1);
    expect(rowsOf(run.after, "assessment")).toEqual([]);
    expect(rowsOf(run.after, "levelResult")).toEqual([]);
  });

  it("writes rating scale version 1 with exactly one mastered rating", () => {
    expect(rowsOf(run.after, "ratingScaleVersion").map((row) => row.version)).toEqual([1]);
    const ratings = [...rowsOf(run.after, "ratingScaleRating")].sort(
      (a, b) => Number(a.position) - Number(b.position),
    );
    expect(ratings.map((rating) => [rating.label, rating.labelEs, Number(rating.mastered)])).toEqual([
      ["Not yet", "Todavía no", 0],
      ["Introduced", "Presentada", 0],
      ["Progressing", "Avanzando", 0],
      ["Mastered", "Dominada", 1],
    ]);
  });
});
