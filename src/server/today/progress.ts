import {
  currentLevelOf,
  latestBySkill,
  levelSkillsOf,
  masteredCount,
  ratingOf,
} from "../../domain/curriculum.ts";
import type { TodaySkill, TodaySwimmerLevel } from "../../domain/today.ts";
import type { SwimmersProgress } from "../curriculum/service.ts";
import type { SwimmerLessonRow } from "./repository.ts";

/**
 * What a lesson on /today shows of each swimmer's progress (issue 28): their current level (currentLevelOf), its
 * skills with their latest ratings, and how many of their lessons went by since each skill was last assessed, so
 * nobody is forgotten. Reads only what was loaded for every swimmer of the day at once (no query per swimmer).
 */

/** Lessons in the order /today lists them: by date, then time, "time to be set" last, then id. */
const orderOf = (lesson: { date: string; startTime: string | null; lessonId: number }) =>
  `${lesson.date} ${lesson.startTime ?? "99:99"} ${String(lesson.lessonId).padStart(10, "0")}`;

/**
 * A lesson in which the skill could have been assessed: attended (present or late), or past and not recorded.
 * One the swimmer missed (absent, cancelled by the school) is no lesson they were forgotten in.
 */
const couldAssess = (lesson: SwimmerLessonRow, today: string) =>
  lesson.attendance === "present" ||
  lesson.attendance === "late" ||
  (lesson.attendance === null && lesson.date < today);

export interface LevelContext {
  progress: SwimmersProgress;
  /** Each swimmer's lessons up to the day's last, in /today's order: lessonsBySwimmer. */
  lessons: ReadonlyMap<string, readonly OrderedLesson[]>;
  /** The school's today. */
  today: string;
  /** The school's day of an ISO moment: where an assessment made outside a lesson falls. */
  dayOf: (iso: string) => string;
}

/** A swimmer's lesson with its place in /today's order (orderOf), worked out once per request. */
export interface OrderedLesson extends SwimmerLessonRow {
  order: string;
}

/** The lessons of every swimmer of the day (each swimmer's once), by swimmer, each with its order. */
export function lessonsBySwimmer(lessons: readonly SwimmerLessonRow[]): Map<string, OrderedLesson[]> {
  const bySwimmer = new Map<string, OrderedLesson[]>();
  for (const lesson of lessons) {
    const ordered = { ...lesson, order: orderOf(lesson) };
    const list = bySwimmer.get(lesson.swimmerId);
    if (list) list.push(ordered);
    else bySwimmer.set(lesson.swimmerId, [ordered]);
  }
  return bySwimmer;
}

export function swimmerLevelIn(
  context: LevelContext,
  swimmerId: string,
  lesson: { id: number; date: string; startTime: string | null },
): TodaySwimmerLevel | null {
  const { progress } = context;
  const { curriculum, scales } = progress;
  const level = currentLevelOf(curriculum, progress.placementOf(swimmerId));
  if (!level) return null;
  const assessments = progress.latestOf(swimmerId);
  const latest = latestBySkill(assessments, swimmerId);
  const mine = context.lessons.get(swimmerId) ?? [];
  const upToThis = orderOf({ ...lesson, lessonId: lesson.id });
  const counted = mine.filter((each) => each.order <= upToThis && couldAssess(each, context.today));

  const lessonsSince = (skillId: number): number | null => {
    const assessment = latest.get(skillId);
    if (!assessment) return null;
    const assessedIn = mine.find((each) => each.lessonId === assessment.lessonId);
    if (assessedIn) return counted.filter((each) => each.order > assessedIn.order).length;
    const assessedOn = context.dayOf(assessment.at);
    return counted.filter((each) => each.date > assessedOn).length;
  };

  const { mastered, of } = masteredCount(curriculum, level.id, swimmerId, assessments, scales);
  return {
    id: level.id,
    name: level.name,
    nameEs: level.nameEs,
    mastered,
    of,
    skills: levelSkillsOf(curriculum, level.id).map(({ skill, required }): TodaySkill => {
      const assessment = latest.get(skill.id);
      const rating = assessment && ratingOf(assessment, scales);
      return {
        id: skill.id,
        name: skill.name,
        nameEs: skill.nameEs,
        required,
        latest:
          assessment && rating
            ? {
                ratingId: rating.id,
                label: rating.label,
                labelEs: rating.labelEs,
                mastered: rating.mastered,
                at: assessment.at,
              }
            : null,
        lessonsSinceAssessed: lessonsSince(skill.id),
      };
    }),
  };
}
