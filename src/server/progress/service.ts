import { currentLevelOf, inLanguage, levelSkillsOf } from "../../domain/curriculum.ts";
import type { Locale } from "../../domain/locale.ts";
import { paths } from "../../domain/paths.ts";
import {
  type AssessmentEntry,
  lessonSkillChanges,
  type ProgressResponse,
  type RatingWords,
  type SkillChange,
  swimmerProgressOf,
} from "../../domain/progress.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import type { Config } from "../config.ts";
import {
  assessmentsOfLessonSkills,
  assessmentsOfSkills,
  latestAssessmentsOf,
  passedLevelsOf,
  readCurriculumAndScales,
} from "../curriculum/service.ts";
import type { Db } from "../db/database.ts";
import { fileUrl, lessonPhotosOf } from "../media/service.ts";
import { latestRecordedLessons, placedSwimmersOf } from "./repository.ts";

export interface ProgressDeps {
  db: Db;
  config: Pick<Config, "TZ_SCHOOL">;
}

/**
 * Every swimmer's progress in household `clientId` (the caller checked who may read it). A fixed number of queries
 * whatever the history's length: the swimmers, the curriculum and scales, the latest assessment of each skill, level
 * results, latest recorded lessons and those lessons' photos; then the whole history of the skills the page shows
 * (each swimmer's current level's and last lesson's) and of no other.
 */
export async function householdProgress(deps: ProgressDeps, clientId: string): Promise<ProgressResponse> {
  const { db } = deps;
  const swimmers = await placedSwimmersOf(db, clientId);
  const ids = swimmers.map((swimmer) => swimmer.id);
  const [{ curriculum, scales }, latest, passed, lessons] = await Promise.all([
    readCurriculumAndScales(db),
    latestAssessmentsOf(db, ids),
    passedLevelsOf(db, ids),
    latestRecordedLessons(db, ids),
  ]);
  const passedOf = (swimmerId: string) =>
    passed.filter((each) => each.swimmerId === swimmerId).map((each) => each.levelId);
  const shownHistories = swimmers.flatMap((swimmer) => {
    const mine = latest.filter((each) => each.swimmerId === swimmer.id);
    if (mine.length === 0) return [];
    const level = currentLevelOf(curriculum, {
      placedLevelId: swimmer.levelId,
      passedLevelIds: passedOf(swimmer.id),
      assessments: mine,
    });
    return [
      {
        swimmerId: swimmer.id,
        skillIds: level ? levelSkillsOf(curriculum, level.id).map(({ skill }) => skill.id) : [],
        lessonId: lessons.find((each) => each.swimmerId === swimmer.id)?.lessonId ?? null,
      },
    ];
  });
  const [histories, photos] = await Promise.all([
    assessmentsOfSkills(
      db,
      shownHistories.filter((each) => each.skillIds.length > 0 || each.lessonId !== null),
    ),
    lessonPhotosOf(
      db,
      lessons.map((lesson) => lesson.lessonId),
    ),
  ]);
  // The latest of every skill (the level rule reads which were assessed) and the whole history of those shown.
  const assessmentsOf = (swimmerId: string) => {
    const byId = new Map<number, AssessmentEntry>();
    for (const each of latest) if (each.swimmerId === swimmerId) byId.set(each.id, each);
    for (const each of histories) if (each.swimmerId === swimmerId) byId.set(each.id, each);
    return [...byId.values()];
  };
  const dayOf = (at: string) => dayInZone(new Date(at), deps.config.TZ_SCHOOL);
  return {
    swimmers: swimmers.map((swimmer) => {
      const lesson = lessons.find((each) => each.swimmerId === swimmer.id);
      const photo =
        lesson && photos.find((each) => each.lessonId === lesson.lessonId && each.swimmerId === swimmer.id);
      return swimmerProgressOf(
        curriculum,
        scales,
        {
          swimmerId: swimmer.id,
          firstName: swimmer.firstName,
          lastName: swimmer.lastName,
          placedLevelId: swimmer.levelId,
          passedLevelIds: passedOf(swimmer.id),
          assessments: assessmentsOf(swimmer.id),
          lastLesson: lesson
            ? {
                lessonId: lesson.lessonId,
                date: lesson.date,
                startTime: lesson.startTime,
                attendance: lesson.attendance,
                feedback: lesson.feedback,
                photo: photo
                  ? {
                      imageUrl: fileUrl(photo.clientId, photo.id, "full"),
                      thumbnailUrl: fileUrl(photo.clientId, photo.id, "thumb"),
                    }
                  : null,
              }
            : null,
        },
        dayOf,
      );
    }),
  };
}

/** A feedback text a save wrote: its class and swimmer. */
export interface FeedbackItem {
  lessonId: number;
  swimmerId: string;
}

/** The skills assessed with each feedback text of a mail, to be written in each reader's language. */
export interface LessonSkillsOfMail {
  /** The skills assessed in that class for that swimmer; none when the lesson had none. */
  of(item: FeedbackItem): SkillChange[];
}

/**
 * The skills assessed in the lessons a feedback mail is about, read from the database at queue time (a save that
 * assesses writes its assessments before it queues the mail, in the same transaction).
 */
export async function lessonSkillsOfMail(
  db: Db,
  items: readonly FeedbackItem[],
): Promise<LessonSkillsOfMail> {
  const assessments = await assessmentsOfLessonSkills(
    db,
    [...new Set(items.map((item) => item.lessonId))],
    [...new Set(items.map((item) => item.swimmerId))],
  );
  if (assessments.length === 0) return { of: () => [] };
  const { curriculum, scales } = await readCurriculumAndScales(db);
  return {
    of: (item) => lessonSkillChanges(curriculum, scales, assessments, item.swimmerId, item.lessonId),
  };
}

const wordsIn = (rating: RatingWords, locale: Locale) => inLanguage(rating.label, rating.labelEs, locale);

/**
 * The skills under one feedback text, in the reader's language (called inside inLocale for `locale`), or null when
 * none was assessed: "Skills in this class:" then "- Floating on the back: Progressing (was Introduced)".
 */
export function skillsParagraphOf(changes: readonly SkillChange[], locale: Locale): string | null {
  if (changes.length === 0) return null;
  const heading = translate(
    /*i18n*/ { id: "mails.feedback.skillsHeading", message: "Skills in this class:" },
  );
  return [heading, ...changes.map((change) => `- ${skillLineOf(change, locale)}`)].join("\n");
}

function skillLineOf(change: SkillChange, locale: Locale): string {
  const skill = inLanguage(change.name, change.nameEs, locale);
  const after = wordsIn(change.after, locale);
  if (!change.before || wordsIn(change.before, locale) === after) {
    return translate(
      /*i18n*/ {
        id: "mails.feedback.skillRated",
        message: "{skill}: {rating}",
        values: { skill, rating: after },
      },
    );
  }
  return translate(
    /*i18n*/ {
      id: "mails.feedback.skillChanged",
      message: "{skill}: {rating} (was {before})",
      values: { skill, rating: after, before: wordsIn(change.before, locale) },
    },
  );
}

/** The line that sends the reader to /progress (called inside inLocale). */
export const progressLinkLine = (siteUrl: string): string =>
  translate(
    /*i18n*/ {
      id: "mails.feedback.seeProgress",
      message: "See each skill's history and this week's tips for home on Class Progress: {link}",
      values: { link: `${siteUrl}${paths.progress}` },
    },
  );
