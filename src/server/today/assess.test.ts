import { randomUUID } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  json,
  signedInAdmin,
  signedInClient,
  signedInInstructor,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { addSwimmer, createBooking, seedProgress } from "../../../test/support/factories.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { CurriculumResponse, PlacementResponse, ReportCard } from "../../domain/curriculum.ts";
import type { ErrorBody } from "../../domain/error-codes.ts";
import type {
  Attendance,
  LessonRecordResponse,
  TodayLesson,
  TodayResponse,
  TodaySwimmer,
} from "../../domain/today.ts";
import type { Db } from "../db/database.ts";

/**
 * Assessing from /today (issue 28): each swimmer's current level with its skills, latest ratings and "not assessed
 * in N lessons" in GET /api/today; ratings written with the lesson's one save (once per idempotency key), refused
 * when they name someone, a skill or a rating the save may not; passing a level drafts its result once; staff place
 * a swimmer in a level. The school's today is 2 March 2026 (the test clock, Europe/Madrid). On SQLite here, on
 * PostgreSQL under `npm run test:postgres`.
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let owner: TestAccount;
let i1: TestAccount;
let i2: TestAccount;
/** Two levels of our own after the starter ones: Dolphins (three required skills), then Sharks. */
let dolphins: { id: number; skills: number[] };
let sharks: { id: number; skill: number };
/** The starter scale (version 1): Not yet, Introduced, Progressing, Mastered. */
let rating: Record<"notYet" | "introduced" | "progressing" | "mastered", number>;

/**
 * Every query the app sends, counted as it is run (a statement compiled once, db/compiled-once.ts, is transformed
 * only then): a day's answer must not cost a query per swimmer.
 */
const queries = { count: 0 };
const countQueries: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    queries.count += 1;
    return args.result;
  },
};

const today = "2026-03-02";

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db.withPlugin(countQueries), { env: { TZ_SCHOOL: "Europe/Madrid" } });
  owner = await signedInAdmin(t);
  i1 = await signedInInstructor(t, { name: "Ivy One" });
  i2 = await signedInInstructor(t, { name: "Ian Two" });

  const levelNamed = async (name: string) => {
    const answer = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/levels", { name, nameEs: `${name} (es)` }),
      201,
    );
    return answer.levels.find((level) => level.name === name)?.id as number;
  };
  const skillIn = async (levelId: number, name: string) => {
    const answer = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/skills", { name, nameEs: `${name} (es)`, levelId }),
      201,
    );
    return answer.skills.find((skill) => skill.name === name)?.id as number;
  };
  const dolphinsId = await levelNamed("Dolphins");
  dolphins = {
    id: dolphinsId,
    skills: [
      await skillIn(dolphinsId, "Floating on back"),
      await skillIn(dolphinsId, "Front glide"),
      await skillIn(dolphinsId, "Treading water"),
    ],
  };
  const sharksId = await levelNamed("Sharks");
  sharks = { id: sharksId, skill: await skillIn(sharksId, "Dive from the side") };
  const { scale } = await json<CurriculumResponse>(await as(owner, "GET", "/api/curriculum"));
  const idOf = (label: string) => scale.ratings.find((each) => each.label === label)?.id as number;
  rating = {
    notYet: idOf("Not yet"),
    introduced: idOf("Introduced"),
    progressing: idOf("Progressing"),
    mastered: idOf("Mastered"),
  };
});
afterAll(() => testDb.close());

const as = (who: TestAccount | null, method: string, path: string, body?: unknown) =>
  call(t, method, path, { cookie: who?.cookie, body });
const errorOf = async (response: Response, status: number) => (await json<ErrorBody>(response, status)).error;

interface Family {
  guardian: TestAccount;
  leo: string;
  mia: string;
}

let families = 0;
async function family(): Promise<Family> {
  families += 1;
  const guardian = await signedInClient(t, { firstName: "Eva", lastName: `Assessed${families}` });
  const leo = await addSwimmer(db, { clientId: guardian.id, firstName: "Leo" });
  const mia = await addSwimmer(db, { clientId: guardian.id, firstName: "Mia" });
  return { guardian, leo, mia };
}

/** Lessons of the family's two children on `dates`, taught by `instructor`: lesson id by date. */
async function lessons(f: Family, instructor: TestAccount, dates: string[]): Promise<Record<string, number>> {
  const booking = await createBooking(db, {
    clientId: f.guardian.id,
    dates: dates.map((date) => ({
      date,
      startTime: "10:30",
      instructorId: instructor.id,
      swimmers: [{ id: f.leo }, { id: f.mia }],
    })),
  });
  return booking.lessonIds;
}

const place = (who: TestAccount | null, swimmerId: string, levelId: number) =>
  as(who, "PUT", `/api/swimmers/${swimmerId}/level`, { levelId });

interface Rated {
  swimmerId: string;
  skillId: number;
  ratingId: number;
  note?: string;
}

/** One save of the lesson (on `date`): both children present, and the ratings given. */
function save(
  lessonId: number,
  f: Family,
  assessments: Rated[],
  options: {
    who?: TestAccount | null;
    key?: string;
    date?: string;
    attendance?: Attendance;
    /** Leo's feedback: the family is mailed it, with the skills rated for him. */
    feedback?: string;
  } = {},
) {
  const body = new FormData();
  body.append(
    "record",
    JSON.stringify({
      date: options.date ?? today,
      startTime: "10:30",
      swimmers: [f.leo, f.mia].map((swimmerId) => ({
        swimmerId,
        attendance: options.attendance ?? "present",
        feedback: swimmerId === f.leo ? (options.feedback ?? "") : "",
      })),
      assessments,
    }),
  );
  const who = options.who === undefined ? i1 : options.who;
  const headers: Record<string, string> = {
    "x-forwarded-for": "198.51.100.1",
    "Idempotency-Key": options.key ?? `save-${randomUUID()}`,
  };
  if (who) headers.cookie = who.cookie;
  return t.app.request(`/api/lessons/${lessonId}/record`, { method: "POST", headers, body });
}

async function dayOf(who: TestAccount, date = today): Promise<TodayResponse> {
  return json<TodayResponse>(await as(who, "GET", `/api/today?date=${date}`));
}

function swimmerIn(lesson: TodayLesson | undefined, swimmerId: string): TodaySwimmer {
  const swimmer = lesson?.swimmers.find((each) => each.id === swimmerId);
  if (!swimmer) throw new Error(`no swimmer ${swimmerId} in the lesson`);
  return swimmer;
}

async function shownIn(who: TestAccount, lessonId: number, swimmerId: string, date = today) {
  const day = await dayOf(who, date);
  return swimmerIn(
    day.lessons.find((each) => each.id === lessonId),
    swimmerId,
  );
}

/** A skill as the lesson shows it: name, latest rating's words, and lessons since. */
const skillsOf = (swimmer: TodaySwimmer) =>
  swimmer.level?.skills.map((skill) => [skill.name, skill.latest?.label ?? null, skill.lessonsSinceAssessed]);

const assessmentsOf = (swimmerId: string) =>
  db
    .selectFrom("assessment")
    .select(["skillId", "ratingId", "scaleVersion", "lessonId", "byUserId", "note"])
    .where("swimmerId", "=", swimmerId)
    .orderBy("id")
    .execute();

const resultsOf = (swimmerId: string) =>
  db
    .selectFrom("levelResult")
    .select(["id", "levelId", "passedAt", "reportCard", "certificateNumber", "approvedAt", "publishedAt"])
    .where("swimmerId", "=", swimmerId)
    .execute();

describe("GET /api/today: each swimmer's level", () => {
  it("lists the current level's skills in order with the latest ratings, x of y mastered, and the scale and levels once", async () => {
    const f = await family();
    const ids = await lessons(f, i1, [today]);
    const lessonId = ids[today] as number;
    expect((await json<PlacementResponse>(await place(i1, f.leo, dolphins.id))).level.name).toBe("Dolphins");
    await seedProgress(db, {
      assessments: [
        {
          swimmerId: f.leo,
          skillId: dolphins.skills[1] as number,
          ratingId: rating.mastered,
          scaleVersion: 1,
          at: "2026-02-20T10:00:00.000Z",
        },
      ],
      levelResults: [],
    });

    const day = await dayOf(i1);
    expect(day.scale.version).toBe(1);
    expect(day.scale.ratings.map((each) => each.label)).toEqual([
      "Not yet",
      "Introduced",
      "Progressing",
      "Mastered",
    ]);
    expect(day.levels.map((level) => level.name)).toEqual([
      "Water babies",
      "Stage 1: Water confidence",
      "Stage 2: Float and glide",
      "Stage 3: First strokes",
      "Stroke development",
      "Adults",
      "Dolphins",
      "Sharks",
    ]);
    const lesson = day.lessons.find((each) => each.id === lessonId);
    const leo = swimmerIn(lesson, f.leo);
    expect(leo.level).toMatchObject({
      id: dolphins.id,
      name: "Dolphins",
      nameEs: "Dolphins (es)",
      mastered: 1,
      of: 3,
    });
    expect(leo.level?.skills.map((skill) => [skill.name, skill.nameEs, skill.required])).toEqual([
      ["Floating on back", "Floating on back (es)", true],
      ["Front glide", "Front glide (es)", true],
      ["Treading water", "Treading water (es)", true],
    ]);
    expect(leo.level?.skills[1]?.latest).toEqual({
      ratingId: rating.mastered,
      label: "Mastered",
      labelEs: "Dominada",
      mastered: true,
      at: "2026-02-20T10:00:00.000Z",
    });
    expect(leo.level?.skills[0]).toMatchObject({ latest: null, lessonsSinceAssessed: null });
    // Mia, placed nowhere and never assessed, is in the first level offered.
    expect(swimmerIn(lesson, f.mia).level).toMatchObject({ name: "Water babies", mastered: 0 });
  });

  it("shows each skill's latest rating however long its history: the later moment, and at one moment the later written", async () => {
    const f = await family();
    const lessonId = (await lessons(f, i1, [today]))[today] as number;
    await place(owner, f.leo, dolphins.id);
    const [floating, glide, treading] = dolphins.skills as [number, number, number];
    const given = (skillId: number, ratingId: number, at: string) => ({
      swimmerId: f.leo,
      skillId,
      ratingId,
      scaleVersion: 1,
      at,
    });
    const week = (index: number) => new Date(Date.UTC(2025, 0, 6 + 7 * index, 10)).toISOString();
    await seedProgress(db, {
      assessments: [
        // Written out of order: the later moment counts, not the later row.
        given(floating, rating.mastered, "2026-02-20T10:00:00.000Z"),
        given(floating, rating.introduced, "2026-02-13T10:00:00.000Z"),
        // A correction at the same moment: the one written later counts.
        given(glide, rating.mastered, "2026-02-20T10:00:00.000Z"),
        given(glide, rating.progressing, "2026-02-20T10:00:00.000Z"),
        ...Array.from({ length: 40 }, (_, index) =>
          given(treading, index % 2 ? rating.mastered : rating.notYet, week(index)),
        ),
        given(treading, rating.progressing, week(40)),
      ],
      levelResults: [],
    });
    const leo = await shownIn(i1, lessonId, f.leo);
    expect(skillsOf(leo)?.map(([name, latest]) => [name, latest])).toEqual([
      ["Floating on back", "Mastered"],
      ["Front glide", "Progressing"],
      ["Treading water", "Progressing"],
    ]);
    expect(leo.level).toMatchObject({ mastered: 1, of: 3 });
  });

  it("counts the swimmer's lessons since each skill was last assessed: attended or past unrecorded ones, up to this lesson", async () => {
    const f = await family();
    const ids = await lessons(f, i1, ["2026-02-09", "2026-02-16", "2026-02-23", today, "2026-03-09"]);
    await place(owner, f.leo, dolphins.id);
    // 9 February attended, 16 February missed, 23 February never recorded.
    await db
      .updateTable("lessonSwimmer")
      .set({ attendance: "present" })
      .where("lessonId", "=", ids["2026-02-09"] as number)
      .execute();
    await db
      .updateTable("lessonSwimmer")
      .set({ attendance: "absent" })
      .where("lessonId", "=", ids["2026-02-16"] as number)
      .execute();
    // Floating rated in the lesson of 9 February (recorded late, today); Front glide outside any lesson on 1 February.
    expect(
      (
        await save(
          ids["2026-02-09"] as number,
          f,
          [{ swimmerId: f.leo, skillId: dolphins.skills[0] as number, ratingId: rating.introduced }],
          { date: "2026-02-09" },
        )
      ).status,
    ).toBe(200);
    await seedProgress(db, {
      assessments: [
        {
          swimmerId: f.leo,
          skillId: dolphins.skills[1] as number,
          ratingId: rating.progressing,
          scaleVersion: 1,
          at: "2026-02-01T10:00:00.000Z",
        },
      ],
      levelResults: [],
    });

    const todays = await shownIn(i1, ids[today] as number, f.leo);
    expect(skillsOf(todays)).toEqual([
      ["Floating on back", "Introduced", 1],
      ["Front glide", "Progressing", 2],
      ["Treading water", null, null],
    ]);
    // Next week's lesson counts up to itself: today's is not recorded yet and not past.
    expect(skillsOf(await shownIn(i1, ids["2026-03-09"] as number, f.leo, "2026-03-09"))).toEqual([
      ["Floating on back", "Introduced", 1],
      ["Front glide", "Progressing", 2],
      ["Treading water", null, null],
    ]);

    // A class cancelled is no lesson anyone was forgotten in: 23 February, cancelled, no longer counts.
    await db
      .updateTable("lesson")
      .set({
        cancelledAt: "2026-02-20T10:00:00.000Z",
        cancellationReason: "family",
        cancellationOutcome: "class-used",
      })
      .where("id", "=", ids["2026-02-23"] as number)
      .execute();
    expect(skillsOf(await shownIn(i1, ids[today] as number, f.leo))).toEqual([
      ["Floating on back", "Introduced", 0],
      ["Front glide", "Progressing", 1],
      ["Treading water", null, null],
    ]);

    // Today's lesson recorded, Treading water rated in it: today's counts for the two others, none for it.
    const answer = await json<LessonRecordResponse>(
      await save(ids[today] as number, f, [
        { swimmerId: f.leo, skillId: dolphins.skills[2] as number, ratingId: rating.notYet },
      ]),
    );
    expect(skillsOf(swimmerIn(answer.lesson, f.leo))).toEqual([
      ["Floating on back", "Introduced", 1],
      ["Front glide", "Progressing", 2],
      ["Treading water", "Not yet", 0],
    ]);
  });

  it("answers a busy day in as many queries as a quiet one", async () => {
    const quietInstructor = await signedInInstructor(t, { name: "Quinn Quiet" });
    const busyInstructor = await signedInInstructor(t, { name: "Bea Busy" });
    const quiet = await family();
    await lessons(quiet, quietInstructor, ["2026-02-23", today]);
    for (let i = 0; i < 4; i++) {
      const f = await family();
      const ids = await lessons(f, busyInstructor, ["2026-02-16", "2026-02-23", today]);
      await place(owner, f.mia, dolphins.id);
      await save(
        ids["2026-02-23"] as number,
        f,
        [
          { swimmerId: f.mia, skillId: dolphins.skills[0] as number, ratingId: rating.progressing },
          { swimmerId: f.leo, skillId: dolphins.skills[1] as number, ratingId: rating.introduced },
        ],
        { who: busyInstructor, date: "2026-02-23" },
      );
    }
    const countFor = async (who: TestAccount) => {
      await dayOf(who); // the first request of a session may do more than the next ones
      queries.count = 0;
      const day = await dayOf(who);
      return { queries: queries.count, lessons: day.lessons.length };
    };
    const quietDay = await countFor(quietInstructor);
    const busyDay = await countFor(busyInstructor);
    expect([quietDay.lessons, busyDay.lessons]).toEqual([1, 4]);
    expect(quietDay.queries).toBeGreaterThan(5);
    expect(busyDay.queries).toBe(quietDay.queries);
  });
});

describe("POST /api/lessons/:lessonId/record with ratings", () => {
  it("appends each rating as an assessment of the lesson by the instructor, in the save's transaction, once per key", async () => {
    const f = await family();
    const ids = await lessons(f, i1, [today]);
    const lessonId = ids[today] as number;
    await place(i1, f.leo, dolphins.id);
    const key = `save-${randomUUID()}`;
    const rated: Rated[] = [
      {
        swimmerId: f.leo,
        skillId: dolphins.skills[0] as number,
        ratingId: rating.progressing,
        note: " Needs a noodle ",
      },
      { swimmerId: f.leo, skillId: dolphins.skills[1] as number, ratingId: rating.introduced },
    ];
    const first = await json<LessonRecordResponse>(await save(lessonId, f, rated, { key }));
    expect(skillsOf(swimmerIn(first.lesson, f.leo))).toEqual([
      ["Floating on back", "Progressing", 0],
      ["Front glide", "Introduced", 0],
      ["Treading water", null, null],
    ]);
    const again = await json<LessonRecordResponse>(await save(lessonId, f, rated, { key }));
    expect(again).toEqual(first);
    expect(await assessmentsOf(f.leo)).toEqual([
      {
        skillId: dolphins.skills[0],
        ratingId: rating.progressing,
        scaleVersion: 1,
        lessonId,
        byUserId: i1.id,
        note: "Needs a noodle",
      },
      {
        skillId: dolphins.skills[1],
        ratingId: rating.introduced,
        scaleVersion: 1,
        lessonId,
        byUserId: i1.id,
        note: "",
      },
    ]);
    // What the day shows now is what the save answered.
    expect(await shownIn(i1, lessonId, f.leo)).toEqual(swimmerIn(first.lesson, f.leo));
  });

  it("mails the family the feedback with the skills rated in that lesson for that swimmer", async () => {
    const f = await family();
    const lessonId = (await lessons(f, i1, [today]))[today] as number;
    await place(i1, f.leo, dolphins.id);
    await place(i1, f.mia, dolphins.id);
    const rated: Rated[] = [
      { swimmerId: f.leo, skillId: dolphins.skills[0] as number, ratingId: rating.progressing },
      { swimmerId: f.mia, skillId: dolphins.skills[1] as number, ratingId: rating.mastered },
    ];
    await json(await save(lessonId, f, rated, { feedback: "Kicked all the way across" }));
    const mails = await db
      .selectFrom("mailOutbox")
      .select("body")
      .where("toAddress", "=", f.guardian.email)
      .execute();
    expect(mails).toHaveLength(1);
    const body = mails[0]?.body ?? "";
    expect(body).toContain("Kicked all the way across");
    expect(body).toContain("Floating on back: Progressing");
    // Mia was rated but has no feedback in this save: the mail is about Leo's.
    expect(body).not.toContain("Front glide");
  });

  it("lets the owner rate any lesson and an instructor only their own (403); a client 403, a visitor 401; nothing is written when refused", async () => {
    const f = await family();
    const ids = await lessons(f, i1, [today]);
    const lessonId = ids[today] as number;
    const rated = [{ swimmerId: f.mia, skillId: dolphins.skills[0] as number, ratingId: rating.mastered }];
    expect((await errorOf(await save(lessonId, f, rated, { who: i2 }), 403)).code).toBe("permission-denied");
    expect((await save(lessonId, f, rated, { who: f.guardian })).status).toBe(403);
    expect((await save(lessonId, f, rated, { who: null })).status).toBe(401);
    expect(await assessmentsOf(f.mia)).toEqual([]);
    expect((await save(lessonId, f, rated, { who: owner })).status).toBe(200);
    expect((await assessmentsOf(f.mia)).map((each) => each.byUserId)).toEqual([owner.id]);
    expect((await save(lessonId, f, rated, { who: i1 })).status).toBe(200);
    expect((await assessmentsOf(f.mia)).map((each) => each.byUserId)).toEqual([owner.id, i1.id]);
  });

  it("refuses ratings of someone not in the lesson, of an unknown or retired skill, twice the same skill, or for a lesson still to come, and writes nothing", async () => {
    const f = await family();
    const stranger = await family();
    const ids = await lessons(f, i1, [today, "2026-03-09"]);
    const lessonId = ids[today] as number;
    const retired = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/skills", { name: "Retired skill", levelId: dolphins.id }),
      201,
    );
    const retiredId = retired.skills.find((skill) => skill.name === "Retired skill")?.id as number;
    await json(await as(owner, "POST", `/api/curriculum/skills/${retiredId}/retire`));
    const floating = dolphins.skills[0] as number;

    const cases: [string, Response, number, RegExp][] = [
      [
        "someone not in the lesson",
        await save(lessonId, f, [{ swimmerId: stranger.leo, skillId: floating, ratingId: rating.mastered }]),
        400,
        /not in this lesson/,
      ],
      [
        "an unknown skill",
        await save(lessonId, f, [{ swimmerId: f.leo, skillId: 999_999, ratingId: rating.mastered }]),
        400,
        /no longer in the curriculum/,
      ],
      [
        "a retired skill",
        await save(lessonId, f, [{ swimmerId: f.leo, skillId: retiredId, ratingId: rating.mastered }]),
        400,
        /no longer in the curriculum/,
      ],
      [
        "a rating of no scale",
        await save(lessonId, f, [{ swimmerId: f.leo, skillId: floating, ratingId: 999_999 }]),
        400,
        /rating scale changed/,
      ],
      [
        "the same skill twice",
        await save(lessonId, f, [
          { swimmerId: f.leo, skillId: floating, ratingId: rating.mastered },
          { swimmerId: f.leo, skillId: floating, ratingId: rating.notYet },
        ]),
        400,
        /once per swimmer/,
      ],
      [
        "a note too long",
        await save(lessonId, f, [
          { swimmerId: f.leo, skillId: floating, ratingId: rating.mastered, note: "x".repeat(501) },
        ]),
        400,
        /at most 500 characters/,
      ],
      [
        "a lesson still to come",
        await save(
          ids["2026-03-09"] as number,
          f,
          [{ swimmerId: f.leo, skillId: floating, ratingId: rating.mastered }],
          { date: "2026-03-09" },
        ),
        409,
        /has not taken place yet/,
      ],
    ];
    for (const [name, response, status, message] of cases) {
      const error = await errorOf(response, status);
      expect([name, error.message]).toEqual([name, expect.stringMatching(message)]);
    }
    expect(await assessmentsOf(f.leo)).toEqual([]);
    // Nor the attendance sent with them.
    const attended = await db
      .selectFrom("lessonSwimmer")
      .select("attendance")
      .where("lessonId", "=", lessonId)
      .execute();
    expect(attended.map((each) => each.attendance)).toEqual([null, null]);
  });
});

describe("passing a level", () => {
  it("drafts one level result when the third required skill is mastered; a second save and a later lower rating change nothing", async () => {
    const f = await family();
    const ids = await lessons(f, i1, ["2026-02-23", today]);
    await place(i1, f.leo, dolphins.id);
    await place(i1, f.mia, dolphins.id);
    const [floating, glide, treading] = dolphins.skills as [number, number, number];
    const mastered = (swimmerId: string, skillId: number) => ({
      swimmerId,
      skillId,
      ratingId: rating.mastered,
    });

    await json(
      await save(ids["2026-02-23"] as number, f, [mastered(f.leo, floating), mastered(f.leo, glide)], {
        date: "2026-02-23",
      }),
    );
    expect(await resultsOf(f.leo)).toEqual([]);

    const before = await db.selectFrom("levelResult").select("certificateNumber").execute();
    const passed = await json<LessonRecordResponse>(
      await save(ids[today] as number, f, [
        mastered(f.leo, treading),
        // Mia passes in the same save: each gets a number of their own.
        mastered(f.mia, floating),
        mastered(f.mia, glide),
        mastered(f.mia, treading),
      ]),
    );
    const [leoResult] = await resultsOf(f.leo);
    const [miaResult] = await resultsOf(f.mia);
    expect(await resultsOf(f.leo)).toHaveLength(1);
    expect(leoResult).toMatchObject({
      levelId: dolphins.id,
      passedAt: "2026-03-02T10:00:00.000Z",
      approvedAt: null,
      publishedAt: null,
    });
    const numbers = [leoResult?.certificateNumber, miaResult?.certificateNumber];
    expect(numbers).toEqual([expect.stringMatching(/^2026-\d{5}$/), expect.stringMatching(/^2026-\d{5}$/)]);
    const sequences = numbers.map((number) => Number(number?.slice(5)));
    expect(sequences[1]).toBe((sequences[0] as number) + 1);
    expect(sequences[0]).toBe(before.length + 1);
    const card = JSON.parse(leoResult?.reportCard ?? "{}") as ReportCard;
    expect(card.level.name).toBe("Dolphins");
    expect(card.skills.map((skill) => [skill.name, skill.rating?.label, skill.rating?.byUserId])).toEqual([
      ["Floating on back", "Mastered", i1.id],
      ["Front glide", "Mastered", i1.id],
      ["Treading water", "Mastered", i1.id],
    ]);
    // The next level starts, in the save's own answer.
    expect(swimmerIn(passed.lesson, f.leo).level).toMatchObject({ name: "Sharks", mastered: 0, of: 1 });

    // Saved again (a new save, all three still mastered), then a lower rating: still one result, still passed.
    await json(await save(ids[today] as number, f, [mastered(f.leo, floating)]));
    await json(
      await save(ids[today] as number, f, [{ swimmerId: f.leo, skillId: glide, ratingId: rating.notYet }]),
    );
    expect(await resultsOf(f.leo)).toEqual([leoResult]);
    expect((await shownIn(i1, ids[today] as number, f.leo)).level?.name).toBe("Sharks");
  });
  it("publishes the pass at once and mails the family where the school does not approve certificates first", async () => {
    const settings = (approveBeforePublishing: boolean) =>
      as(owner, "PUT", "/api/settings/certificates", { approveBeforePublishing });
    expect((await settings(false)).status).toBe(200);
    try {
      const f = await family();
      const lessonId = (await lessons(f, i1, [today]))[today] as number;
      await place(i1, f.leo, dolphins.id);
      const mailsBefore = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("toAddress", "=", f.guardian.email)
        .execute();
      await json(
        await save(
          lessonId,
          f,
          dolphins.skills.map((skillId) => ({ swimmerId: f.leo, skillId, ratingId: rating.mastered })),
        ),
      );
      const [result] = await resultsOf(f.leo);
      expect(result).toMatchObject({ levelId: dolphins.id, publishedAt: "2026-03-02T10:00:00.000Z" });
      const mails = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("toAddress", "=", f.guardian.email)
        .execute();
      expect(mails.length - mailsBefore.length).toBe(1);
    } finally {
      await settings(true);
    }
  });

  it("numbers a certificate after the highest count given, whatever its year or length", async () => {
    const f = await family();
    const ids = await lessons(f, i1, [today]);
    await place(i1, f.leo, dolphins.id);
    const earlier = await family();
    await seedProgress(db, {
      assessments: [],
      levelResults: [
        {
          swimmerId: earlier.leo,
          levelId: dolphins.id,
          passedAt: "2019-05-01T10:00:00.000Z",
          reportCard: {},
          certificateNumber: "2019-100000",
        },
        {
          swimmerId: earlier.mia,
          levelId: dolphins.id,
          passedAt: "2025-05-01T10:00:00.000Z",
          reportCard: {},
          certificateNumber: "2025-99999",
        },
      ],
    });
    await json(
      await save(
        ids[today] as number,
        f,
        dolphins.skills.map((skillId) => ({ swimmerId: f.leo, skillId, ratingId: rating.mastered })),
      ),
    );
    expect((await resultsOf(f.leo)).map((each) => each.certificateNumber)).toEqual(["2026-100001"]);
  });
});

describe("PUT /api/swimmers/:swimmerId/level", () => {
  it("lets the owner place any swimmer and an instructor only the swimmers of their own lessons", async () => {
    const f = await family();
    const ids = await lessons(f, i1, [today]);
    const level = (swimmerId: string) =>
      shownIn(i1, ids[today] as number, swimmerId).then((s) => s.level?.name);
    expect(await level(f.leo)).toBe("Water babies");

    const placed = await json<PlacementResponse>(await place(i1, f.leo, sharks.id));
    expect(placed).toEqual({
      message: "Level changed.",
      level: { id: sharks.id, name: "Sharks", nameEs: "Sharks (es)" },
    });
    expect(await level(f.leo)).toBe("Sharks");
    expect((await errorOf(await place(i2, f.leo, dolphins.id), 403)).code).toBe("permission-denied");
    expect((await place(f.guardian, f.leo, dolphins.id)).status).toBe(403);
    expect((await place(null, f.leo, dolphins.id)).status).toBe(401);
    expect(await level(f.leo)).toBe("Sharks");
    expect((await place(owner, f.leo, dolphins.id)).status).toBe(200);
    expect(await level(f.leo)).toBe("Dolphins");
  });

  it("refuses a level retired, unknown or at or below one passed, an unknown swimmer, and bad input", async () => {
    const f = await family();
    await lessons(f, i1, [today]);
    const added = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/levels", { name: "Old level" }),
      201,
    );
    const old = added.levels.find((level) => level.name === "Old level")?.id as number;
    await json(await as(owner, "POST", `/api/curriculum/levels/${old}/retire`));
    await seedProgress(db, {
      assessments: [],
      levelResults: [
        { swimmerId: f.mia, levelId: sharks.id, passedAt: "2026-02-01T10:00:00.000Z", reportCard: {} },
      ],
    });

    expect(await errorOf(await place(i1, f.leo, old), 400)).toMatchObject({
      message: "This level is retired: choose a level that is offered.",
    });
    expect((await errorOf(await place(i1, f.leo, 999_999), 404)).code).toBe("level-not-found");
    expect(await errorOf(await place(i1, f.mia, dolphins.id), 409)).toMatchObject({
      code: "level-passed",
      message: "Mia has already passed this level or one above it: choose a level above the last one passed.",
    });
    expect((await errorOf(await place(owner, "no-such-swimmer", dolphins.id), 404)).code).toBe(
      "swimmer-not-found",
    );
    for (const body of [{}, { levelId: "2" }, { levelId: 2.5 }, { levelId: 2 ** 40 }]) {
      expect((await as(i1, "PUT", `/api/swimmers/${f.leo}/level`, body)).status).toBe(400);
    }
    const swimmers = await db
      .selectFrom("swimmer")
      .select("levelId")
      .where("id", "in", [f.leo, f.mia])
      .execute();
    expect(swimmers.map((each) => each.levelId)).toEqual([null, null]);
  });
});

describe("a new rating scale", () => {
  it("keeps earlier ratings in their own words, and refuses a save rated in the old scale", async () => {
    const f = await family();
    const ids = await lessons(f, i1, ["2026-02-23", today]);
    await place(i1, f.leo, dolphins.id);
    await json(
      await save(
        ids["2026-02-23"] as number,
        f,
        [{ swimmerId: f.leo, skillId: dolphins.skills[0] as number, ratingId: rating.mastered }],
        { date: "2026-02-23" },
      ),
    );
    const v2 = await json<CurriculumResponse>(
      await as(owner, "POST", "/api/curriculum/scale", {
        ratings: [
          { label: "Working on it", mastered: false },
          { label: "Got it", labelEs: "Lo tiene", mastered: true },
        ],
      }),
      201,
    );
    const day = await dayOf(i1);
    expect(day.scale).toEqual(v2.scale);
    const leo = swimmerIn(
      day.lessons.find((each) => each.id === ids[today]),
      f.leo,
    );
    expect(leo.level?.skills[0]?.latest).toMatchObject({ label: "Mastered", mastered: true });
    expect(leo.level).toMatchObject({ mastered: 1 });

    const stale = await save(ids[today] as number, f, [
      { swimmerId: f.leo, skillId: dolphins.skills[1] as number, ratingId: rating.progressing },
    ]);
    expect((await errorOf(stale, 400)).message).toBe(
      "The rating scale changed after your day was loaded. Nothing was saved: reload the lesson and rate the skills again.",
    );
    const gotIt = v2.scale.ratings.find((each) => each.label === "Got it")?.id as number;
    const fresh = await json<LessonRecordResponse>(
      await save(ids[today] as number, f, [
        { swimmerId: f.leo, skillId: dolphins.skills[1] as number, ratingId: gotIt },
      ]),
    );
    expect(skillsOf(swimmerIn(fresh.lesson, f.leo))?.slice(0, 2)).toEqual([
      ["Floating on back", "Mastered", 1],
      ["Front glide", "Got it", 0],
    ]);
    expect((await assessmentsOf(f.leo)).map((each) => each.scaleVersion)).toEqual([1, 2]);
  });
});
