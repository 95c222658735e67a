import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import {
  type CurriculumResponse,
  inLanguage,
  type Level,
  type LevelSkill,
  linksOf,
  type Skill,
} from "../../../domain/curriculum.ts";
import { isLocale, type Locale } from "../../../domain/locale.ts";
import { paths } from "../../../domain/paths.ts";
import { ApiError } from "../../api/http.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { type CurriculumChange, useCurriculum, useCurriculumChange } from "../api/curriculum.ts";
import "./curriculum.css";

/**
 * /curriculum (issue 28, docs/decisions/026), the owner's: the levels in order with their skills; add, rename,
 * reorder (Move up / Move down), retire; the rating scale, saved as a new version. Retired levels and skills are
 * listed under "Retired": nothing is deleted.
 */
export function CurriculumPage() {
  const curriculum = useCurriculum();
  return (
    <section className="admin-page curriculum">
      <h1>
        <Trans>Curriculum</Trans>
      </h1>
      <p className="booking-hint">
        <Trans>
          Levels in the order swimmers take them, each with its skills. A swimmer passes a level when every
          required skill is mastered on its latest rating. Write each text in English and, when you can, in
          Spanish; an empty Spanish text shows the English one.
        </Trans>
      </p>
      <p className="booking-hint">
        <Trans>
          The certificates and report cards of the levels swimmers passed are on{" "}
          <Link to={paths.certificates}>Certificates</Link>, where you approve them.
        </Trans>
      </p>
      {curriculum.isPending ? (
        <p role="status">
          <Trans>Loading the curriculum…</Trans>
        </p>
      ) : curriculum.isError ? (
        <p className="admin-form__error" role="alert">
          <Trans>The curriculum could not be loaded. Reload the page to try again.</Trans>
        </p>
      ) : (
        <CurriculumEditor curriculum={curriculum.data} />
      )}
    </section>
  );
}

/** Runs one change, says what happened, and puts focus back where the keyboard was (a moved row's button). */
function useChange() {
  const { t } = useLingui();
  const toast = useToast();
  const change = useCurriculumChange();
  /** `focusIds`: the first of these buttons still enabled after the change gets the focus. */
  async function run(request: CurriculumChange, focusIds: string[] = []): Promise<boolean> {
    try {
      const answer = await change.mutateAsync(request);
      toast("success", answer.message);
      if (focusIds.length > 0) focusOnceEnabled(focusIds);
      return true;
    } catch (caught) {
      const refused = caught instanceof ApiError && caught.status < 500;
      if (!refused) console.error("Curriculum change failed", caught);
      toast("error", refused ? caught.message : t`The change could not be saved. Please try again.`);
      return false;
    }
  }
  return { run, pending: change.isPending };
}

/**
 * Focuses the first of these buttons that is enabled, waiting a frame at a time (up to about two seconds): the row's
 * buttons stay disabled until the change has settled, and a focused button that becomes disabled loses the focus.
 */
function focusOnceEnabled(ids: string[], framesLeft = 120): void {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const button = document.getElementById(id);
      if (button instanceof HTMLButtonElement && !button.disabled) {
        button.focus();
        return;
      }
    }
    if (framesLeft > 0) focusOnceEnabled(ids, framesLeft - 1);
  });
}

/** Move up / Move down: after the move, focus stays on the same button, or its pair at either end of the list. */
const moveFocus = (prefix: string, direction: "up" | "down") => [
  `${prefix}-${direction}`,
  `${prefix}-${direction === "up" ? "down" : "up"}`,
];

function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : "en";
}

function CurriculumEditor({ curriculum }: { curriculum: CurriculumResponse }) {
  const levels = curriculum.levels.filter((level) => level.retiredAt === null);
  const retiredLevels = curriculum.levels.filter((level) => level.retiredAt !== null);
  const retiredSkills = curriculum.skills.filter((skill) => skill.retiredAt !== null);
  const locale = useLocale();
  const levelsHeading = useId();
  const retiredHeading = useId();
  return (
    <>
      <section aria-labelledby={levelsHeading}>
        <h2 id={levelsHeading}>
          <Trans>Levels</Trans>
        </h2>
        {levels.length === 0 ? (
          <p>
            <Trans>No levels yet: add the first one below.</Trans>
          </p>
        ) : (
          <ol className="curriculum__levels">
            {levels.map((level, index) => (
              <LevelCard
                key={level.id}
                level={level}
                curriculum={curriculum}
                first={index === 0}
                last={index === levels.length - 1}
              />
            ))}
          </ol>
        )}
        <AddLevel />
      </section>
      <ScaleEditor curriculum={curriculum} />
      <section aria-labelledby={retiredHeading}>
        <h2 id={retiredHeading}>
          <Trans>Retired</Trans>
        </h2>
        {retiredLevels.length === 0 && retiredSkills.length === 0 ? (
          <p>
            <Trans>Nothing retired. A retired level or skill stays here with its history.</Trans>
          </p>
        ) : (
          <ul className="curriculum__retired" aria-labelledby={retiredHeading}>
            {retiredLevels.map((level) => {
              const levelName = inLanguage(level.name, level.nameEs, locale);
              return (
                <li key={`level-${level.id}`}>
                  <Trans>Level: {levelName}</Trans>
                </li>
              );
            })}
            {retiredSkills.map((skill) => {
              const skillName = inLanguage(skill.name, skill.nameEs, locale);
              return (
                <li key={`skill-${skill.id}`}>
                  <Trans>Skill: {skillName}</Trans>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}

function LevelCard({
  level,
  curriculum,
  first,
  last,
}: {
  level: Level;
  curriculum: CurriculumResponse;
  first: boolean;
  last: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { run, pending } = useChange();
  const [editing, setEditing] = useState<"level" | "add-skill" | null>(null);
  const headingId = useId();
  const name = inLanguage(level.name, level.nameEs, locale);
  const skills = new Map(curriculum.skills.map((skill) => [skill.id, skill]));
  const links = linksOf(curriculum, level.id).filter((link) => skills.get(link.skillId)?.retiredAt === null);
  const move = (direction: "up" | "down") =>
    run(
      { method: "POST", path: `/levels/${level.id}/move`, body: { direction } },
      moveFocus(`level-${level.id}`, direction),
    );
  return (
    <li className="curriculum-level" aria-labelledby={headingId}>
      <div className="curriculum-level__head">
        <h3 id={headingId}>{name}</h3>
        {level.description && (
          <p className="booking-hint">{inLanguage(level.description, level.descriptionEs, locale)}</p>
        )}
      </div>
      <div className="curriculum__actions">
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-expanded={editing === "level"}
          aria-label={t`Rename level ${name}`}
          onClick={() => setEditing(editing === "level" ? null : "level")}
        >
          <Trans>Rename</Trans>
        </button>
        <MoveButtons
          idPrefix={`level-${level.id}`}
          labels={{ up: t`Move up level ${name}`, down: t`Move down level ${name}` }}
          first={first}
          last={last}
          pending={pending}
          onMove={move}
        />
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={t`Retire level ${name}`}
          disabled={pending}
          onClick={() => run({ method: "POST", path: `/levels/${level.id}/retire` })}
        >
          <Trans>Retire</Trans>
        </button>
      </div>
      {editing === "level" && (
        <TextsForm
          texts={level}
          withTip={false}
          submitLabel={t`Save Level`}
          onSubmit={async (texts) => {
            if (await run({ method: "PATCH", path: `/levels/${level.id}`, body: texts })) setEditing(null);
          }}
        />
      )}
      {links.length === 0 ? (
        <p>
          <Trans>No skills in this level yet.</Trans>
        </p>
      ) : (
        <ol className="curriculum__skills" aria-label={t`Skills of ${name}`}>
          {links.map((link, index) => (
            <SkillRow
              key={link.skillId}
              level={level}
              link={link}
              skill={skills.get(link.skillId) as Skill}
              first={index === 0}
              last={index === links.length - 1}
            />
          ))}
        </ol>
      )}
      {editing === "add-skill" ? (
        <TextsForm
          texts={null}
          withTip
          submitLabel={t`Add Skill`}
          onSubmit={async (texts) => {
            if (await run({ method: "POST", path: "/skills", body: { ...texts, levelId: level.id } }))
              setEditing(null);
          }}
        />
      ) : (
        <button
          type="button"
          className="admin-button admin-button--small"
          aria-label={t`Add a skill to ${name}`}
          onClick={() => setEditing("add-skill")}
        >
          <Trans>Add a skill</Trans>
        </button>
      )}
      <LinkExistingSkill level={level} name={name} curriculum={curriculum} />
    </li>
  );
}

/** A skill already in another level, added to this one too: its ratings count in both. */
function LinkExistingSkill({
  level,
  name,
  curriculum,
}: {
  level: Level;
  name: string;
  curriculum: CurriculumResponse;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { run, pending } = useChange();
  const selectId = useId();
  const inLevel = new Set(linksOf(curriculum, level.id).map((link) => link.skillId));
  const others = curriculum.skills.filter((skill) => skill.retiredAt === null && !inLevel.has(skill.id));
  if (others.length === 0) return null;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const skillId = Number(new FormData(form).get("skillId"));
    if (!skillId) return;
    if (await run({ method: "PUT", path: `/levels/${level.id}/skills/${skillId}`, body: { required: true } }))
      form.reset();
  }
  return (
    <form className="curriculum__link" onSubmit={submit}>
      <div className="field">
        <label htmlFor={selectId}>
          <Trans>Add a skill of another level to {name}</Trans>
        </label>
        <select id={selectId} name="skillId" defaultValue="">
          <option value="" disabled>
            {t`Choose a skill`}
          </option>
          {others.map((skill) => (
            <option key={skill.id} value={skill.id}>
              {inLanguage(skill.name, skill.nameEs, locale)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="admin-button admin-button--small admin-button--secondary"
        disabled={pending}
      >
        <Trans>Add to level</Trans>
      </button>
    </form>
  );
}

/** A level's or a skill's Move up / Move down: their ids are the ones focusOnceEnabled looks for after a move. */
function MoveButtons({
  idPrefix,
  labels,
  first,
  last,
  pending,
  onMove,
}: {
  idPrefix: string;
  labels: { up: string; down: string };
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: "up" | "down") => void;
}) {
  return (
    <>
      <button
        id={`${idPrefix}-up`}
        type="button"
        className="admin-button admin-button--small admin-button--secondary"
        aria-label={labels.up}
        disabled={first || pending}
        onClick={() => onMove("up")}
      >
        <Trans>Move up</Trans>
      </button>
      <button
        id={`${idPrefix}-down`}
        type="button"
        className="admin-button admin-button--small admin-button--secondary"
        aria-label={labels.down}
        disabled={last || pending}
        onClick={() => onMove("down")}
      >
        <Trans>Move down</Trans>
      </button>
    </>
  );
}

function SkillRow({
  level,
  link,
  skill,
  first,
  last,
}: {
  level: Level;
  link: LevelSkill;
  skill: Skill;
  first: boolean;
  last: boolean;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const { run, pending } = useChange();
  const [editing, setEditing] = useState(false);
  const name = inLanguage(skill.name, skill.nameEs, locale);
  const move = (direction: "up" | "down") =>
    run(
      { method: "POST", path: `/levels/${level.id}/skills/${skill.id}/move`, body: { direction } },
      moveFocus(`skill-${level.id}-${skill.id}`, direction),
    );
  const description = inLanguage(skill.description, skill.descriptionEs, locale);
  const tip = inLanguage(skill.homeTip, skill.homeTipEs, locale);
  return (
    <li className="curriculum-skill">
      <div>
        <strong>{name}</strong>
        {!link.required && (
          <span className="curriculum-skill__optional">
            {" "}
            <Trans>(optional)</Trans>
          </span>
        )}
        {description && <p>{description}</p>}
        {tip && (
          <p className="booking-hint">
            <Trans>At home: {tip}</Trans>
          </p>
        )}
      </div>
      <div className="curriculum__actions">
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-expanded={editing}
          aria-label={t`Rename skill ${name}`}
          onClick={() => setEditing(!editing)}
        >
          <Trans>Rename</Trans>
        </button>
        <MoveButtons
          idPrefix={`skill-${level.id}-${skill.id}`}
          labels={{ up: t`Move up skill ${name}`, down: t`Move down skill ${name}` }}
          first={first}
          last={last}
          pending={pending}
          onMove={move}
        />
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={link.required ? t`Make ${name} optional` : t`Make ${name} required`}
          disabled={pending}
          onClick={() =>
            run({
              method: "PUT",
              path: `/levels/${level.id}/skills/${skill.id}`,
              body: { required: !link.required },
            })
          }
        >
          {link.required ? <Trans>Make optional</Trans> : <Trans>Make required</Trans>}
        </button>
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={t`Remove ${name} from this level`}
          disabled={pending}
          onClick={() => run({ method: "DELETE", path: `/levels/${level.id}/skills/${skill.id}` })}
        >
          <Trans>Remove from level</Trans>
        </button>
        <button
          type="button"
          className="admin-button admin-button--small admin-button--secondary"
          aria-label={t`Retire skill ${name}`}
          disabled={pending}
          onClick={() => run({ method: "POST", path: `/skills/${skill.id}/retire` })}
        >
          <Trans>Retire</Trans>
        </button>
      </div>
      {editing && (
        <TextsForm
          texts={skill}
          withTip
          submitLabel={t`Save Skill`}
          onSubmit={async (texts) => {
            if (await run({ method: "PATCH", path: `/skills/${skill.id}`, body: texts })) setEditing(false);
          }}
        />
      )}
    </li>
  );
}

interface Texts {
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  homeTip?: string;
  homeTipEs?: string;
}

/** A level's or skill's texts, English and Spanish side by side (one column on a phone). */
function TextsForm({
  texts,
  withTip,
  submitLabel,
  onSubmit,
}: {
  texts: Partial<Texts> | null;
  withTip: boolean;
  submitLabel: string;
  onSubmit: (texts: Texts) => Promise<void>;
}) {
  const { t } = useLingui();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const fields: { name: keyof Texts; label: string; long?: boolean }[] = [
    { name: "name", label: t`Name (English)` },
    { name: "nameEs", label: t`Name (Spanish)` },
    { name: "description", label: t`Description (English)`, long: true },
    { name: "descriptionEs", label: t`Description (Spanish)`, long: true },
    ...(withTip
      ? [
          { name: "homeTip" as const, label: t`Practise at home (English)`, long: true },
          { name: "homeTipEs" as const, label: t`Practise at home (Spanish)`, long: true },
        ]
      : []),
  ];
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "").trim();
    setSaving(true);
    try {
      await onSubmit({
        name: value("name"),
        nameEs: value("nameEs"),
        description: value("description"),
        descriptionEs: value("descriptionEs"),
        ...(withTip ? { homeTip: value("homeTip"), homeTipEs: value("homeTipEs") } : {}),
      });
    } finally {
      setSaving(false);
    }
  }
  return (
    <form className="admin-form curriculum__form" onSubmit={submit} noValidate>
      {fields.map((field) => (
        <div className="field" key={field.name}>
          <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
          {field.long ? (
            <textarea
              id={`${id}-${field.name}`}
              name={field.name}
              rows={2}
              maxLength={500}
              defaultValue={texts?.[field.name] ?? ""}
            />
          ) : (
            <input
              id={`${id}-${field.name}`}
              name={field.name}
              maxLength={80}
              required={field.name === "name"}
              autoComplete="off"
              defaultValue={texts?.[field.name] ?? ""}
            />
          )}
        </div>
      ))}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={saving}>
          {saving ? t`Saving…` : submitLabel}
        </button>
      </div>
    </form>
  );
}

function AddLevel() {
  const { t } = useLingui();
  const { run } = useChange();
  const [open, setOpen] = useState(false);
  return open ? (
    <TextsForm
      texts={null}
      withTip={false}
      submitLabel={t`Add Level`}
      onSubmit={async (texts) => {
        if (await run({ method: "POST", path: "/levels", body: texts })) setOpen(false);
      }}
    />
  ) : (
    <button type="button" className="admin-button" onClick={() => setOpen(true)}>
      <Trans>Add a level</Trans>
    </button>
  );
}

interface DraftRating {
  key: number;
  label: string;
  labelEs: string;
  mastered: boolean;
}

/** The current rating scale; saving writes a new version, and earlier ratings keep the words they were given with. */
function ScaleEditor({ curriculum }: { curriculum: CurriculumResponse }) {
  const { t } = useLingui();
  const { run, pending } = useChange();
  const headingId = useId();
  const id = useId();
  const [draft, setDraft] = useState<DraftRating[] | null>(null);
  const ratings = [...curriculum.scale.ratings].sort((a, b) => a.position - b.position);
  const version = curriculum.scale.version;
  const locale = useLocale();
  const startEditing = () => setDraft(ratings.map((rating) => ({ key: rating.id, ...rating })));
  const update = (key: number, patch: Partial<DraftRating>) =>
    setDraft((rows) =>
      (rows ?? []).map((row) =>
        row.key === key ? { ...row, ...patch } : patch.mastered ? { ...row, mastered: false } : row,
      ),
    );
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!draft) return;
    const body = { ratings: draft.map(({ label, labelEs, mastered }) => ({ label, labelEs, mastered })) };
    if (await run({ method: "POST", path: "/scale", body })) setDraft(null);
  }
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Rating scale (version {version})</Trans>
      </h2>
      {draft === null ? (
        <>
          <ol className="curriculum__scale">
            {ratings.map((rating) => (
              <li key={rating.id}>
                {inLanguage(rating.label, rating.labelEs, locale)}
                {rating.mastered && (
                  <strong>
                    {" "}
                    <Trans>(mastered)</Trans>
                  </strong>
                )}
              </li>
            ))}
          </ol>
          <button type="button" className="admin-button admin-button--secondary" onClick={startEditing}>
            <Trans>Edit the scale</Trans>
          </button>
        </>
      ) : (
        <form className="admin-form" onSubmit={save} noValidate>
          <p className="booking-hint">
            <Trans>
              Saving makes a new version of the scale. Ratings given before keep the words of their version.
              Mark the one rating that means mastered.
            </Trans>
          </p>
          <fieldset className="curriculum__scale-rows">
            <legend>
              <Trans>Ratings, lowest first</Trans>
            </legend>
            {draft.map((row, index) => {
              const number = index + 1;
              return (
                <div className="curriculum__scale-row" key={row.key}>
                  <div className="field">
                    <label htmlFor={`${id}-${row.key}-label`}>{t`Rating ${number} (English)`}</label>
                    <input
                      id={`${id}-${row.key}-label`}
                      value={row.label}
                      maxLength={80}
                      required
                      onChange={(event) => update(row.key, { label: event.target.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-${row.key}-labelEs`}>{t`Rating ${number} (Spanish)`}</label>
                    <input
                      id={`${id}-${row.key}-labelEs`}
                      value={row.labelEs}
                      maxLength={80}
                      onChange={(event) => update(row.key, { labelEs: event.target.value })}
                    />
                  </div>
                  <label className="curriculum__mastered">
                    <input
                      type="radio"
                      name={`${id}-mastered`}
                      checked={row.mastered}
                      onChange={() => update(row.key, { mastered: true })}
                    />{" "}
                    <Trans>Mastered</Trans>
                  </label>
                  <button
                    type="button"
                    className="admin-button admin-button--small admin-button--secondary"
                    aria-label={t`Remove rating ${number}`}
                    disabled={draft.length <= 2}
                    onClick={() => setDraft(draft.filter((each) => each.key !== row.key))}
                  >
                    <Trans>Remove</Trans>
                  </button>
                </div>
              );
            })}
          </fieldset>
          <div className="admin-form__actions">
            <button
              type="button"
              className="admin-button admin-button--secondary"
              disabled={draft.length >= 8}
              onClick={() =>
                setDraft([...draft, { key: -Date.now(), label: "", labelEs: "", mastered: false }])
              }
            >
              <Trans>Add a rating</Trans>
            </button>
            <button
              type="button"
              className="admin-button admin-button--secondary"
              onClick={() => setDraft(null)}
            >
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="admin-button" disabled={pending}>
              {pending ? t`Saving…` : t`Save as a New Version`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
