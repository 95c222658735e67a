import type { Role } from "../../domain/auth.ts";
import {
  type Assessment,
  type Curriculum,
  type CurriculumResponse,
  certificateSequenceOf,
  curriculumMessages,
  neighbourOf,
  type Placement,
  type PlacementResponse,
  type ScaleVersion,
} from "../../domain/curriculum.ts";
import type {
  LevelInput,
  LevelPatch,
  ScaleInput,
  SkillInput,
  SkillPatch,
} from "../../domain/curriculum-schemas.ts";
import { messages } from "../../domain/messages.ts";
import { swimmerMessages } from "../../domain/swimmers.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { appError } from "../http/errors.ts";
import { teachesSwimmer } from "../instructors/service.ts";
import {
  deleteLink,
  findLevel,
  findSkill,
  insertLevel,
  insertScaleVersion,
  insertSkill,
  lastCertificateNumber,
  latestAssessmentsOf,
  linksOfLevel,
  passedLevelsOf,
  placementsOf,
  readCurriculum,
  readCurriculumAndScales,
  retireLevel,
  retireSkill,
  setLevelPosition,
  setLinkPosition,
  setPlacement,
  updateLevel,
  updateSkill,
  upsertLink,
} from "./repository.ts";

export {
  appendAssessment,
  assessmentsOfLessonSkills,
  assessmentsOfSkills,
  curriculumRecheckMs,
  latestAssessmentsOf,
  passedLevelsOf,
  readCurriculum,
  readCurriculumAndScales,
  readScales,
} from "./repository.ts";

interface Deps {
  db: Db;
  clock: Clock;
}

const now = (deps: Deps) => deps.clock.now().toISOString();
const levelNotFound = () => appError("level-not-found", 404, curriculumMessages.levelNotFound);
const skillNotFound = () => appError("skill-not-found", 404, curriculumMessages.skillNotFound);

/** The current rating scale: the highest version (migration 0018 writes version 1). */
function currentScale(scales: readonly ScaleVersion[]): ScaleVersion {
  const scale = scales[scales.length - 1];
  if (!scale) throw new Error("no rating scale: migration 0018 writes version 1");
  return scale;
}

/** The whole curriculum (retired levels and skills included, flagged) and the current rating scale. */
export async function curriculumOf(db: Db): Promise<CurriculumResponse> {
  const { curriculum, scales } = await readCurriculumAndScales(db);
  return { ...curriculum, scale: currentScale(scales) };
}

/** What decides where some swimmers stand: the curriculum, every scale version, their assessments and results. */
export interface SwimmersProgress {
  curriculum: Curriculum;
  /** Every version, oldest first: an assessment is read in its own. */
  scales: ScaleVersion[];
  /** The current version: the one new ratings are given in. */
  scale: ScaleVersion;
  /**
   * The swimmer's latest assessment of each skill they were assessed on: all that the pass rule, the level rule and
   * a report card read of a history (latestBySkill).
   */
  latestOf(swimmerId: string): Assessment[];
  /** What currentLevelOf reads for the swimmer (domain/curriculum.ts). */
  placementOf(swimmerId: string): Placement;
}

/**
 * The progress of many swimmers in a fixed number of queries, whatever their number (a day's lessons, a save):
 * never one query per swimmer, and one row per swimmer and skill assessed, however long their histories.
 */
export async function progressOf(db: Db, swimmerIds: readonly string[]): Promise<SwimmersProgress> {
  const ids = [...new Set(swimmerIds)];
  const [{ curriculum, scales }, assessments, passed, placed] = await Promise.all([
    readCurriculumAndScales(db),
    latestAssessmentsOf(db, ids),
    passedLevelsOf(db, ids),
    placementsOf(db, ids),
  ]);
  const bySwimmer = new Map<string, Assessment[]>();
  for (const assessment of assessments) {
    const list = bySwimmer.get(assessment.swimmerId);
    if (list) list.push(assessment);
    else bySwimmer.set(assessment.swimmerId, [assessment]);
  }
  return {
    curriculum,
    scales,
    scale: currentScale(scales),
    latestOf: (swimmerId) => bySwimmer.get(swimmerId) ?? [],
    placementOf: (swimmerId) => ({
      placedLevelId: placed.find((each) => each.swimmerId === swimmerId)?.levelId ?? null,
      passedLevelIds: passed.filter((each) => each.swimmerId === swimmerId).map((each) => each.levelId),
      assessments: bySwimmer.get(swimmerId) ?? [],
    }),
  };
}

/** The running count of the last certificate number given (certificateNumberOf), 0 before the first. */
export async function lastCertificateSequence(db: Db): Promise<number> {
  return certificateSequenceOf((await lastCertificateNumber(db)) ?? "");
}

/**
 * PUT /api/swimmers/:swimmerId/level: staff place a swimmer in a level offered (the owner any swimmer, an instructor
 * the swimmers of their own lessons). A level at or below one the swimmer passed is refused: the current-level rule
 * would not follow it (currentLevelOf), and a placement that changes nothing would only mislead.
 */
export async function placeSwimmer(
  db: Db,
  staff: { userId: string; role: Role },
  swimmerId: string,
  levelId: number,
): Promise<PlacementResponse> {
  if (staff.role !== "admin" && !(await teachesSwimmer(db, staff.userId, swimmerId))) {
    throw appError("permission-denied", 403, messages.permissionDenied);
  }
  const [swimmer] = await placementsOf(db, [swimmerId]);
  if (!swimmer) throw appError("swimmer-not-found", 404, swimmerMessages.notFound);
  const [curriculum, passed] = await Promise.all([readCurriculum(db), passedLevelsOf(db, [swimmerId])]);
  const level = curriculum.levels.find((each) => each.id === levelId);
  if (!level) throw levelNotFound();
  if (level.retiredAt !== null) {
    throw appError("validation", 400, curriculumMessages.levelNotOffered, { field: "levelId" });
  }
  const positionOf = new Map(curriculum.levels.map((each) => [each.id, each.position]));
  if (passed.some((each) => (positionOf.get(each.levelId) ?? -Infinity) >= level.position)) {
    throw appError("level-passed", 409, curriculumMessages.levelAlreadyPassed(swimmer.firstName), {
      field: "levelId",
    });
  }
  await db.transaction().execute(async (trx) => {
    await setPlacement(trx, swimmerId, levelId);
    await recordAudit(trx, {
      kind: "swimmer-level",
      id: swimmerId,
      action: "updated",
      householdId: swimmer.clientId,
      before: { levelId: swimmer.levelId },
      after: { levelId },
    });
  });
  return {
    message: curriculumMessages.placed,
    level: { id: level.id, name: level.name, nameEs: level.nameEs },
  };
}

async function existingLevel(db: Db, levelId: number) {
  const level = await findLevel(db, levelId);
  if (!level) throw levelNotFound();
  return level;
}

async function existingSkill(db: Db, skillId: number) {
  const skill = await findSkill(db, skillId);
  if (!skill) throw skillNotFound();
  return skill;
}

export async function addLevel(deps: Deps, input: LevelInput): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const id = await insertLevel(trx, input, now(deps));
    await recordAudit(trx, { kind: "level", id, action: "created", after: input });
    return id;
  });
}

export async function editLevel(deps: Deps, levelId: number, patch: LevelPatch): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await existingLevel(trx, levelId);
    await updateLevel(trx, levelId, patch);
    await recordAudit(trx, {
      kind: "level",
      id: levelId,
      action: "updated",
      before,
      after: { ...before, ...patch },
    });
  });
}

/** Swaps the level with the active level before or after it; at either end, nothing moves. */
export async function moveLevel(deps: Deps, levelId: number, direction: "up" | "down"): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const level = await existingLevel(trx, levelId);
    const { levels } = await readCurriculum(trx);
    const active = levels.filter((each) => each.retiredAt === null || each.id === levelId);
    const neighbour = neighbourOf(active, levelId, direction);
    if (!neighbour) return;
    await setLevelPosition(trx, level.id, neighbour.position);
    await setLevelPosition(trx, neighbour.id, level.position);
    await recordAudit(trx, {
      kind: "level",
      id: levelId,
      action: "moved",
      before: { position: level.position },
      after: { position: neighbour.position },
    });
  });
}

/** A retired level is no longer offered; its results and report cards stay. Retiring twice changes nothing. */
export async function retireLevelOf(deps: Deps, levelId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await existingLevel(trx, levelId);
    await retireLevel(trx, levelId, now(deps));
    await recordAudit(trx, { kind: "level", id: levelId, action: "retired" });
  });
}

/** A new skill, put at the end of `input.levelId` (required) when given. */
export async function addSkill(deps: Deps, input: SkillInput): Promise<number> {
  const { levelId, ...skill } = input;
  return deps.db.transaction().execute(async (trx) => {
    if (levelId !== undefined) await existingLevel(trx, levelId);
    const skillId = await insertSkill(trx, skill, now(deps));
    if (levelId !== undefined) await upsertLink(trx, levelId, skillId, true);
    await recordAudit(trx, { kind: "skill", id: skillId, action: "created", after: input });
    return skillId;
  });
}

export async function editSkill(deps: Deps, skillId: number, patch: SkillPatch): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const before = await existingSkill(trx, skillId);
    await updateSkill(trx, skillId, patch);
    await recordAudit(trx, {
      kind: "skill",
      id: skillId,
      action: "updated",
      before,
      after: { ...before, ...patch },
    });
  });
}

/** A retired skill no longer counts towards any level; its assessments and the report cards naming it stay. */
export async function retireSkillOf(deps: Deps, skillId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await existingSkill(trx, skillId);
    await retireSkill(trx, skillId, now(deps));
    await recordAudit(trx, { kind: "skill", id: skillId, action: "retired" });
  });
}

export async function linkSkill(
  deps: Deps,
  levelId: number,
  skillId: number,
  required: boolean,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await existingLevel(trx, levelId);
    await existingSkill(trx, skillId);
    await upsertLink(trx, levelId, skillId, required);
    await recordAudit(trx, { kind: "level", id: levelId, action: "updated", after: { skillId, required } });
  });
}

/** Takes the skill out of the level. Its assessments stay (they belong to the skill), as do written report cards. */
export async function unlinkSkill(deps: Deps, levelId: number, skillId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await existingLevel(trx, levelId);
    if (!(await deleteLink(trx, levelId, skillId))) {
      throw appError("level-skill-not-found", 404, curriculumMessages.linkNotFound);
    }
    await recordAudit(trx, { kind: "level", id: levelId, action: "updated", before: { skillId } });
  });
}

export async function moveSkill(
  deps: Deps,
  levelId: number,
  skillId: number,
  direction: "up" | "down",
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await existingLevel(trx, levelId);
    const links = await linksOfLevel(trx, levelId);
    const link = links.find((each) => each.skillId === skillId);
    if (!link) throw appError("level-skill-not-found", 404, curriculumMessages.linkNotFound);
    const ordered = links.map((each) => ({ id: each.skillId, position: each.position }));
    const neighbour = neighbourOf(ordered, skillId, direction);
    if (!neighbour) return;
    await setLinkPosition(trx, levelId, skillId, neighbour.position);
    await setLinkPosition(trx, levelId, neighbour.id, link.position);
    await recordAudit(trx, {
      kind: "skill",
      id: skillId,
      action: "moved",
      before: { position: link.position },
      after: { position: neighbour.position },
    });
  });
}

/** A new version of the rating scale: assessments made before keep the version (and words) they were made with. */
export async function editScale(deps: Deps, byUserId: string, input: ScaleInput): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const version = await insertScaleVersion(
      trx,
      input.ratings.map((rating) => ({ ...rating, labelEs: rating.labelEs ?? "" })),
      byUserId,
      now(deps),
    );
    await recordAudit(trx, {
      kind: "rating-scale",
      id: version,
      action: "created",
      after: { version, ...input },
    });
    return version;
  });
}
