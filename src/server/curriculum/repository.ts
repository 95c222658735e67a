import { sql } from "kysely";
import type {
  Assessment,
  Curriculum,
  Level,
  LevelSkill,
  Rating,
  ScaleVersion,
  Skill,
} from "../../domain/curriculum.ts";
import type { LevelPatch, SkillPatch } from "../../domain/curriculum-schemas.ts";
import { type CallValue, compiledOnce } from "../db/compiled-once.ts";
import type { Db } from "../db/database.ts";
import { type KeptReads, keptReads } from "../db/kept-reads.ts";
import { isPostgres } from "../db/portable.ts";

/** The curriculum tables (migration 0018) belong to this feature: others read through ./service.ts. */

const levelColumns = [
  "id",
  "position",
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "retiredAt",
] as const;
const skillColumns = [
  "id",
  "name",
  "nameEs",
  "description",
  "descriptionEs",
  "homeTip",
  "homeTipEs",
  "retiredAt",
] as const;

const toLevel = (row: Level): Level => ({ ...row, id: Number(row.id), position: Number(row.position) });
const toSkill = (row: Skill): Skill => ({ ...row, id: Number(row.id) });
const toLink = (row: {
  levelId: number;
  skillId: number;
  position: number;
  required: number;
}): LevelSkill => ({
  levelId: Number(row.levelId),
  skillId: Number(row.skillId),
  position: Number(row.position),
  required: Number(row.required) === 1,
});

/** Every level, skill and link, retired ones included (history reads their names). */
export async function readCurriculum(db: Db): Promise<Curriculum> {
  const [levels, skills, links] = await Promise.all([
    db.selectFrom("level").select(levelColumns).orderBy("position").orderBy("id").execute(),
    db.selectFrom("skill").select(skillColumns).orderBy("id").execute(),
    db
      .selectFrom("levelSkill")
      .select(["levelId", "skillId", "position", "required"])
      .orderBy("levelId")
      .orderBy("position")
      .execute(),
  ]);
  return { levels: levels.map(toLevel), skills: skills.map(toSkill), links: links.map(toLink) };
}

/** A row of readCurriculumAndScales's one query: a level, a skill, a link or a rating, in columns shared by all. */
interface CurriculumRow {
  kind: "level" | "skill" | "link" | "rating";
  id: number | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  n4: number | null;
  t1: string | null;
  t2: string | null;
  t3: string | null;
  t4: string | null;
  t5: string | null;
  t6: string | null;
  t7: string | null;
}

export interface CurriculumAndScales {
  curriculum: Curriculum;
  scales: ScaleVersion[];
}

/** How long a read of the curriculum and scales is used again before it is read afresh (docs/decisions/052). */
export const curriculumRecheckMs = 1000;
const curriculumTables = ["level", "skill", "levelSkill", "ratingScaleRating"];

const keptCurricula = new WeakMap<Db, KeptReads<Readonly<CurriculumAndScales>>>();

/**
 * The curriculum and the scales, which every /progress and /today request reads and the owner seldom changes: the
 * last read is used again for `curriculumRecheckMs` (docs/decisions/052, db/kept-reads.ts, as the session guard's).
 * Any write this process makes to those tables forgets it, so this instance's next request sees an edit; another
 * instance's is seen within the second. In a transaction it is always read afresh. What it answers is frozen: it is
 * shared.
 */
export async function readCurriculumAndScales(db: Db): Promise<Readonly<CurriculumAndScales>> {
  if (db.isTransaction) return readCurriculumAndScalesAfresh(db);
  let kept = keptCurricula.get(db);
  if (!kept) {
    kept = keptReads(db, curriculumTables, {
      recheckMs: curriculumRecheckMs,
      now: () => performance.now(),
      capacity: 1,
    });
    keptCurricula.set(db, kept);
  }
  return kept("curriculum", async () => deepFreeze(await readCurriculumAndScalesAfresh(db)));
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * What readCurriculum and readScales read, in one query rather than four: the pages that read the curriculum on
 * every request (/progress, /today) pay one statement for these small tables. Each table's rows are put in their
 * columns of a UNION ALL, then in the same order as those two functions give them.
 */
async function readCurriculumAndScalesAfresh(db: Db): Promise<CurriculumAndScales> {
  const int = sql.raw("cast(null as integer)");
  const text = sql.raw("cast(null as text)");
  const { rows } = await sql<CurriculumRow>`
    select 'level' as "kind", "id", "position" as "n1", ${int} as "n2", ${int} as "n3", ${int} as "n4",
      "name" as "t1", "nameEs" as "t2", "description" as "t3", "descriptionEs" as "t4", "retiredAt" as "t5",
      ${text} as "t6", ${text} as "t7"
    from "level"
    union all
    select 'skill', "id", ${int}, ${int}, ${int}, ${int}, "name", "nameEs", "description", "descriptionEs",
      "retiredAt", "homeTip", "homeTipEs"
    from "skill"
    union all
    select 'link', ${int}, "levelId", "skillId", "position", "required", ${text}, ${text}, ${text}, ${text}, ${text},
      ${text}, ${text}
    from "levelSkill"
    union all
    select 'rating', "id", "scaleVersion", "position", "mastered", ${int}, "label", "labelEs", ${text}, ${text}, ${text},
      ${text}, ${text}
    from "ratingScaleRating"`.execute(db);
  const of = (kind: CurriculumRow["kind"]) => rows.filter((row) => row.kind === kind);
  const int0 = (value: number | null) => Number(value);
  const text0 = (value: string | null) => value ?? "";
  const levels = of("level")
    .map(
      (row): Level => ({
        id: int0(row.id),
        position: int0(row.n1),
        name: text0(row.t1),
        nameEs: text0(row.t2),
        description: text0(row.t3),
        descriptionEs: text0(row.t4),
        retiredAt: row.t5,
      }),
    )
    .sort((a, b) => a.position - b.position || a.id - b.id);
  const skills = of("skill")
    .map(
      (row): Skill => ({
        id: int0(row.id),
        name: text0(row.t1),
        nameEs: text0(row.t2),
        description: text0(row.t3),
        descriptionEs: text0(row.t4),
        homeTip: text0(row.t6),
        homeTipEs: text0(row.t7),
        retiredAt: row.t5,
      }),
    )
    .sort((a, b) => a.id - b.id);
  const links = of("link")
    .map((row) =>
      toLink({
        levelId: int0(row.n1),
        skillId: int0(row.n2),
        position: int0(row.n3),
        required: int0(row.n4),
      }),
    )
    .sort((a, b) => a.levelId - b.levelId || a.position - b.position || a.skillId - b.skillId);
  const ratings = of("rating")
    .map((row) => ({
      version: int0(row.n1),
      rating: {
        id: int0(row.id),
        position: int0(row.n2),
        label: text0(row.t1),
        labelEs: text0(row.t2),
        mastered: int0(row.n3) === 1,
      },
    }))
    .sort((a, b) => a.version - b.version || a.rating.position - b.rating.position);
  const versions = new Map<number, Rating[]>();
  for (const { version, rating } of ratings)
    versions.set(version, [...(versions.get(version) ?? []), rating]);
  return {
    curriculum: { levels, skills, links },
    scales: [...versions].map(([version, ratings]) => ({ version, ratings })),
  };
}

export async function findLevel(db: Db, id: number): Promise<Level | undefined> {
  const row = await db.selectFrom("level").select(levelColumns).where("id", "=", id).executeTakeFirst();
  return row && toLevel(row);
}

export async function findSkill(db: Db, id: number): Promise<Skill | undefined> {
  const row = await db.selectFrom("skill").select(skillColumns).where("id", "=", id).executeTakeFirst();
  return row && toSkill(row);
}

export async function insertLevel(
  trx: Db,
  level: { name: string; nameEs: string; description: string; descriptionEs: string },
  now: string,
): Promise<number> {
  const last = await trx
    .selectFrom("level")
    .select((eb) => eb.fn.max("position").as("position"))
    .executeTakeFirst();
  const row = await trx
    .insertInto("level")
    .values({ ...level, position: Number(last?.position ?? 0) + 1, createdAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateLevel(db: Db, id: number, patch: LevelPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable("level").set(patch).where("id", "=", id).execute();
}

export async function setLevelPosition(trx: Db, id: number, position: number): Promise<void> {
  await trx.updateTable("level").set({ position }).where("id", "=", id).execute();
}

export async function retireLevel(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("level")
    .set({ retiredAt: now })
    .where("id", "=", id)
    .where("retiredAt", "is", null)
    .execute();
}

export async function insertSkill(
  trx: Db,
  skill: Omit<Skill, "id" | "retiredAt">,
  now: string,
): Promise<number> {
  const row = await trx
    .insertInto("skill")
    .values({ ...skill, createdAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateSkill(db: Db, id: number, patch: SkillPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable("skill").set(patch).where("id", "=", id).execute();
}

export async function retireSkill(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("skill")
    .set({ retiredAt: now })
    .where("id", "=", id)
    .where("retiredAt", "is", null)
    .execute();
}

export async function linksOfLevel(db: Db, levelId: number): Promise<LevelSkill[]> {
  const rows = await db
    .selectFrom("levelSkill")
    .select(["levelId", "skillId", "position", "required"])
    .where("levelId", "=", levelId)
    .orderBy("position")
    .execute();
  return rows.map(toLink);
}

/** Puts the skill in the level (at its end) or changes whether it is required there. */
export async function upsertLink(
  trx: Db,
  levelId: number,
  skillId: number,
  required: boolean,
): Promise<void> {
  const links = await linksOfLevel(trx, levelId);
  if (links.some((link) => link.skillId === skillId)) {
    await trx
      .updateTable("levelSkill")
      .set({ required: required ? 1 : 0 })
      .where("levelId", "=", levelId)
      .where("skillId", "=", skillId)
      .execute();
    return;
  }
  const position = Math.max(0, ...links.map((link) => link.position)) + 1;
  await trx
    .insertInto("levelSkill")
    .values({ levelId, skillId, position, required: required ? 1 : 0 })
    .execute();
}

export async function deleteLink(db: Db, levelId: number, skillId: number): Promise<boolean> {
  const result = await db
    .deleteFrom("levelSkill")
    .where("levelId", "=", levelId)
    .where("skillId", "=", skillId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setLinkPosition(
  trx: Db,
  levelId: number,
  skillId: number,
  position: number,
): Promise<void> {
  await trx
    .updateTable("levelSkill")
    .set({ position })
    .where("levelId", "=", levelId)
    .where("skillId", "=", skillId)
    .execute();
}

/** Every version of the rating scale, oldest first: assessments are read in their own. */
export async function readScales(db: Db): Promise<ScaleVersion[]> {
  const rows = await db
    .selectFrom("ratingScaleRating")
    .select(["id", "scaleVersion", "position", "label", "labelEs", "mastered"])
    .orderBy("scaleVersion")
    .orderBy("position")
    .execute();
  const versions = new Map<number, Rating[]>();
  for (const row of rows) {
    const version = Number(row.scaleVersion);
    const ratings = versions.get(version) ?? [];
    ratings.push({
      id: Number(row.id),
      position: Number(row.position),
      label: row.label,
      labelEs: row.labelEs,
      mastered: Number(row.mastered) === 1,
    });
    versions.set(version, ratings);
  }
  return [...versions].map(([version, ratings]) => ({ version, ratings }));
}

/** Writes the next version of the scale; the versions before stay as they are. */
export async function insertScaleVersion(
  trx: Db,
  ratings: readonly { label: string; labelEs: string; mastered: boolean }[],
  byUserId: string,
  now: string,
): Promise<number> {
  const last = await trx
    .selectFrom("ratingScaleVersion")
    .select((eb) => eb.fn.max("version").as("version"))
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto("ratingScaleVersion")
    .values({ version, createdAt: now, createdByUserId: byUserId })
    .execute();
  await trx
    .insertInto("ratingScaleRating")
    .values(
      ratings.map((rating, index) => ({
        scaleVersion: version,
        position: index + 1,
        label: rating.label,
        labelEs: rating.labelEs,
        mastered: rating.mastered ? 1 : 0,
      })),
    )
    .execute();
  return version;
}

/**
 * Appends an assessment. There is no update or delete of assessments anywhere: a correction is a newer one (the
 * pass rule reads the latest), and a swimmer's deletion takes theirs by the database's cascade.
 */
export async function appendAssessment(trx: Db, assessment: Omit<Assessment, "id">): Promise<number> {
  const row = await trx.insertInto("assessment").values(assessment).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

const assessmentColumns = [
  "assessment.id",
  "assessment.swimmerId",
  "assessment.skillId",
  "assessment.ratingId",
  "assessment.scaleVersion",
  "assessment.lessonId",
  "assessment.byUserId",
  "assessment.at",
  "assessment.note",
] as const;

const toAssessment = <T extends Assessment>(row: T): T => ({
  ...row,
  id: Number(row.id),
  skillId: Number(row.skillId),
  ratingId: Number(row.ratingId),
  scaleVersion: Number(row.scaleVersion),
  lessonId: row.lessonId === null ? null : Number(row.lessonId),
});

/**
 * The latest assessment of each skill each of these swimmers was assessed on (latestBySkill's choice: the greatest
 * `at`, then the greatest id), with its author's name: one row per swimmer and skill, however long the history. The
 * pairs are read from assessment_swimmerId_skillId_at_idx alone, and each pair's latest from the end of its stretch
 * of that index.
 */
export async function latestAssessmentsOf(
  db: Db,
  swimmerIds: readonly string[],
): Promise<(Assessment & { byName: string | null })[]> {
  if (swimmerIds.length === 0) return [];
  const rows = await latestAssessmentsRead(db, { swimmerIds });
  return rows.map(toAssessment);
}

const latestAssessmentsRead = compiledOnce((db, value: CallValue<{ swimmerIds: readonly string[] }>) =>
  db
    .selectFrom("assessment")
    .leftJoin("user", "user.id", "assessment.byUserId")
    .select([...assessmentColumns, "user.name as byName"])
    .where("assessment.id", "in", (eb) =>
      eb
        .selectFrom(
          eb
            .selectFrom("assessment")
            .select(["swimmerId", "skillId"])
            .where("swimmerId", "in", value("swimmerIds"))
            .groupBy(["swimmerId", "skillId"])
            .as("pair"),
        )
        .select((pair) =>
          pair
            .selectFrom("assessment as later")
            .select("later.id")
            .whereRef("later.swimmerId", "=", "pair.swimmerId")
            .whereRef("later.skillId", "=", "pair.skillId")
            .orderBy("later.at", "desc")
            .orderBy("later.id", "desc")
            .limit(1)
            .as("id"),
        ),
    )
    .orderBy("assessment.id"),
);

/**
 * Every assessment, with its author's name, of some skills of some swimmers, oldest written first: for each swimmer
 * the skills named, and those they were assessed on in `lessonId` (when given). One query
 * (assessment_swimmerId_skillId_at_idx).
 */
export async function assessmentsOfSkills(
  db: Db,
  wanted: readonly { swimmerId: string; skillIds: readonly number[]; lessonId: number | null }[],
): Promise<(Assessment & { byName: string | null })[]> {
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom("assessment")
    .leftJoin("user", "user.id", "assessment.byUserId")
    .select([...assessmentColumns, "user.name as byName"])
    .where("assessment.swimmerId", "in", [...new Set(wanted.map((each) => each.swimmerId))])
    .where((eb) =>
      eb.or(
        wanted.map(({ swimmerId, skillIds, lessonId }) => {
          const skills = [
            ...(skillIds.length > 0 ? [eb("assessment.skillId", "in", [...skillIds])] : []),
            ...(lessonId === null
              ? []
              : [
                  eb.exists(
                    eb
                      .selectFrom("assessment as inLesson")
                      .select("inLesson.id")
                      .where("inLesson.lessonId", "=", lessonId)
                      .whereRef("inLesson.swimmerId", "=", "assessment.swimmerId")
                      .whereRef("inLesson.skillId", "=", "assessment.skillId"),
                  ),
                ]),
          ];
          return eb.and([eb("assessment.swimmerId", "=", swimmerId), eb.or(skills)]);
        }),
      ),
    )
    .orderBy("assessment.id")
    .execute();
  return rows.map(toAssessment);
}

/**
 * The assessments of the skills a swimmer was assessed on in these lessons, for those swimmers: the lessons' own and
 * every other of the same swimmer and skill (what each skill was before).
 */
export async function assessmentsOfLessonSkills(
  db: Db,
  lessonIds: readonly number[],
  swimmerIds: readonly string[],
): Promise<Assessment[]> {
  if (lessonIds.length === 0 || swimmerIds.length === 0) return [];
  const rows = await db
    .selectFrom("assessment")
    .select(assessmentColumns)
    .where("assessment.swimmerId", "in", [...swimmerIds])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("assessment as inLesson")
          .select("inLesson.id")
          .where("inLesson.lessonId", "in", [...lessonIds])
          .whereRef("inLesson.swimmerId", "=", "assessment.swimmerId")
          .whereRef("inLesson.skillId", "=", "assessment.skillId"),
      ),
    )
    .execute();
  return rows.map(toAssessment);
}

/** The levels these swimmers have passed (their level results), in one query. */
export async function passedLevelsOf(
  db: Db,
  swimmerIds: readonly string[],
): Promise<{ swimmerId: string; levelId: number }[]> {
  if (swimmerIds.length === 0) return [];
  const rows = await passedLevelsRead(db, { swimmerIds });
  return rows.map((row) => ({ swimmerId: row.swimmerId, levelId: Number(row.levelId) }));
}
const passedLevelsRead = compiledOnce((db, value: CallValue<{ swimmerIds: readonly string[] }>) =>
  db.selectFrom("levelResult").select(["swimmerId", "levelId"]).where("swimmerId", "in", value("swimmerIds")),
);

/**
 * Where staff placed these swimmers (`swimmer.levelId`, migration 0019): the curriculum's column on the household's
 * row. A swimmer not found is left out.
 */
export async function placementsOf(
  db: Db,
  swimmerIds: readonly string[],
): Promise<{ swimmerId: string; clientId: string; firstName: string; levelId: number | null }[]> {
  if (swimmerIds.length === 0) return [];
  const rows = await placementsRead(db, { swimmerIds });
  return rows.map((row) => ({
    swimmerId: row.id,
    clientId: row.clientId,
    firstName: row.firstName,
    levelId: row.levelId === null ? null : Number(row.levelId),
  }));
}
const placementsRead = compiledOnce((db, value: CallValue<{ swimmerIds: readonly string[] }>) =>
  db
    .selectFrom("swimmer")
    .select(["id", "clientId", "firstName", "levelId"])
    .where("id", "in", value("swimmerIds")),
);

export async function setPlacement(db: Db, swimmerId: string, levelId: number): Promise<void> {
  await db.updateTable("swimmer").set({ levelId }).where("id", "=", swimmerId).execute();
}

/**
 * Holds the certificate numbers until the caller's transaction ends on PostgreSQL (a transaction-scoped advisory
 * lock): two passes written at once would otherwise read the same last number. SQLite runs one transaction at a time.
 */
export async function lockCertificateNumbers(trx: Db): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${"certificate-numbers"}, 0))`.execute(trx);
}

/** The highest certificate number written ("YYYY-NNNNN": the count after the year decides), or null. */
export async function lastCertificateNumber(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom("levelResult")
    .select("certificateNumber")
    .where("certificateNumber", "is not", null)
    .orderBy(sql`length(${sql.ref("certificateNumber")})`, "desc")
    .orderBy(sql`substr(${sql.ref("certificateNumber")}, 6)`, "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.certificateNumber ?? null;
}

/**
 * A passed level's draft result: the report card as written now, its certificate number, not yet approved nor
 * published. A level already passed by the swimmer is left as it was (null): its result stands.
 */
export async function insertLevelResult(
  trx: Db,
  result: {
    swimmerId: string;
    levelId: number;
    passedAt: string;
    reportCard: string;
    certificateNumber: string;
  },
): Promise<number | null> {
  const row = await trx
    .insertInto("levelResult")
    .values({
      ...result,
      approvedAt: null,
      approvedByUserId: null,
      publishedAt: null,
      pdfStorageKey: null,
      shareTokenHash: null,
      shareRevokedAt: null,
    })
    .onConflict((conflict) => conflict.columns(["swimmerId", "levelId"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}
