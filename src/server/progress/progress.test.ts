import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  clientPassword,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import {
  addGuardian,
  addSwimmer,
  createBooking,
  galleryItemRow,
  passwordHashOf,
  seedProgress,
} from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { CurriculumResponse, Rating } from "../../domain/curriculum.ts";
import type { GuardianPermissions } from "../../domain/households.ts";
import type { Locale } from "../../domain/locale.ts";
import type { ProgressResponse, SwimmerProgress } from "../../domain/progress.ts";
import type { Db } from "../db/database.ts";
import { householdProgress } from "./service.ts";

/**
 * /progress's skills (issue 28): who reads a household's progress, what a guardian sees of each swimmer (level,
 * "x of y", each skill's history read in its own scale version, the tips for the skills in progress, the last
 * lesson's recap with its photo), and the feedback mail's skills. On SQLite here, on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let dataDir: string;
let owner: TestAccount;
let ines: TestAccount;
let family: TestAccount;
let curriculum: CurriculumResponse;
/** Stage 1 (the family's swimmer is placed there), its skills in order. */
let stage1: { id: number; skills: number[] };
const rating = {} as Record<"notYet" | "introduced" | "progressing" | "mastered", Rating>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  dataDir = mkdtempSync(path.join(tmpdir(), "swim-progress-"));
  t = buildTestApp(db, { clock: testClock("2026-03-20T10:00:00.000Z"), env: { DATA_DIR: dataDir } });
  owner = await signedInAdmin(t);
  ines = await signedInInstructor(t, { name: "Ines Rivera" });
  family = await signedInClient(t, { firstName: "Marta", lastName: "Vega" });
  curriculum = (await (await call(t, "GET", "/api/curriculum", { cookie: owner.cookie })).json()) as never;
  const level = curriculum.levels.find((each) => each.name === "Stage 1: Water confidence");
  if (!level) throw new Error("no Stage 1 in the starter curriculum");
  stage1 = {
    id: level.id,
    skills: curriculum.links
      .filter((link) => link.levelId === level.id)
      .sort((a, b) => a.position - b.position)
      .map((link) => link.skillId),
  };
  const [notYet, introduced, progressing, mastered] = [...curriculum.scale.ratings].sort(
    (a, b) => a.position - b.position,
  );
  Object.assign(rating, { notYet, introduced, progressing, mastered });
});
afterAll(async () => {
  await testDb.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const as = (who: TestAccount | undefined, url: string) => call(t, "GET", url, { cookie: who?.cookie });
const progressOf = async (who: TestAccount, clientId: string) => {
  const response = await as(who, `/api/clients/${clientId}/progress`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ProgressResponse;
};
const skillName = (skillId: number) => curriculum.skills.find((skill) => skill.id === skillId)?.name;

async function guardianOf(
  clientId: string,
  permissions: Partial<GuardianPermissions>,
  locale?: Locale,
): Promise<TestAccount> {
  const guardian = await addGuardian(db, {
    clientId,
    passwordHash: await passwordHashOf(t.auth, clientPassword),
    permissions,
    locale,
  });
  const { cookie } = await signIn(t, guardian.email, clientPassword);
  return { ...guardian, password: clientPassword, cookie };
}

/** Puts the household's first swimmer in Stage 1, as staff would (swimmer.levelId, migration 0019). */
const placeInStage1 = (swimmerId: string) =>
  db.updateTable("swimmer").set({ levelId: stage1.id }).where("id", "=", swimmerId).execute();

const assess = (
  swimmerId: string,
  skillId: number,
  given: Rating,
  at: string,
  more: { lessonId?: number; note?: string; scaleVersion?: number } = {},
) => ({
  swimmerId,
  skillId,
  ratingId: given.id,
  scaleVersion: more.scaleVersion ?? 1,
  lessonId: more.lessonId ?? null,
  byUserId: ines.id,
  at,
  note: more.note ?? "",
});

describe("who reads a household's progress", () => {
  it("its guardians allowed to see progress and the owner; others are refused, signed out is 401", async () => {
    const other = await signedInClient(t, { firstName: "Otto" });
    const noProgress = await guardianOf(family.id, { progress: false });
    const withProgress = await guardianOf(family.id, { book: false, pay: false });
    const url = `/api/clients/${family.id}/progress`;
    const statuses = {
      firstGuardian: (await as(family, url)).status,
      guardianWithProgress: (await as(withProgress, url)).status,
      guardianWithoutProgress: (await as(noProgress, url)).status,
      otherHousehold: (await as(other, url)).status,
      instructor: (await as(ines, url)).status,
      owner: (await as(owner, url)).status,
      signedOut: (await as(undefined, url)).status,
    };
    expect(statuses).toEqual({
      firstGuardian: 200,
      guardianWithProgress: 200,
      guardianWithoutProgress: 403,
      otherHousehold: 403,
      instructor: 403,
      owner: 200,
      signedOut: 401,
    });
    // The other household's guardian reads their own, which holds none of this family's swimmers.
    const own = await progressOf(other, other.id);
    expect(own.swimmers.map((swimmer) => swimmer.firstName)).toEqual(["Otto"]);
  });
});

describe("a swimmer's skills", () => {
  let swimmer: SwimmerProgress;
  let lessonIds: Record<string, number>;
  let photoId: string;

  beforeAll(async () => {
    await placeInStage1(family.id);
    const [first, second, third, fourth] = stage1.skills as [number, number, number, number];
    ({ lessonIds } = await createBooking(db, {
      clientId: family.id,
      dates: [
        { date: "2026-03-10", startTime: "17:00", instructorId: ines.id },
        { date: "2026-03-17", startTime: "17:30", instructorId: ines.id, feedback: "Floated alone!" },
        // Booked, nothing recorded yet: not "the last class".
        { date: "2026-03-19", startTime: "17:30", instructorId: ines.id },
      ],
    }));
    const march10 = lessonIds["2026-03-10"] as number;
    const march17 = lessonIds["2026-03-17"] as number;
    await db
      .updateTable("lessonSwimmer")
      .set({ attendance: "late", attendanceUpdatedAt: "2026-03-17T18:00:00.000Z" })
      .where("lessonId", "=", march17)
      .execute();
    await seedProgress(db, {
      assessments: [
        assess(family.id, first, rating.introduced, "2026-03-10T17:10:00.000Z", { lessonId: march10 }),
        assess(family.id, first, rating.progressing, "2026-03-17T17:40:00.000Z", {
          lessonId: march17,
          note: "Ears in the water at last",
        }),
        assess(family.id, second, rating.mastered, "2026-03-10T17:15:00.000Z", { lessonId: march10 }),
        assess(family.id, third, rating.notYet, "2026-03-10T17:20:00.000Z", { lessonId: march10 }),
        // A correction in the same lesson: the later one counts, and "before" is what an earlier lesson gave.
        assess(family.id, third, rating.introduced, "2026-03-17T17:45:00.000Z", { lessonId: march17 }),
        assess(family.id, third, rating.progressing, "2026-03-17T17:50:00.000Z", { lessonId: march17 }),
      ],
      levelResults: [],
    });
    // The lesson's photo of this swimmer, and an older gallery upload that is no lesson's.
    const photo = galleryItemRow({ clientId: family.id, date: "2026-03-17", lessonId: march17 });
    const upload = galleryItemRow({ clientId: family.id, date: "2026-03-17" });
    await db.insertInto("galleryItem").values([photo, upload]).execute();
    await t.media.put(photo.imageKey as string, new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
    photoId = photo.id;
    void fourth;
    [swimmer] = (await progressOf(family, family.id)).swimmers as [SwimmerProgress];
  });

  it("shows the current level, x of y mastered and each skill's latest rating in the level's order", () => {
    expect(swimmer.level?.name).toBe("Stage 1: Water confidence");
    const required = curriculum.links.filter((link) => link.levelId === stage1.id && link.required);
    expect(swimmer.mastered).toEqual({ mastered: 1, of: required.length });
    expect(swimmer.skills.map((skill) => skill.name)).toEqual(stage1.skills.map(skillName));
    expect(swimmer.skills.map((skill) => skill.latest?.label ?? null)).toEqual([
      "Progressing",
      "Mastered",
      "Progressing",
      ...stage1.skills.slice(3).map(() => null),
    ]);
  });

  it("lists a skill's whole history newest first, with the instructor's first name and note", () => {
    const first = swimmer.skills[0];
    expect(
      first?.history.map(({ day, rating, by, note }) => ({ day, rating: rating.label, by, note })),
    ).toEqual([
      { day: "2026-03-17", rating: "Progressing", by: "Ines", note: "Ears in the water at last" },
      { day: "2026-03-10", rating: "Introduced", by: "Ines", note: "" },
    ]);
    expect(swimmer.skills[2]?.history.map((entry) => entry.rating.label)).toEqual([
      "Progressing",
      "Introduced",
      "Not yet",
    ]);
  });

  it("gives the tips of the skills in progress only (assessed, not mastered), the most recently assessed first", () => {
    const [first, , third] = stage1.skills;
    const tipOf = (skillId: number | undefined) =>
      curriculum.skills.find((skill) => skill.id === skillId)?.homeTip;
    expect(swimmer.tips.map((tip) => tip.name)).toEqual([
      skillName(third as number),
      skillName(first as number),
    ]);
    expect(swimmer.tips.map((tip) => tip.tip)).toEqual([tipOf(third), tipOf(first)]);
  });

  it("recaps the last recorded lesson: date, time, attendance, feedback, skills before and after, its photo", async () => {
    const [first, , third] = stage1.skills;
    expect(swimmer.lastLesson).toEqual({
      lessonId: lessonIds["2026-03-17"],
      date: "2026-03-17",
      startTime: "17:30",
      attendance: "late",
      feedback: "Floated alone!",
      skills: [
        {
          skillId: first,
          name: skillName(first as number),
          nameEs: expect.any(String),
          before: { label: "Introduced", labelEs: "Presentada", mastered: false },
          after: { label: "Progressing", labelEs: "Avanzando", mastered: false },
        },
        {
          skillId: third,
          name: skillName(third as number),
          nameEs: expect.any(String),
          before: { label: "Not yet", labelEs: "Todavía no", mastered: false },
          after: { label: "Progressing", labelEs: "Avanzando", mastered: false },
        },
      ],
      photo: {
        imageUrl: `/api/clients/${family.id}/media/${photoId}/full`,
        thumbnailUrl: `/api/clients/${family.id}/media/${photoId}/thumb`,
      },
    });
    // The photo is served to the family by the client area's private media route.
    const picture = await as(family, swimmer.lastLesson?.photo?.imageUrl as string);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/jpeg");
  });

  it("reads each rating in its own scale version after the owner writes a new scale", async () => {
    const renamed = await call(t, "POST", "/api/curriculum/scale", {
      cookie: owner.cookie,
      body: {
        ratings: [
          { label: "Beginning", labelEs: "Empezando", mastered: false },
          { label: "Developing", labelEs: "Desarrollando", mastered: false },
          { label: "Secure", labelEs: "Seguro", mastered: true },
        ],
      },
    });
    expect(renamed.status, await renamed.clone().text()).toBe(201);
    const { scale } = (await renamed.json()) as CurriculumResponse;
    const developing = scale.ratings.find((each) => each.label === "Developing") as Rating;
    const [first] = stage1.skills as [number];
    await seedProgress(db, {
      assessments: [
        assess(family.id, first, developing, "2026-03-18T09:00:00.000Z", { scaleVersion: scale.version }),
      ],
      levelResults: [],
    });
    const [now] = (await progressOf(family, family.id)).swimmers as [SwimmerProgress];
    expect(now.skills[0]?.history.map((entry) => entry.rating.label)).toEqual([
      "Developing",
      "Progressing",
      "Introduced",
    ]);
    // The "Mastered" of version 1 still reads and counts as mastered.
    expect(now.skills[1]?.latest).toEqual({ label: "Mastered", labelEs: "Dominada", mastered: true });
    expect(now.mastered.mastered).toBe(1);
  });
});

describe("a household of several swimmers", () => {
  it("shows each swimmer's own level; one who passed every level has none, and one never assessed is not started yet", async () => {
    const household = await signedInClient(t, { firstName: "Pia" });
    const nico = await addSwimmer(db, { clientId: household.id, firstName: "Nico" });
    const offered = curriculum.levels.filter((level) => level.retiredAt === null);
    await seedProgress(db, {
      assessments: [],
      levelResults: offered.map((level) => ({
        swimmerId: household.id,
        levelId: level.id,
        passedAt: "2026-03-01T10:00:00.000Z",
        reportCard: {},
      })),
    });
    const answer = await progressOf(household, household.id);
    const [pia, nicoProgress] = answer.swimmers as [SwimmerProgress, SwimmerProgress];
    expect(pia).toMatchObject({
      firstName: "Pia",
      started: true,
      level: null,
      skills: [],
      tips: [],
      lastLesson: null,
    });
    expect(nicoProgress.swimmerId).toBe(nico);
    expect(nicoProgress.level?.id).toBe(offered.sort((a, b) => a.position - b.position)[0]?.id);
    expect(nicoProgress.skills.every((skill) => skill.latest === null && skill.history.length === 0)).toBe(
      true,
    );
    expect(nicoProgress.mastered.mastered).toBe(0);
    // Not placed, never assessed: the first level is only where the rule starts, not a level to show the family.
    expect(nicoProgress.started).toBe(false);
  });
});

describe("the feedback mail", () => {
  it("lists the skills assessed in that class in each reader's language, with a link to Class Progress, for those who may see progress", async () => {
    const household = await signedInClient(t, { firstName: "Rosa" });
    await placeInStage1(household.id);
    const spanish = await guardianOf(household.id, {}, "es");
    const noProgress = await guardianOf(household.id, { progress: false });
    const [first, second] = stage1.skills as [number, number];
    const { bookingId, lessonIds } = await createBooking(db, {
      clientId: household.id,
      dates: [
        { date: "2026-03-12", instructorId: ines.id },
        { date: "2026-03-19", instructorId: ines.id },
      ],
    });
    await seedProgress(db, {
      assessments: [
        assess(household.id, first, rating.introduced, "2026-03-12T10:00:00.000Z", {
          lessonId: lessonIds["2026-03-12"],
        }),
        assess(household.id, first, rating.progressing, "2026-03-19T10:00:00.000Z", {
          lessonId: lessonIds["2026-03-19"],
        }),
        assess(household.id, second, rating.introduced, "2026-03-19T10:05:00.000Z", {
          lessonId: lessonIds["2026-03-19"],
        }),
      ],
      levelResults: [],
    });
    const saved = await call(t, "PUT", `/api/bookings/${bookingId}/feedback`, {
      cookie: owner.cookie,
      body: { feedbacks: { "2026-03-19": "Great kicks today." } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const bodyTo = async (email: string) =>
      (
        await db
          .selectFrom("mailOutbox")
          .select("body")
          .where("toAddress", "=", email)
          .executeTakeFirstOrThrow()
      ).body;
    const firstSkill = curriculum.skills.find((skill) => skill.id === first);
    const secondSkill = curriculum.skills.find((skill) => skill.id === second);
    expect(await bodyTo(household.email)).toContain(
      [
        "March 19, 2026\nGreat kicks today.",
        `Skills in this class:\n- ${firstSkill?.name}: Progressing (was Introduced)\n- ${secondSkill?.name}: Introduced`,
        "See each skill's history and this week's tips for home on Class Progress: http://localhost:3000/progress",
      ].join("\n\n"),
    );
    const inSpanish = await bodyTo(spanish.email);
    expect(inSpanish).toContain(`- ${firstSkill?.nameEs}: Avanzando (antes Presentada)`);
    expect(inSpanish).toContain("http://localhost:3000/progress");
    const withoutProgress = await bodyTo(noProgress.email);
    expect(withoutProgress).toContain("Great kicks today.");
    expect(withoutProgress).not.toContain(firstSkill?.name as string);
    expect(withoutProgress).not.toContain("/progress");
  });
});

describe("reading a long history", () => {
  it("takes as many queries for a swimmer with 200 assessments as for one with 2", async () => {
    const queriesFor = async (clientId: string) => {
      let queries = 0;
      // Counted as they are run: a statement compiled once (db/compiled-once.ts) is transformed only then.
      const counted = db.withPlugin({
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          queries += 1;
          return result;
        },
      });
      await householdProgress({ db: counted, config: t.config }, clientId);
      return queries;
    };
    const [short, long] = [await signedInClient(t), await signedInClient(t)];
    const [first, second] = stage1.skills as [number, number];
    const history = (swimmerId: string, count: number) =>
      Array.from({ length: count }, (_, index) =>
        assess(
          swimmerId,
          index % 2 ? first : second,
          rating.progressing,
          new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
        ),
      );
    await seedProgress(db, {
      assessments: [...history(short.id, 2), ...history(long.id, 200)],
      levelResults: [],
    });
    const [longProgress] = (await progressOf(long, long.id)).swimmers as [SwimmerProgress];
    expect(longProgress.skills.reduce((sum, skill) => sum + skill.history.length, 0)).toBe(200);
    const forShort = await queriesFor(short.id);
    expect(forShort).toBeGreaterThan(5);
    expect(await queriesFor(long.id)).toBe(forShort);
  });
});
