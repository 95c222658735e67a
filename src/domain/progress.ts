import {
  type Assessment,
  type Curriculum,
  currentLevelOf,
  latestBySkill,
  levelSkillsOf,
  masteredCount,
  type Rating,
  ratingOf,
  type ScaleVersion,
} from "./curriculum.ts";
import type { Attendance } from "./today.ts";

/**
 * What a guardian sees of their swimmers' skills on /progress (issue 28): the current level, "x of y skills
 * mastered", each skill's latest rating and history, the "practise at home" tips and the recap of the last lesson.
 * Pure: the server reads the rows, this shapes them; the mail of a lesson's feedback uses the same recap.
 */

/** A rating's words in both languages, as it was given (its own scale version). */
export interface RatingWords {
  label: string;
  labelEs: string;
  mastered: boolean;
}

/** An assessment as the progress page reads it: with its author's name. */
export interface AssessmentEntry extends Assessment {
  /** The author's full name; null once their account is gone. */
  byName: string | null;
}

export interface HistoryEntry {
  id: number;
  at: string;
  /** YYYY-MM-DD in the school's time zone. */
  day: string;
  rating: RatingWords;
  /** The instructor's first name; null once their account is gone. */
  by: string | null;
  note: string;
}

export interface SkillProgress {
  skillId: number;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  required: boolean;
  /** Null: not assessed yet. */
  latest: RatingWords | null;
  /** Newest first. */
  history: HistoryEntry[];
}

export interface HomeTip {
  skillId: number;
  name: string;
  nameEs: string;
  tip: string;
  tipEs: string;
}

/** A skill assessed in a lesson: what it was before that lesson and what the lesson made it. */
export interface SkillChange {
  skillId: number;
  name: string;
  nameEs: string;
  /** Null: first assessed in this lesson. */
  before: RatingWords | null;
  after: RatingWords;
}

export interface LessonRecap {
  lessonId: number;
  date: string;
  /** "HH:MM", or null: time not set. */
  startTime: string | null;
  attendance: Attendance | null;
  feedback: string | null;
  skills: SkillChange[];
  /** The lesson's photo of this swimmer, served by the client area's private media routes. */
  photo: { imageUrl: string; thumbnailUrl: string } | null;
}

export interface SwimmerProgress {
  swimmerId: string;
  firstName: string;
  lastName: string;
  /**
   * Whether the school has started this swimmer on the curriculum: placed in a level, assessed, or a level passed.
   * Before that the level shown is only the rule's starting point (the first level), which a parent should not read
   * as the school's choice (an adult is not a water baby).
   */
  started: boolean;
  /** Null: every level offered is passed. */
  level: { id: number; name: string; nameEs: string } | null;
  /** Of the current level's required skills. */
  mastered: { mastered: number; of: number };
  /** The current level's skills, in order. */
  skills: SkillProgress[];
  /** For the skills in progress (assessed, latest not mastered), the most recently assessed first. */
  tips: HomeTip[];
  /** The latest lesson with something recorded for this swimmer; null: none yet. */
  lastLesson: LessonRecap | null;
}

/** GET /api/clients/:clientId/progress */
export interface ProgressResponse {
  swimmers: SwimmerProgress[];
}

/** The first word of a person's name ("Ines" of "Ines Rivera"). */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? "";

const wordsOf = (rating: Rating): RatingWords => ({
  label: rating.label,
  labelEs: rating.labelEs,
  mastered: rating.mastered,
});

/** Later first: the greatest `at`, then the greatest id (the pass rule's order, latestBySkill). */
const newestFirst = (a: Assessment, b: Assessment) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1);

/**
 * The skills assessed in lesson `lessonId` for one swimmer, in the order they were rated: each with the latest
 * rating given in that lesson and the latest given before it elsewhere (a correction within the lesson is not a
 * "before"). `assessments` must hold every assessment of those skills for that swimmer.
 */
export function lessonSkillChanges(
  curriculum: Curriculum,
  scales: readonly ScaleVersion[],
  assessments: readonly Assessment[],
  swimmerId: string,
  lessonId: number,
): SkillChange[] {
  const mine = assessments.filter((each) => each.swimmerId === swimmerId).sort(newestFirst);
  const skills = new Map(curriculum.skills.map((skill) => [skill.id, skill]));
  const changes: (SkillChange & { at: Assessment })[] = [];
  for (const latestInLesson of latestBySkill(
    mine.filter((each) => each.lessonId === lessonId),
    swimmerId,
  ).values()) {
    const skill = skills.get(latestInLesson.skillId);
    const after = ratingOf(latestInLesson, scales);
    if (!skill || !after) continue;
    const previous = mine.find(
      (each) =>
        each.skillId === skill.id && each.lessonId !== lessonId && newestFirst(each, latestInLesson) > 0,
    );
    const before = previous && ratingOf(previous, scales);
    changes.push({
      skillId: skill.id,
      name: skill.name,
      nameEs: skill.nameEs,
      before: before ? wordsOf(before) : null,
      after: wordsOf(after),
      at: latestInLesson,
    });
  }
  return changes.sort((a, b) => newestFirst(b.at, a.at)).map(({ at: _, ...change }) => change);
}

/** What the server read of one swimmer. */
export interface SwimmerRecord {
  swimmerId: string;
  firstName: string;
  lastName: string;
  /** Where staff placed them (swimmer.levelId). */
  placedLevelId: number | null;
  passedLevelIds: readonly number[];
  /**
   * Their assessments: at least the latest of each skill they were assessed on (the level rule reads which), and
   * every one of the skills shown, the current level's and those assessed in `lastLesson` (their histories).
   */
  assessments: readonly AssessmentEntry[];
  /** Their latest recorded lesson, without its skills (read from `assessments`). */
  lastLesson: Omit<LessonRecap, "skills"> | null;
}

/**
 * One swimmer's progress: the current level by THE rule (currentLevelOf), its skills read in their own scales.
 * `dayOf` gives an instant's day in the school's time zone, asked only for the history shown (it is not free).
 */
export function swimmerProgressOf(
  curriculum: Curriculum,
  scales: readonly ScaleVersion[],
  record: SwimmerRecord,
  dayOf: (at: string) => string,
): SwimmerProgress {
  const { swimmerId, assessments } = record;
  const level = currentLevelOf(curriculum, {
    placedLevelId: record.placedLevelId,
    passedLevelIds: record.passedLevelIds,
    assessments,
  });
  const bySkill = new Map<number, AssessmentEntry[]>();
  for (const assessment of [...assessments].sort(newestFirst)) {
    const list = bySkill.get(assessment.skillId);
    if (list) list.push(assessment);
    else bySkill.set(assessment.skillId, [assessment]);
  }
  const skills: SkillProgress[] = [];
  const inProgress: { tip: HomeTip; at: Assessment }[] = [];
  for (const { skill, required } of level ? levelSkillsOf(curriculum, level.id) : []) {
    const history = (bySkill.get(skill.id) ?? []).flatMap((assessment) => {
      const rating = ratingOf(assessment, scales);
      if (!rating) return [];
      return [
        {
          id: assessment.id,
          at: assessment.at,
          day: dayOf(assessment.at),
          rating: wordsOf(rating),
          by: assessment.byName === null ? null : firstNameOf(assessment.byName),
          note: assessment.note,
        },
      ];
    });
    const latest = history[0]?.rating ?? null;
    skills.push({
      skillId: skill.id,
      name: skill.name,
      nameEs: skill.nameEs,
      description: skill.description,
      descriptionEs: skill.descriptionEs,
      required,
      latest,
      history,
    });
    const latestAssessment = bySkill.get(skill.id)?.[0];
    if (latest && !latest.mastered && latestAssessment && skill.homeTip.trim() !== "") {
      inProgress.push({
        tip: {
          skillId: skill.id,
          name: skill.name,
          nameEs: skill.nameEs,
          tip: skill.homeTip,
          tipEs: skill.homeTipEs,
        },
        at: latestAssessment,
      });
    }
  }
  return {
    swimmerId,
    firstName: record.firstName,
    lastName: record.lastName,
    started:
      record.placedLevelId !== null || record.passedLevelIds.length > 0 || record.assessments.length > 0,
    level: level ? { id: level.id, name: level.name, nameEs: level.nameEs } : null,
    mastered: level
      ? masteredCount(curriculum, level.id, swimmerId, assessments, scales)
      : { mastered: 0, of: 0 },
    skills,
    tips: inProgress.sort((a, b) => newestFirst(a.at, b.at)).map(({ tip }) => tip),
    lastLesson: record.lastLesson && {
      ...record.lastLesson,
      skills: lessonSkillChanges(curriculum, scales, assessments, swimmerId, record.lastLesson.lessonId),
    },
  };
}
