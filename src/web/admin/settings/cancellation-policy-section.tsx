import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useId, useState } from "react";
import {
  type CancellationPolicy,
  type CreditHolder,
  creditHolders,
  type LateCancellationCost,
  lateCancellationCosts,
  type PolicyVersion,
  policyLimits,
  policyWords,
} from "../../../domain/policy.ts";
import { cancellationPolicySchema } from "../../../domain/policy-schemas.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { usePolicy, useSavePolicy } from "../../api/policy.ts";
import { useToast } from "../../components/toast/toast.tsx";
import { SettingsSection } from "./switch-setting-section.tsx";

/** A number field as typed: kept as text so a half-typed value is not lost; an empty field is no number at all. */
type Draft = Omit<
  CancellationPolicy,
  "noticeHours" | "reschedulesPerPackage" | "creditExpiryDays" | "weatherNoticeHours"
> &
  Record<"noticeHours" | "reschedulesPerPackage" | "creditExpiryDays" | "weatherNoticeHours", string>;

const draftOf = (policy: CancellationPolicy): Draft => ({
  ...policy,
  noticeHours: String(policy.noticeHours),
  reschedulesPerPackage: String(policy.reschedulesPerPackage),
  creditExpiryDays: String(policy.creditExpiryDays),
  weatherNoticeHours: String(policy.weatherNoticeHours),
});
const numberOf = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));
const policyOf = (draft: Draft) => ({
  ...draft,
  noticeHours: numberOf(draft.noticeHours),
  reschedulesPerPackage: numberOf(draft.reschedulesPerPackage),
  creditExpiryDays: numberOf(draft.creditExpiryDays),
  weatherNoticeHours: numberOf(draft.weatherNoticeHours),
});

/** A choice's options in the domain's order, each with its label. */
const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/**
 * School settings' "Cancellation policy" (issue 29, docs/decisions/029): its own form and Save, with the plain words
 * families will read, previewed as the owner types (the same policyWords /payments and the reminder mail use).
 * Each save is a new version; lessons booked before keep theirs.
 */
export function CancellationPolicySection() {
  const { t } = useLingui();
  const policy = usePolicy();
  return (
    <SettingsSection id="cancellation-policy" title={t`Cancellation policy`}>
      <p className="school-settings__hint">
        <Trans>
          What a family's cancellation leads to, shown to families on Payments and in the reminder before each
          class. A change applies to classes booked from then on; classes already booked keep the policy they
          were booked under.
        </Trans>
      </p>
      {policy.isError ? (
        <p className="field__error" role="alert">
          {t`Could not load the cancellation policy.`} {errorMessageOf(policy.error)}
        </p>
      ) : policy.data === undefined ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <PolicyForm key={policy.data.version} saved={policy.data} />
      )}
    </SettingsSection>
  );
}

function PolicyForm({ saved }: { saved: PolicyVersion }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSavePolicy();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved.policy));
  const [errors, setErrors] = useState<Partial<Record<keyof CancellationPolicy, string>>>({});
  const checked = cancellationPolicySchema.safeParse(policyOf(draft));
  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [field]: value }));
  const inputId = (field: keyof CancellationPolicy) => `${id}-${field}`;

  const refuse = (found: Partial<Record<keyof CancellationPolicy, string>>) => {
    setErrors(found);
    const first = Object.keys(found)[0] as keyof CancellationPolicy | undefined;
    if (first) document.getElementById(inputId(first))?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!checked.success) {
      const found: Partial<Record<keyof CancellationPolicy, string>> = {};
      for (const issue of checked.error.issues)
        found[issue.path[0] as keyof CancellationPolicy] ??= issue.message;
      refuse(found);
      return;
    }
    try {
      const answer = await save.mutateAsync(checked.data);
      setErrors({});
      toast("success", answer.message ?? t`Cancellation policy saved.`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.field) refuse({ [caught.field]: caught.message });
      else toast("error", errorMessageOf(caught));
    }
  }

  const hours = (
    field: "noticeHours" | "weatherNoticeHours" | "reschedulesPerPackage" | "creditExpiryDays",
    label: string,
    hint: string,
  ) => (
    <div className="field">
      <label htmlFor={inputId(field)}>{label}</label>
      <input
        id={inputId(field)}
        type="number"
        inputMode="numeric"
        min={policyLimits[field].min}
        max={policyLimits[field].max}
        step={1}
        value={draft[field]}
        onChange={(event) => set(field)(event.currentTarget.value)}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={`${inputId(field)}-hint${errors[field] ? ` ${inputId(field)}-error` : ""}`}
      />
      <p id={`${inputId(field)}-hint`} className="school-settings__hint">
        {hint}
      </p>
      {errors[field] && (
        <p id={`${inputId(field)}-error`} className="field__error">
          {errors[field]}
        </p>
      )}
    </div>
  );

  const choice = <T extends string>(
    field: "lateCancellation" | "creditsSharedBy",
    legend: string,
    options: readonly { value: T; label: string }[],
  ) => (
    <fieldset className="policy-form__choice" id={inputId(field)} tabIndex={-1}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="swimmer-fields__check">
          <input
            type="radio"
            name={inputId(field)}
            value={option.value}
            checked={draft[field] === option.value}
            onChange={() => set(field)(option.value as never)}
          />
          {option.label}
        </label>
      ))}
      {errors[field] && <p className="field__error">{errors[field]}</p>}
    </fieldset>
  );

  return (
    <form className="policy-form" onSubmit={onSubmit} noValidate>
      <div className="admin-form">
        {hours(
          "noticeHours",
          t`Notice for a free cancellation (hours)`,
          t`Cancelled at least this long before the class's start, the family gets a credit.`,
        )}
        {choice(
          "lateCancellation",
          t`A later cancellation`,
          optionsOf<LateCancellationCost>(lateCancellationCosts, {
            "class-used": t`The class counts as used`,
            credit: t`A credit is still given`,
          }),
        )}
        {hours(
          "reschedulesPerPackage",
          t`Reschedules per package`,
          t`How many classes of one package a family may move to another time.`,
        )}
        {hours("creditExpiryDays", t`Credits valid for (days)`, t`Counted from the day the credit is given.`)}
        {choice(
          "creditsSharedBy",
          t`Credits can be used`,
          optionsOf<CreditHolder>(creditHolders, {
            household: t`By any swimmer of the household`,
            swimmer: t`Only by the swimmer whose class was cancelled`,
          }),
        )}
        {hours(
          "weatherNoticeHours",
          t`Notice for a family's weather cancellation (hours)`,
          t`Shorter than the usual notice. When the school cancels for the weather, families always get a credit.`,
        )}
      </div>
      <section className="policy-form__preview" aria-labelledby={`${id}-preview`} aria-live="polite">
        <h3 id={`${id}-preview`}>
          <Trans>What families read</Trans>
        </h3>
        {checked.success ? (
          <ul>
            {policyWords(checked.data).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        ) : (
          <p>
            <Trans>The preview shows once every field is valid.</Trans>
          </p>
        )}
      </section>
      <p className="school-settings__status">
        <Trans>In force: version {saved.version}</Trans>
      </p>
      <div className="admin-form__actions">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save cancellation policy</Trans>}
        </button>
      </div>
    </form>
  );
}
