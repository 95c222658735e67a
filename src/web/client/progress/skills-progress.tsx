import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { inLanguage } from "../../../domain/curriculum.ts";
import { formatLessonTime } from "../../../domain/lesson-schedule.ts";
import { isLocale, type Locale } from "../../../domain/locale.ts";
import type { LessonRecap, RatingWords, SkillProgress, SwimmerProgress } from "../../../domain/progress.ts";
import { formatDay } from "../../../domain/school-day.ts";
import type { Attendance } from "../../../domain/today.ts";
import { ListState } from "../../components/list-state.tsx";
import { useHouseholdProgress } from "./api.ts";

function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/**
 * The Skills section of /progress (issue 28): for the swimmer shown (or each, when the switch says all), the current
 * level, "x of y skills mastered", each skill's latest rating with its history, this week's tips for home and the
 * recap of the last class. The school's own texts (levels, skills, ratings) read in the page's language.
 */
export function SkillsProgress({ clientId, swimmerId }: { clientId: string; swimmerId: string | null }) {
  const { t } = useLingui();
  const query = useHouseholdProgress(clientId);
  const data = query.data;
  const shown = data?.swimmers.filter((swimmer) => swimmerId === null || swimmer.swimmerId === swimmerId);
  return (
    <section className="skills" aria-labelledby="progress-skills-title">
      <h2 id="progress-skills-title">
        <Trans>Skills</Trans>
      </h2>
      {!data || query.isError ? (
        <ListState
          what={t`the skills`}
          loadingClassName="skills__loading"
          isError={query.isError}
          error={query.error}
          loaded={data !== undefined}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <div className="skills__swimmers">
          {shown?.map((swimmer) => (
            <SwimmerSkills key={swimmer.swimmerId} swimmer={swimmer} />
          ))}
        </div>
      )}
    </section>
  );
}

function SwimmerSkills({ swimmer }: { swimmer: SwimmerProgress }) {
  const locale = useLocale();
  const titleId = useId();
  const assessed = swimmer.skills.some((skill) => skill.history.length > 0);
  const levelName = swimmer.level && inLanguage(swimmer.level.name, swimmer.level.nameEs, locale);
  const firstName = swimmer.firstName;
  return (
    <article className="skills__swimmer" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {swimmer.firstName} {swimmer.lastName}
      </h3>
      {!swimmer.started ? (
        <div className="skills__empty">
          <p className="skills__empty-title">
            <Trans>No skills assessed yet</Trans>
          </p>
          <p>
            <Trans>
              The instructor chooses {firstName}'s level at the first class: its skills, their ratings and
              tips to practise at home show here after the class.
            </Trans>
          </p>
        </div>
      ) : levelName !== null ? (
        <>
          <p className="skills__level">
            <Trans>
              Level: <strong>{levelName}</strong>
            </Trans>
          </p>
          <MasteredBar mastered={swimmer.mastered.mastered} of={swimmer.mastered.of} />
          {assessed ? (
            <SkillList skills={swimmer.skills} />
          ) : (
            <div className="skills__empty">
              <p className="skills__empty-title">
                <Trans>No skills assessed yet</Trans>
              </p>
              <p>
                <Trans>
                  Your instructor rates each skill of this level during class: the ratings and tips to
                  practise at home show here after the class.
                </Trans>
              </p>
            </div>
          )}
        </>
      ) : (
        <div className="skills__empty">
          <p className="skills__empty-title">
            <Trans>Every level passed</Trans>
          </p>
          <p>
            <Trans>{firstName} has passed every level the school teaches. Congratulations!</Trans>
          </p>
        </div>
      )}
      <HomeTips swimmer={swimmer} />
      {swimmer.lastLesson && <LastClass recap={swimmer.lastLesson} firstName={swimmer.firstName} />}
    </article>
  );
}

function MasteredBar({ mastered, of }: { mastered: number; of: number }) {
  const { t } = useLingui();
  const textId = useId();
  return (
    <div className="skills__mastered">
      <p id={textId} className="skills__mastered-text">
        {t`${mastered} of ${plural(of, { one: "# skill", other: "# skills" })} mastered`}
      </p>
      <progress className="skills__bar" aria-labelledby={textId} value={mastered} max={Math.max(of, 1)} />
    </div>
  );
}

function RatingBadge({ rating }: { rating: RatingWords | null }) {
  const locale = useLocale();
  if (!rating) {
    return (
      <span className="skills__rating skills__rating--none">
        <Trans>Not assessed yet</Trans>
      </span>
    );
  }
  return (
    <span className={`skills__rating${rating.mastered ? " skills__rating--mastered" : ""}`}>
      {inLanguage(rating.label, rating.labelEs, locale)}
    </span>
  );
}

function SkillList({ skills }: { skills: SkillProgress[] }) {
  const { t } = useLingui();
  return (
    <ol className="skills__list" aria-label={t`Skills of this level`}>
      {skills.map((skill) => (
        <SkillItem key={skill.skillId} skill={skill} />
      ))}
    </ol>
  );
}

function SkillItem({ skill }: { skill: SkillProgress }) {
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const historyId = useId();
  const name = inLanguage(skill.name, skill.nameEs, locale);
  const description = inLanguage(skill.description, skill.descriptionEs, locale);
  return (
    <li className="skills__skill">
      <div className="skills__skill-head">
        <span className="skills__skill-name">
          {name}
          {!skill.required && (
            <span className="skills__optional">
              {" "}
              <Trans>(optional)</Trans>
            </span>
          )}
        </span>
        <RatingBadge rating={skill.latest} />
      </div>
      {description && <p className="skills__description">{description}</p>}
      {skill.history.length > 0 && (
        <>
          <button
            type="button"
            className="skills__history-toggle"
            aria-expanded={open}
            aria-controls={historyId}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? <Trans>Hide history</Trans> : <Trans>Show history</Trans>}
            <span className="visually-hidden">
              {" "}
              <Trans>of {name}</Trans>
            </span>
          </button>
          <ol id={historyId} className="skills__history" hidden={!open}>
            {skill.history.map(({ id, day, rating, by, note }) => (
              <li key={id}>
                <time dateTime={day}>{formatDay(day, { dateStyle: "medium" })}</time>{" "}
                <RatingBadge rating={rating} />
                {by && (
                  <span className="skills__by">
                    {" "}
                    <Trans>by {by}</Trans>
                  </span>
                )}
                {note && <p className="skills__note">{note}</p>}
              </li>
            ))}
          </ol>
        </>
      )}
    </li>
  );
}

function HomeTips({ swimmer }: { swimmer: SwimmerProgress }) {
  const locale = useLocale();
  const titleId = useId();
  if (swimmer.tips.length === 0) return null;
  return (
    <section className="skills__tips" aria-labelledby={titleId}>
      <h4 id={titleId}>
        <Trans>Practise at home this week</Trans>
      </h4>
      <ul>
        {swimmer.tips.map((tip) => (
          <li key={tip.skillId}>
            <strong>{inLanguage(tip.name, tip.nameEs, locale)}:</strong>{" "}
            {inLanguage(tip.tip, tip.tipEs, locale)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function AttendanceWords({ attendance }: { attendance: Attendance }) {
  switch (attendance) {
    case "present":
      return <Trans>Present</Trans>;
    case "late":
      return <Trans>Late</Trans>;
    case "absent":
      return <Trans>Absent</Trans>;
    case "cancelled-by-school":
      return <Trans>Cancelled by the school</Trans>;
  }
}

function LastClass({ recap, firstName }: { recap: LessonRecap; firstName: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const titleId = useId();
  const day = formatDay(recap.date, { dateStyle: "full" });
  return (
    <section className="skills__recap" aria-labelledby={titleId}>
      <h4 id={titleId}>
        <Trans>After the last class</Trans>
      </h4>
      <div className="skills__recap-body">
        <div>
          <p className="skills__recap-when">
            <time dateTime={recap.date}>{day}</time> · {formatLessonTime(recap.startTime)}
          </p>
          {recap.attendance && (
            <p>
              <Trans>Attendance:</Trans> <AttendanceWords attendance={recap.attendance} />
            </p>
          )}
          {recap.feedback && <blockquote className="skills__feedback">{recap.feedback}</blockquote>}
          {recap.skills.length > 0 && (
            <ul className="skills__changes" aria-label={t`Skills assessed in this class`}>
              {recap.skills.map((change) => {
                const name = inLanguage(change.name, change.nameEs, locale);
                const after = inLanguage(change.after.label, change.after.labelEs, locale);
                const before =
                  change.before && inLanguage(change.before.label, change.before.labelEs, locale);
                return (
                  <li key={change.skillId}>
                    <strong>{name}:</strong>{" "}
                    {before && before !== after ? (
                      <Trans>
                        {after} (was {before})
                      </Trans>
                    ) : (
                      after
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {recap.photo && (
          <a className="skills__photo" href={recap.photo.imageUrl} target="_blank" rel="noreferrer">
            <img
              src={recap.photo.thumbnailUrl}
              alt={t`${firstName} in the class of ${day}`}
              width={160}
              height={120}
              loading="lazy"
              decoding="async"
            />
          </a>
        )}
      </div>
    </section>
  );
}
