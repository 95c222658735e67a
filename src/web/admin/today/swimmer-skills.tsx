import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { inLanguage, type PlacementResponse, type ScaleVersion } from "../../../domain/curriculum.ts";
import { isLocale, type Locale } from "../../../domain/locale.ts";
import type { TodayLevelChoice, TodaySkill, TodaySwimmer } from "../../../domain/today.ts";
import { apiFetch } from "../../api/http.ts";

/** The ratings chosen in this lesson and not saved yet: skill id → rating id. */
export type ChosenRatings = Record<number, number>;

function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

/**
 * A swimmer's level on the lesson screen (issue 28): the level with "x of y skills mastered" and a way to change it,
 * then each skill with its latest rating, how long since it was assessed, and the scale as a radio group: one tap
 * picks a rating for this lesson's save, "Leave unrated" takes it back. A rating waiting in the phone's queue shows
 * as not sent yet.
 */
export function SwimmerSkills({
  swimmer,
  name,
  scale,
  levels,
  chosen,
  waiting,
  online,
  onRate,
}: {
  swimmer: TodaySwimmer;
  name: string;
  scale: ScaleVersion;
  levels: TodayLevelChoice[];
  chosen: ChosenRatings;
  /** Ratings of this swimmer in saves kept on the phone, not yet taken by the server: skill id → rating id. */
  waiting: ReadonlyMap<number, number>;
  online: boolean;
  onRate: (skillId: number, ratingId: number | null) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { level } = swimmer;
  // A day kept on the phone from before levels were shown has neither: nothing to show until it loads again.
  if (level === undefined || scale === undefined) return null;
  if (level === null) {
    return <p className="today-level">{t`${name} has passed every level offered.`}</p>;
  }
  const levelName = inLanguage(level.name, level.nameEs, locale);
  const { mastered } = level;
  const ratingWords = (ratingId: number) => {
    const rating = scale.ratings.find((each) => each.id === ratingId);
    return rating ? inLanguage(rating.label, rating.labelEs, locale) : t`a rating`;
  };
  return (
    <div className="today-skills">
      <div className="today-level">
        <p className="today-level__name">
          {t`Level:`} <strong lang="">{levelName}</strong> ·{" "}
          {plural(level.of, {
            one: `${mastered} of # skill mastered`,
            other: `${mastered} of # skills mastered`,
          })}
        </p>
        <LevelChange swimmer={swimmer} name={name} levels={levels} online={online} />
      </div>
      <ul className="today-skills__list" aria-label={t`Skills of ${name}`}>
        {level.skills.map((skill) => (
          <li key={skill.id}>
            <SkillRating
              swimmerId={swimmer.id}
              skill={skill}
              scale={scale}
              chosen={chosen[skill.id] ?? null}
              waiting={waiting.has(skill.id) ? ratingWords(waiting.get(skill.id) as number) : null}
              onRate={(ratingId) => onRate(skill.id, ratingId)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SkillRating({
  swimmerId,
  skill,
  scale,
  chosen,
  waiting,
  onRate,
}: {
  swimmerId: string;
  skill: TodaySkill;
  scale: ScaleVersion;
  chosen: number | null;
  waiting: string | null;
  onRate: (ratingId: number | null) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const skillName = inLanguage(skill.name, skill.nameEs, locale);
  const latest = skill.latest && inLanguage(skill.latest.label, skill.latest.labelEs, locale);
  const since = skill.lessonsSinceAssessed;
  const group = `swimmer-${swimmerId}-skill-${skill.id}`;
  const unrated = t`Leave unrated`;
  return (
    <fieldset className="today-skill">
      <legend>
        <span lang="">{skillName}</span>
        {!skill.required && <span className="today-skill__optional"> {t`(optional)`}</span>}
      </legend>
      <p className="today-skill__latest">
        {latest === null ? (
          t`Not assessed yet`
        ) : (
          <>
            {t`Latest:`} <strong lang="">{latest}</strong>
            {since !== null && since > 0 && (
              <>
                {" · "}
                <span className="today-skill__since">
                  {plural(since, { one: "Not assessed in # lesson", other: "Not assessed in # lessons" })}
                </span>
              </>
            )}
          </>
        )}
      </p>
      {waiting && (
        <p className="today-skill__waiting">
          {t`Not sent yet:`} <strong lang="">{waiting}</strong>
        </p>
      )}
      <div className="today-skill__ratings">
        <label className="today-skill__choice today-skill__choice--none">
          <input
            type="radio"
            name={group}
            checked={chosen === null}
            aria-label={`${skillName}: ${unrated}`}
            onChange={() => onRate(null)}
          />{" "}
          {unrated}
        </label>
        {scale.ratings.map((rating) => {
          const label = inLanguage(rating.label, rating.labelEs, locale);
          return (
            <label key={rating.id} className="today-skill__choice">
              <input
                type="radio"
                name={group}
                value={rating.id}
                checked={chosen === rating.id}
                aria-label={`${skillName}: ${label}`}
                onChange={() => onRate(rating.id)}
              />{" "}
              <span lang="">{label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** "Change level": a level offered, sent at once (it needs signal: a placement is not queued with the saves). */
function LevelChange({
  swimmer,
  name,
  levels,
  online,
}: {
  swimmer: TodaySwimmer;
  name: string;
  levels: TodayLevelChoice[];
  online: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [levelId, setLevelId] = useState(swimmer.level?.id ?? levels[0]?.id ?? 0);
  const [state, setState] = useState<{ busy: boolean; message: string; failed: boolean }>({
    busy: false,
    message: "",
    failed: false,
  });
  const id = `swimmer-${swimmer.id}-level`;

  const change = async () => {
    setState({ busy: true, message: "", failed: false });
    try {
      const answer = await apiFetch<PlacementResponse>(`/api/swimmers/${swimmer.id}/level`, {
        method: "PUT",
        body: { levelId },
      });
      setState({ busy: false, message: answer.message, failed: false });
      await queryClient.invalidateQueries({ queryKey: ["today"] });
    } catch (error) {
      setState({ busy: false, message: (error as Error).message, failed: true });
    }
  };

  return (
    <details className="today-level__change">
      <summary>{t`Change level`}</summary>
      <div className="today-level__form">
        <label htmlFor={id}>{t`New level for ${name}`}</label>
        <select id={id} value={levelId} onChange={(event) => setLevelId(Number(event.target.value))}>
          {levels.map((level) => (
            <option key={level.id} value={level.id} lang="">
              {inLanguage(level.name, level.nameEs, locale)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--ghost"
          disabled={state.busy || !online || levelId === swimmer.level?.id}
          onClick={() => void change()}
        >
          {t`Save level`}
        </button>
        {!online && <p className="today-level__hint">{t`Changing the level needs signal.`}</p>}
        <p
          className={state.failed ? "today-level__hint today-level__hint--error" : "today-level__hint"}
          role={state.failed ? "alert" : "status"}
        >
          {state.message}
        </p>
      </div>
    </details>
  );
}
