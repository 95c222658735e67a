import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInInstructor, type TestAccount } from "../../../test/support/accounts.ts";
import { createClient } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { type CurriculumResponse, linksOf, passesLevel, ratingOf } from "../../domain/curriculum.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type { Db } from "../db/database.ts";
import { appendAssessment, readScales } from "./service.ts";

/**
 * The curriculum (issue 28, docs/decisions/026) as the owner edits it and staff read it: the starter curriculum,
 * add, rename, reorder, retire, link and unlink, and a new rating scale version that leaves earlier assessments
 * reading as they were written. Who may call what is in the route × role matrix (auth/authorization.test.ts). On
 * SQLite here, on PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let ivy: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { clock: testClock("2026-03-02T10:00:00.000Z") });
  owner = await signedInAdmin(t);
  ivy = await signedInInstructor(t, { name: "Ivy Núñez" });
});
afterAll(() => testDb.close());

const as = (who: TestAccount, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: who.cookie, body });
const json = async <T>(response: Response, status = 200): Promise<T> => {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
};
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;
const read = async () => json<CurriculumResponse>(await as(ivy, "GET", "/api/curriculum"));
const levelNames = (curriculum: CurriculumResponse) =>
  curriculum.levels.filter((level) => level.retiredAt === null).map((level) => level.name);
const skillNamesOf = (curriculum: CurriculumResponse, levelId: number) =>
  linksOf(curriculum, levelId).map(
    (link) => curriculum.skills.find((skill) => skill.id === link.skillId)?.name,
  );

describe("the curriculum", () => {
  it("starts on the starter curriculum and scale, which an instructor reads", async () => {
    const curriculum = await read();
    expect(levelNames(curriculum)).toEqual([
      "Water babies",
      "Stage 1: Water confidence",
      "Stage 2: Float and glide",
      "Stage 3: First strokes",
      "Stroke development",
      "Adults",
    ]);
    expect(curriculum.scale.version).toBe(1);
    expect(
      curriculum.scale.ratings.filter((rating) => rating.mastered).map((rating) => rating.label),
    ).toEqual(["Mastered"]);
    expect(curriculum.skills.find((skill) => skill.name === "Blows bubbles")).toMatchObject({
      nameEs: "Hace burbujas",
      homeTip: expect.stringContaining("straw"),
    });
  });

  it("lets the owner add a level at the end, rename it and move it up; the first level cannot move up", async () => {
    const added = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/levels", { name: "Lifesaving", nameEs: "Socorrismo" }),
      201,
    );
    const lifesaving = added.levels.find((level) => level.name === "Lifesaving");
    expect(levelNames(added).at(-1)).toBe("Lifesaving");
    const renamed = await json<CurriculumResponse>(
      await as(owner, "PATCH", `/api/curriculum/levels/${lifesaving?.id}`, { name: "Junior lifesaving" }),
    );
    // Only the text sent changes: the Spanish name stays.
    expect(renamed.levels.find((level) => level.id === lifesaving?.id)).toMatchObject({
      name: "Junior lifesaving",
      nameEs: "Socorrismo",
    });
    const moved = await json<CurriculumResponse>(
      await as(owner, "POST", `/api/curriculum/levels/${lifesaving?.id}/move`, { direction: "up" }),
    );
    expect(levelNames(moved).slice(-2)).toEqual(["Junior lifesaving", "Adults"]);
    const first = moved.levels[0];
    const unmoved = await json<CurriculumResponse>(
      await as(owner, "POST", `/api/curriculum/levels/${first?.id}/move`, { direction: "up" }),
    );
    expect(levelNames(unmoved)).toEqual(levelNames(moved));
  });

  it("adds a skill to a level, reorders it, links it to another level as optional and unlinks it", async () => {
    const curriculum = await read();
    const [babies, stage1] = curriculum.levels;
    const added = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/skills", {
        name: "Holds the edge",
        nameEs: "Se agarra al borde",
        homeTip: "Hang from a bar at the playground.",
        levelId: babies?.id,
      }),
      201,
    );
    const skill = added.skills.find((each) => each.name === "Holds the edge");
    const tipChanged = await json<CurriculumResponse>(
      await as(owner, "PATCH", `/api/curriculum/skills/${skill?.id}`, { homeTip: "Hold the bath's edge." }),
    );
    expect(tipChanged.skills.find((each) => each.id === skill?.id)).toMatchObject({
      name: "Holds the edge",
      nameEs: "Se agarra al borde",
      homeTip: "Hold the bath's edge.",
    });
    expect(skillNamesOf(added, babies?.id ?? 0).at(-1)).toBe("Holds the edge");
    const up = await json<CurriculumResponse>(
      await as(owner, "POST", `/api/curriculum/levels/${babies?.id}/skills/${skill?.id}/move`, {
        direction: "up",
      }),
    );
    expect(skillNamesOf(up, babies?.id ?? 0).slice(-2)).toEqual(["Holds the edge", "Gets in and out safely"]);

    const linked = await json<CurriculumResponse>(
      await as(owner, "PUT", `/api/curriculum/levels/${stage1?.id}/skills/${skill?.id}`, { required: false }),
    );
    expect(linksOf(linked, stage1?.id ?? 0).at(-1)).toEqual(
      expect.objectContaining({ skillId: skill?.id, required: false }),
    );
    const unlinked = await json<CurriculumResponse>(
      await as(owner, "DELETE", `/api/curriculum/levels/${stage1?.id}/skills/${skill?.id}`),
    );
    expect(skillNamesOf(unlinked, stage1?.id ?? 0)).not.toContain("Holds the edge");
    expect(
      (
        await errorOf(
          await as(owner, "DELETE", `/api/curriculum/levels/${stage1?.id}/skills/${skill?.id}`),
          404,
        )
      ).code,
    ).toBe("level-skill-not-found");
  });

  it("refuses what does not exist and what is not well formed, naming why", async () => {
    expect(
      (await errorOf(await as(owner, "PATCH", "/api/curriculum/levels/999999", { name: "X" }), 404)).code,
    ).toBe("level-not-found");
    expect(
      (await errorOf(await as(owner, "PATCH", "/api/curriculum/skills/abc", { name: "X" }), 404)).code,
    ).toBe("skill-not-found");
    expect(
      (await errorOf(await as(owner, "POST", "/api/curriculum/levels", { name: "  " }), 400)).message,
    ).toBe("Please write a name.");
    // PostgreSQL's text refuses NUL: a clear 400 on both engines, not a database error.
    expect(
      (await errorOf(await as(owner, "POST", "/api/curriculum/skills", { name: "\u0000" }), 400)).message,
    ).toBe("A text must not contain NUL characters.");
    const twoMastered = {
      ratings: [
        { label: "Yes", mastered: true },
        { label: "Also yes", mastered: true },
      ],
    };
    expect((await errorOf(await as(owner, "POST", "/api/curriculum/scale", twoMastered), 400)).message).toBe(
      "A rating scale has 2 to 8 ratings, exactly one of them marked as mastered.",
    );
    expect((await as(ivy, "POST", "/api/curriculum/levels", { name: "Mine" })).status).toBe(403);
  });

  it("a retired skill stays listed, no longer blocks a pass, and a new scale leaves old ratings as written", async () => {
    const swimmerId = (
      await createClient(db, { firstName: "Mia", lastName: "Fish", passwordHash: "$scrypt$x" })
    ).id;
    const curriculum = await read();
    const stage1 = curriculum.levels.find((level) => level.name === "Stage 1: Water confidence");
    const stage1Skills = linksOf(curriculum, stage1?.id ?? 0).map((link) => link.skillId);
    const mastered = curriculum.scale.ratings.find((rating) => rating.mastered);
    // Every skill but the last mastered; the last only progressing.
    for (const [index, skillId] of stage1Skills.entries()) {
      const rating = index < stage1Skills.length - 1 ? mastered : curriculum.scale.ratings[2];
      await appendAssessment(db, {
        swimmerId,
        skillId,
        ratingId: rating?.id ?? 0,
        scaleVersion: 1,
        lessonId: null,
        byUserId: ivy.id,
        at: "2026-03-01T10:00:00.000Z",
        note: "",
      });
    }
    const assessments = await db
      .selectFrom("assessment")
      .selectAll()
      .where("swimmerId", "=", swimmerId)
      .execute();
    const passes = async (state: CurriculumResponse) =>
      passesLevel(state, stage1?.id ?? 0, swimmerId, assessments, await readScales(db));
    expect(await passes(curriculum)).toBe(false);

    const lastSkill = stage1Skills.at(-1);
    const retired = await json<CurriculumResponse>(
      await as(owner, "POST", `/api/curriculum/skills/${lastSkill}/retire`),
    );
    expect(retired.skills.find((skill) => skill.id === lastSkill)?.retiredAt).toBe(
      "2026-03-02T10:00:00.000Z",
    );
    expect(linksOf(retired, stage1?.id ?? 0).map((link) => link.skillId)).toContain(lastSkill);
    expect(await passes(retired)).toBe(true);

    const rescaled = await json<CurriculumResponse & { message: string }>(
      await as(owner, "POST", "/api/curriculum/scale", {
        ratings: [
          { label: "Beginning", labelEs: "Empezando", mastered: false },
          { label: "Secure", labelEs: "Seguro", mastered: true },
        ],
      }),
      201,
    );
    expect(rescaled.scale.version).toBe(2);
    expect(rescaled.message).toBe(
      "New rating scale saved. Earlier ratings keep the words they were given with.",
    );
    const scales = await readScales(db);
    expect(assessments.map((assessment) => ratingOf(assessment, scales)?.label).sort()).toEqual([
      "Mastered",
      "Mastered",
      "Mastered",
      "Mastered",
      "Progressing",
    ]);
    expect(await passes(rescaled)).toBe(true);
  });

  it("a family's deletion takes its swimmers' assessments and level results, and nothing else's", async () => {
    const curriculum = await read();
    const [skill] = curriculum.skills;
    const rating = curriculum.scale.ratings[0];
    const family = await createClient(db, {
      firstName: "Gone",
      lastName: "Family",
      passwordHash: "$scrypt$x",
    });
    const stays = await createClient(db, {
      firstName: "Stays",
      lastName: "Family",
      passwordHash: "$scrypt$x",
    });
    for (const swimmerId of [family.id, stays.id]) {
      await appendAssessment(db, {
        swimmerId,
        skillId: skill?.id ?? 0,
        ratingId: rating?.id ?? 0,
        scaleVersion: curriculum.scale.version,
        lessonId: null,
        byUserId: ivy.id,
        at: "2026-03-01T10:00:00.000Z",
        note: "",
      });
      await db
        .insertInto("levelResult")
        .values({
          swimmerId,
          levelId: curriculum.levels[0]?.id ?? 0,
          passedAt: "2026-03-01T10:00:00.000Z",
          reportCard: "{}",
        })
        .execute();
    }
    expect((await as(owner, "DELETE", `/api/clients/${family.id}`)).status).toBe(200);
    const left = async (table: "assessment" | "levelResult") =>
      (
        await db
          .selectFrom(table)
          .select("swimmerId")
          .where("swimmerId", "in", [family.id, stays.id])
          .execute()
      ).map((row) => row.swimmerId);
    expect(await left("assessment")).toEqual([stays.id]);
    expect(await left("levelResult")).toEqual([stays.id]);
  });
});
