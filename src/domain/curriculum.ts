import type { Locale } from "./locale.ts";
import { translate } from "./translate.ts";

/**
 * The school's curriculum (issue 28, docs/decisions/026): levels in order, each with its skills; a versioned rating
 * scale; assessments (append-only) and the pass rule. Pure: the server stores and reads, the pages show.
 *
 * Texts are stored per row in English and Spanish (`name`, `nameEs`…): the owner writes both; an empty Spanish text
 * reads as the English one.
 */

export interface Level {
  id: number;
  /** The order levels are taken in: lower first. */
  position: number;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  /** Retired levels keep their history (results, report cards) but are no longer offered. */
  retiredAt: string | null;
}

export interface Skill {
  id: number;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  /** A "practise at home" tip for parents. */
  homeTip: string;
  homeTipEs: string;
  /** A retired skill keeps its assessments but no longer counts towards passing. */
  retiredAt: string | null;
}

/** A skill in a level. A skill may be in several levels; its latest rating counts in every one of them. */
export interface LevelSkill {
  levelId: number;
  skillId: number;
  position: number;
  /** Only required skills decide a pass; the others are shown and rated but never block. */
  required: boolean;
}

export interface Rating {
  id: number;
  position: number;
  label: string;
  labelEs: string;
  /** The rating that means "mastered": what the pass rule looks for. At least one per version. */
  mastered: boolean;
}

/** A version of the rating scale. Editing the scale makes a new version; assessments keep theirs. */
export interface ScaleVersion {
  version: number;
  ratings: Rating[];
}

/** One rating of one skill for one swimmer. Never changed: a correction is a newer assessment. */
export interface Assessment {
  id: number;
  swimmerId: string;
  skillId: number;
  ratingId: number;
  scaleVersion: number;
  lessonId: number | null;
  byUserId: string | null;
  /** ISO timestamp. */
  at: string;
  note: string;
}

export interface Curriculum {
  levels: Level[];
  skills: Skill[];
  links: LevelSkill[];
}

/** A text in the reader's language: the Spanish one when written, else the English. */
export const inLanguage = (english: string, spanish: string, locale: Locale): string =>
  locale === "es" && spanish.trim() !== "" ? spanish : english;

const lookups = new WeakMap<Curriculum, Map<string, unknown>>();

/**
 * What `make` derives from the curriculum, made once per curriculum when it is frozen (the server keeps one frozen,
 * curriculum/repository.ts, and a day's lessons read it for every swimmer), afresh for any other. What is kept is
 * frozen too: every reader shares it.
 */
function derived<T>(curriculum: Curriculum, key: string, make: () => T): T {
  if (!Object.isFrozen(curriculum)) return make();
  let kept = lookups.get(curriculum);
  if (!kept) {
    kept = new Map();
    lookups.set(curriculum, kept);
  }
  if (!kept.has(key)) kept.set(key, Object.freeze(make()));
  return kept.get(key) as T;
}

/** Levels offered now, in order. */
export const activeLevels = (curriculum: Curriculum): Level[] =>
  derived(curriculum, "active", () =>
    curriculum.levels.filter((level) => level.retiredAt === null).sort((a, b) => a.position - b.position),
  );

/** The links of a level, in order. */
export const linksOf = (curriculum: Curriculum, levelId: number): LevelSkill[] =>
  derived(curriculum, `links ${levelId}`, () =>
    curriculum.links.filter((link) => link.levelId === levelId).sort((a, b) => a.position - b.position),
  );

const skillsById = (curriculum: Curriculum): ReadonlyMap<number, Skill> =>
  derived(curriculum, "skills", () => new Map(curriculum.skills.map((skill) => [skill.id, skill])));

/**
 * The latest assessment of each skill for one swimmer: the one with the greatest `at`; two at the same instant are
 * told apart by id (the later written wins), so a correction made in the same second still wins.
 */
export function latestBySkill(
  assessments: readonly Assessment[],
  swimmerId: string,
): Map<number, Assessment> {
  const latest = new Map<number, Assessment>();
  for (const assessment of assessments) {
    if (assessment.swimmerId !== swimmerId) continue;
    const current = latest.get(assessment.skillId);
    if (
      !current ||
      assessment.at > current.at ||
      (assessment.at === current.at && assessment.id > current.id)
    ) {
      latest.set(assessment.skillId, assessment);
    }
  }
  return latest;
}

/** The rating an assessment was made with, read in its own scale version (never the current one). */
export function ratingOf(assessment: Assessment, scales: readonly ScaleVersion[]): Rating | undefined {
  return scales
    .find((scale) => scale.version === assessment.scaleVersion)
    ?.ratings.find((rating) => rating.id === assessment.ratingId);
}

/** Whether an assessment says "mastered" in the scale version it was made with. */
export const isMastered = (assessment: Assessment | undefined, scales: readonly ScaleVersion[]): boolean =>
  assessment !== undefined && ratingOf(assessment, scales)?.mastered === true;

/**
 * The skills that decide whether a level is passed: the level's required links whose skill is not retired now.
 * A retired skill no longer blocks anyone; what it was rated stays in its history and in report cards written before.
 */
export function requiredSkillsOf(curriculum: Curriculum, levelId: number): Skill[] {
  return derived(curriculum, `required skills ${levelId}`, () =>
    levelSkillsOf(curriculum, levelId)
      .filter((each) => each.required)
      .map((each) => each.skill),
  );
}

/**
 * A level's skills as they stand now, in the level's order, each with whether it is required: what a lesson, a
 * family's /progress and a report card list. A retired skill is left out (its history stays with the swimmer).
 */
export function levelSkillsOf(
  curriculum: Curriculum,
  levelId: number,
): { skill: Skill; required: boolean }[] {
  return derived(curriculum, `level skills ${levelId}`, () => {
    const skills = skillsById(curriculum);
    return linksOf(curriculum, levelId).flatMap((link) => {
      const skill = skills.get(link.skillId);
      return skill && skill.retiredAt === null ? [{ skill, required: link.required }] : [];
    });
  });
}

/**
 * THE pass rule. A swimmer passes a level when and only when the level is not retired, it has at least one required
 * skill that is not retired, and for every such skill the swimmer's latest assessment of that skill (latestBySkill)
 * has a rating marked "mastered" in the scale version that assessment was made with. A skill's assessments count in
 * every level it is in, wherever they were made. A later "not yet" after a "mastered" means not passed (the latest
 * counts); a level already passed stays passed through its level result, which this rule does not undo.
 */
export function passesLevel(
  curriculum: Curriculum,
  levelId: number,
  swimmerId: string,
  assessments: readonly Assessment[],
  scales: readonly ScaleVersion[],
): boolean {
  const level = curriculum.levels.find((each) => each.id === levelId);
  if (!level || level.retiredAt !== null) return false;
  const required = requiredSkillsOf(curriculum, levelId);
  if (required.length === 0) return false;
  const latest = latestBySkill(assessments, swimmerId);
  return required.every((skill) => isMastered(latest.get(skill.id), scales));
}

/** A report card: what a level's skills were rated when the swimmer passed, as written then (both languages). */
export interface ReportCard {
  swimmerId: string;
  level: { id: number; name: string; nameEs: string };
  passedAt: string;
  skills: ReportCardSkill[];
}

export interface ReportCardSkill {
  skillId: number;
  name: string;
  nameEs: string;
  required: boolean;
  /** Null: never assessed (only possible for a skill that is not required). */
  rating: {
    label: string;
    labelEs: string;
    mastered: boolean;
    scaleVersion: number;
    at: string;
    byUserId: string | null;
    note: string;
  } | null;
}

/**
 * The report card of a level at `passedAt`: the level's skills not retired then, in order, each with its latest
 * rating's words from that rating's own scale version. Stored as JSON with the level result, so a later rename,
 * retirement or scale version never changes it.
 */
export function reportCardOf(
  curriculum: Curriculum,
  levelId: number,
  swimmerId: string,
  assessments: readonly Assessment[],
  scales: readonly ScaleVersion[],
  passedAt: string,
): ReportCard {
  const level = curriculum.levels.find((each) => each.id === levelId);
  if (!level) throw new Error(`no level ${levelId}`);
  const latest = latestBySkill(assessments, swimmerId);
  return {
    swimmerId,
    level: { id: level.id, name: level.name, nameEs: level.nameEs },
    passedAt,
    skills: levelSkillsOf(curriculum, levelId).map(({ skill, required }) => {
      const assessment = latest.get(skill.id);
      const rating = assessment && ratingOf(assessment, scales);
      return {
        skillId: skill.id,
        name: skill.name,
        nameEs: skill.nameEs,
        required,
        rating:
          assessment && rating
            ? {
                label: rating.label,
                labelEs: rating.labelEs,
                mastered: rating.mastered,
                scaleVersion: assessment.scaleVersion,
                at: assessment.at,
                byUserId: assessment.byUserId,
                note: assessment.note,
              }
            : null,
      };
    }),
  };
}

/**
 * A certificate's number: the year it was passed and the school's running count of certificates,
 * "YYYY-NNNNN" (more digits past 99,999). The count runs on across years, so a number is never given twice.
 */
export const certificateNumberOf = (passedAt: string, sequence: number): string =>
  `${passedAt.slice(0, 4)}-${String(sequence).padStart(5, "0")}`;

/** The running count a certificate number carries (certificateNumberOf), or 0 for anything else. */
export function certificateSequenceOf(certificateNumber: string): number {
  const match = /^\d{4}-(\d{5,})$/.exec(certificateNumber);
  return match ? Number(match[1]) : 0;
}

/** "x of y skills mastered" for a level: y counts the required skills that decide a pass. */
export function masteredCount(
  curriculum: Curriculum,
  levelId: number,
  swimmerId: string,
  assessments: readonly Assessment[],
  scales: readonly ScaleVersion[],
): { mastered: number; of: number } {
  const required = requiredSkillsOf(curriculum, levelId);
  const latest = latestBySkill(assessments, swimmerId);
  return {
    mastered: required.filter((skill) => isMastered(latest.get(skill.id), scales)).length,
    of: required.length,
  };
}

/** What decides the level a swimmer is in now (currentLevelOf). */
export interface Placement {
  /** Where staff placed the swimmer (`swimmer.levelId`), if anywhere. */
  placedLevelId: number | null;
  /** The levels the swimmer has passed (their level results). */
  passedLevelIds: readonly number[];
  /** The swimmer's assessments (only the skills they name matter here). */
  assessments: readonly Pick<Assessment, "skillId">[];
}

/**
 * THE current-level rule: the level whose skills are listed for a swimmer in a lesson and on /progress.
 * 1. The level staff placed them in, while it is offered and no level at or above it has been passed.
 * 2. Else, once they have passed a level: the first level offered above the highest they passed and not passed
 *    itself ("the next level starts"); undefined when they have passed every level offered.
 * 3. Else, with assessments but no pass: the offered level holding most of the skills they were assessed on (the
 *    lower level on a tie), so a school's history before placements still reads right.
 * 4. Else the first level offered.
 */
export function currentLevelOf(curriculum: Curriculum, placement: Placement): Level | undefined {
  const offered = activeLevels(curriculum);
  const positionOf = derived(
    curriculum,
    "positions",
    (): ReadonlyMap<number, number> => new Map(curriculum.levels.map((level) => [level.id, level.position])),
  );
  const passed = new Set(placement.passedLevelIds);
  const highestPassed = Math.max(
    -Infinity,
    ...placement.passedLevelIds.map((id) => positionOf.get(id) ?? -Infinity),
  );
  const placed = offered.find((level) => level.id === placement.placedLevelId);
  if (placed && !passed.has(placed.id) && placed.position > highestPassed) return placed;
  if (passed.size > 0) {
    return offered.find((level) => level.position > highestPassed && !passed.has(level.id));
  }
  const assessed = new Set(placement.assessments.map((assessment) => assessment.skillId));
  if (assessed.size > 0) {
    let best: Level | undefined;
    let bestCount = 0;
    for (const level of offered) {
      const count = linksOf(curriculum, level.id).filter((link) => assessed.has(link.skillId)).length;
      if (count > bestCount) {
        best = level;
        bestCount = count;
      }
    }
    if (best) return best;
  }
  return offered[0];
}

/** A level's or skill's new position after "Move up" / "Move down": the neighbour it swaps with, if any. */
export function neighbourOf<T extends { id: number; position: number }>(
  ordered: readonly T[],
  id: number,
  direction: "up" | "down",
): T | undefined {
  const sorted = [...ordered].sort((a, b) => a.position - b.position);
  const index = sorted.findIndex((each) => each.id === id);
  if (index < 0) return undefined;
  return sorted[direction === "up" ? index - 1 : index + 1];
}

// Inputs the owner sends (src/server/curriculum): their limits here, their schemas in curriculum-schemas.ts.

export const maxNameLength = 80;
export const maxTextLength = 500;

/** PUT /api/swimmers/:swimmerId/level answers the level the swimmer is now in. */
export interface PlacementResponse {
  message: string;
  level: { id: number; name: string; nameEs: string };
}

/** GET /api/curriculum */
export interface CurriculumResponse extends Curriculum {
  scale: ScaleVersion;
}

export const curriculumMessages = {
  get nameRequired() {
    return translate(/*i18n*/ { id: "curriculum.nameRequired", message: "Please write a name." });
  },
  get noNul() {
    return translate(/*i18n*/ { id: "curriculum.noNul", message: "A text must not contain NUL characters." });
  },
  get nameTooLong() {
    return translate(
      /*i18n*/ {
        id: "curriculum.nameTooLong",
        message: "A name must be at most {max} characters.",
        values: { max: maxNameLength },
      },
    );
  },
  get textTooLong() {
    return translate(
      /*i18n*/ {
        id: "curriculum.textTooLong",
        message: "A description or tip must be at most {max} characters.",
        values: { max: maxTextLength },
      },
    );
  },
  get scaleShape() {
    return translate(
      /*i18n*/ {
        id: "curriculum.scaleShape",
        message: "A rating scale has 2 to 8 ratings, exactly one of them marked as mastered.",
      },
    );
  },
  get levelNotFound() {
    return translate(/*i18n*/ { id: "curriculum.levelNotFound", message: "This level does not exist." });
  },
  get skillNotFound() {
    return translate(/*i18n*/ { id: "curriculum.skillNotFound", message: "This skill does not exist." });
  },
  get linkNotFound() {
    return translate(/*i18n*/ { id: "curriculum.linkNotFound", message: "This skill is not in this level." });
  },
  get saved() {
    return translate(/*i18n*/ { id: "curriculum.saved", message: "Curriculum saved." });
  },
  get levelNotOffered() {
    return translate(
      /*i18n*/ {
        id: "curriculum.levelNotOffered",
        message: "This level is retired: choose a level that is offered.",
      },
    );
  },
  levelAlreadyPassed: (name: string) =>
    translate(
      /*i18n*/ {
        id: "curriculum.levelAlreadyPassed",
        message:
          "{name} has already passed this level or one above it: choose a level above the last one passed.",
        values: { name },
      },
    ),
  get placed() {
    return translate(/*i18n*/ { id: "curriculum.placed", message: "Level changed." });
  },
  get scaleSaved() {
    return translate(
      /*i18n*/ {
        id: "curriculum.scaleSaved",
        message: "New rating scale saved. Earlier ratings keep the words they were given with.",
      },
    );
  },
};
