import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import type { SetupChecklistResponse } from "../../../domain/api.ts";
import type { ReelSetting, SchoolSettings } from "../../../domain/school-settings.ts";
import { schoolSettingsSchema } from "../../../domain/school-settings-schema.ts";
import { ApiError, errorMessageOf } from "../../api/http.ts";
import { ListState } from "../../components/list-state.tsx";
import { useToast } from "../../components/toast/toast.tsx";
import { useCertificateSettings, useSaveCertificateSettings } from "../api/certificates.ts";
import { settingsSectionOf, useSaveSchoolSettings, useSchoolSettings, useSetupChecklist } from "./api.ts";
import { CancellationPolicySection } from "./cancellation-policy-section.tsx";
import { RescheduleSettingSection } from "./reschedule-setting-section.tsx";
import { SettingsSection, SwitchSettingSection } from "./switch-setting-section.tsx";
import "./settings.css";

/** Each refused field's message, by its path in the settings (`email`, `reels.3.url`). */
type FieldErrors = Record<string, string>;

/** The input of a path: its id on the page, so a refusal can focus it. */
const inputId = (path: string) => `setting-${path.replaceAll(".", "-")}`;

/**
 * /admin-settings, School settings (issue 24): the contacts, contract form, social profile and reels the public
 * pages and the client area show, saved in the database and shown on the site at once. Checked here with the
 * server's own rules (school-settings-schema.ts) and again by the server; every refused field says why beside it,
 * and nothing typed is lost. Mail and payments are the server's configuration: the page says how to set them up.
 */
export function SchoolSettingsPage() {
  const { t } = useLingui();
  const settings = useSchoolSettings();
  return (
    <section className="admin-page school-settings">
      <h1>
        <Trans>School settings</Trans>
      </h1>
      <p>
        <Trans>
          What the public pages and the client area show. A saved change shows on the site at once, without a
          new build.
        </Trans>
      </p>
      {settings.data ? (
        <SettingsForm initial={settings.data.settings} />
      ) : (
        <ListState
          isError={settings.isError}
          loaded={false}
          what={t`the school's settings`}
          error={settings.error ?? undefined}
          retryClassName="admin-button"
          onRetry={() => void settings.refetch()}
        />
      )}
      <CertificateApproval />
      <CancellationPolicySection />
      <RescheduleSettingSection />
      <ServerSetup />
    </section>
  );
}

function SettingsForm({ initial }: { initial: SchoolSettings }) {
  const { t } = useLingui();
  const toast = useToast();
  const save = useSaveSchoolSettings();
  const [draft, setDraft] = useState<SchoolSettings>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  useScrollToSection();

  const set = (field: Exclude<keyof SchoolSettings, "reels">) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const setReel = (index: number, change: Partial<ReelSetting>) =>
    setDraft((current) => ({
      ...current,
      reels: current.reels.map((reel, at) => (at === index ? { ...reel, ...change } : reel)),
    }));

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(inputId(first))?.focus();
    toast("error", t`Some settings need a change: see the messages beside them. Nothing was saved.`);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = schoolSettingsSchema.safeParse(draft);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const path = issue.path.join(".");
        found[path] ??= issue.message;
      }
      refuse(found);
      return;
    }
    try {
      const saved = await save.mutateAsync(checked.data);
      setDraft(saved.settings);
      setErrors({});
      toast("success", t`School settings saved. The site shows them now.`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.field) refuse({ [caught.field]: caught.message });
      else toast("error", errorMessageOf(caught));
    }
  }

  const field = (path: string) => ({ id: inputId(path), error: errors[path] });

  return (
    <form className="school-settings__form" onSubmit={onSubmit} noValidate>
      <SettingsSection id={settingsSectionOf.contacts} title={t`Contacts`}>
        <p className="school-settings__hint">
          <Trans>
            Shown on the contact page, in the footer, on the contract page and at the foot of every mail.
          </Trans>
        </p>
        <div className="admin-form">
          <TextField
            {...field("email")}
            label={t`School e-mail`}
            type="email"
            value={draft.email}
            onChange={set("email")}
            autoComplete="email"
          />
          <TextField
            {...field("phone")}
            label={t`School phone`}
            type="tel"
            value={draft.phone}
            onChange={set("phone")}
            autoComplete="tel"
          />
        </div>
      </SettingsSection>
      <SettingsSection id={settingsSectionOf.contractForm} title={t`Contract form`}>
        <p className="school-settings__hint">
          <Trans>
            Clients open it on View Contract. Give the share or embed address of your form on Jotform, Google
            Forms, Microsoft Forms, Typeform, Tally, Cognito Forms or Zoho Forms: these can be shown inside
            the site.
          </Trans>
        </p>
        <div className="admin-form">
          <TextField
            {...field("contractFormUrl")}
            label={t`Contract form address`}
            type="url"
            value={draft.contractFormUrl}
            onChange={set("contractFormUrl")}
          />
        </div>
      </SettingsSection>
      <SettingsSection id="social" title={t`Social profile`}>
        <div className="admin-form">
          <TextField
            {...field("socialProfileUrl")}
            label={t`Social profile address`}
            type="url"
            value={draft.socialProfileUrl}
            onChange={set("socialProfileUrl")}
          />
        </div>
      </SettingsSection>
      <SettingsSection id={settingsSectionOf.reels} title={t`Reels`}>
        <p className="school-settings__hint">
          <Trans>
            The home page's twelve reels, in order. Each keeps its place's picture. A sample reel shows only
            its picture and caption: untick Sample once the address is one of your own Instagram reels.
          </Trans>
        </p>
        <ol className="school-settings__reels">
          {draft.reels.map((reel, index) => (
            <ReelFields
              // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its place in the grid
              key={index}
              index={index}
              reel={reel}
              errors={errors}
              onChange={(change) => setReel(index, change)}
            />
          ))}
        </ol>
      </SettingsSection>
      <div className="admin-form__actions school-settings__save">
        <button type="submit" className="admin-button" disabled={save.isPending}>
          {save.isPending ? <Trans>Saving…</Trans> : <Trans>Save settings</Trans>}
        </button>
      </div>
    </form>
  );
}

function ReelFields({
  index,
  reel,
  errors,
  onChange,
}: {
  index: number;
  reel: ReelSetting;
  errors: FieldErrors;
  onChange: (change: Partial<ReelSetting>) => void;
}) {
  const { t } = useLingui();
  const legendId = useId();
  const number = index + 1;
  const path = (name: string) => `reels.${index}.${name}`;
  const field = (name: string) => ({ id: inputId(path(name)), error: errors[path(name)] });
  return (
    <li>
      <fieldset className="swimmer-row" aria-labelledby={legendId}>
        <legend id={legendId}>{t`Reel ${number}`}</legend>
        <div className="admin-form">
          <TextField
            {...field("url")}
            label={t`Reel address`}
            type="url"
            value={reel.url}
            onChange={(url) => onChange({ url })}
          />
          <TextField
            {...field("caption")}
            label={t`Caption`}
            value={reel.caption}
            onChange={(caption) => onChange({ caption })}
          />
          <TextField
            {...field("captionEs")}
            label={t`Caption in Spanish (optional)`}
            lang="es"
            value={reel.captionEs}
            onChange={(captionEs) => onChange({ captionEs })}
          />
          <label className="swimmer-fields__check">
            <input
              type="checkbox"
              checked={reel.sample}
              onChange={(event) => onChange({ sample: event.currentTarget.checked })}
            />
            <Trans>Sample (shown as a picture only, not playable)</Trans>
          </label>
        </div>
      </fieldset>
    </li>
  );
}

function TextField({
  id,
  label,
  value,
  onChange,
  error,
  type = "text",
  autoComplete = "off",
  lang,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  lang?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        lang={lang}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "Approve certificates before publishing" (issue 28, docs/decisions/027): saved on its own, as no page shows it.
 * On (the default), a level passed waits on /certificates for the owner; off, the family sees it at once.
 */
function CertificateApproval() {
  const { t } = useLingui();
  const settings = useCertificateSettings();
  const save = useSaveCertificateSettings();
  return (
    <SwitchSettingSection
      id="certificates"
      title={t`Certificates`}
      hint={
        <Trans>
          When a swimmer passes a level, a certificate and a report card are made for the family. With
          approval on, they wait on Certificates until you approve them; with it off, the family gets them at
          once.
        </Trans>
      }
      label={<Trans>Approve certificates before publishing</Trans>}
      saveLabel={<Trans>Save certificate setting</Trans>}
      loadError={t`Could not load the certificate setting.`}
      setting={{ ...settings, data: settings.data?.settings.approveBeforePublishing }}
      fallback={true}
      saving={save.isPending}
      save={async (approveBeforePublishing) => {
        await save.mutateAsync({ approveBeforePublishing });
        return t`Certificate setting saved.`;
      }}
    />
  );
}

/** Mail and payments are set in the server's environment: whether they are, and how. */
function ServerSetup() {
  const { t } = useLingui();
  const checklist = useSetupChecklist();
  const toDo = new Set<SetupChecklistResponse["toDo"][number]>(checklist.data?.toDo ?? []);
  const known = checklist.data !== undefined;
  return (
    <>
      <SettingsSection id={settingsSectionOf.mail} title={t`Mail`}>
        {known && (
          <p className="school-settings__status">
            {toDo.has("mail") ? (
              <Trans>Not configured: mail is only kept in the outbox and the log, nobody receives it.</Trans>
            ) : (
              <Trans>Configured: mail is sent.</Trans>
            )}
          </p>
        )}
        <p className="school-settings__hint">
          <Trans>
            Set SMTP_URL (your mail provider's SMTP address) and MAIL_FROM in the server's environment, then
            restart the site.
          </Trans>
        </p>
      </SettingsSection>
      <SettingsSection id={settingsSectionOf.payments} title={t`Payments`}>
        {known && (
          <p className="school-settings__status">
            {toDo.has("payments") ? (
              <Trans>Local payments: packages are given away without payment.</Trans>
            ) : (
              <Trans>Stripe: clients pay for their packages.</Trans>
            )}
          </p>
        )}
        <p className="school-settings__hint">
          <Trans>
            Set PAYMENTS=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and one STRIPE_PRICE_… per
            package in the server's environment, then restart the site.
          </Trans>
        </p>
      </SettingsSection>
    </>
  );
}

/** Arriving from the setup checklist (`#contacts`…), the page shows that section and moves focus to its heading. */
function useScrollToSection() {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!section) return;
    section.scrollIntoView({ block: "start" });
    section.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  }, [hash]);
}
