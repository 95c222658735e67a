import spanish from "../../content/site.es.json" with { type: "json" };
import content from "../../content/site.json" with { type: "json" };
import {
  embedOriginsOf,
  type SchoolSettings,
  type SetupItem,
  settingsOfContent,
  setupToDo,
} from "../../domain/school-settings.ts";
import type { CertificateSettings } from "../../domain/school-settings-schema.ts";
import { recordAudit } from "../audit/service.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import type { Log } from "../http/log.ts";
import { setSchoolContacts } from "../i18n/mail-words.ts";
import {
  readAutomaticReschedules,
  readCertificateApproval,
  readStoredSettings,
  writeAutomaticReschedules,
  writeCertificateApproval,
  writeSettings,
} from "./repository.ts";

/** site.json's values (and site.es.json's reel captions) as settings: what everyone sees until the owner saves. */
export const contentSettings: SchoolSettings = settingsOfContent(
  content,
  (spanish.reels as { caption?: string }[] | undefined)?.map((reel) => reel.caption ?? "") ?? [],
);

/** The settings in force, and whether the owner saved them (false: site.json's). */
export interface CurrentSettings {
  settings: SchoolSettings;
  stored: boolean;
  /** Changes exactly when the settings do: what a cache of pages built from them is keyed by. */
  key: string;
}

const fromContent: CurrentSettings = { settings: contentSettings, stored: false, key: "content" };

/**
 * How long this instance serves the settings it read before reading them again. A save here is seen at once; one
 * made on another instance (several instances on one PostgreSQL) within this time.
 */
export const settingsMaxAgeMs = 2000;

/**
 * How long a request waits for the settings to be read again before it takes the last ones: pages never hang on a
 * database that does not answer (they did not depend on it before School settings).
 */
export const settingsReadWaitMs = 300;

export interface SettingsService {
  /** The settings in force, read at most every `settingsMaxAgeMs` (a failed read keeps the last ones). */
  current(): Promise<CurrentSettings>;
  /** Every third-party origin the pages may frame now (the CSP's frame-src). */
  embedOrigins(): Promise<string[]>;
  save(settings: SchoolSettings, userId: string): Promise<CurrentSettings>;
  /** "Approve certificates before publishing": read from the database each time (it is asked rarely). */
  certificateSettings(): Promise<CertificateSettings>;
  saveCertificateSettings(settings: CertificateSettings, userId: string): Promise<CertificateSettings>;
  /** "Move a class at once when a free time is chosen" (docs/decisions/033), saved on its own like certificates'. */
  saveAutomaticReschedules(automatic: boolean, userId: string): Promise<boolean>;
  /** What the setup checklist on /admin still lists. */
  setupToDo(): Promise<SetupItem[]>;
}

export function createSettingsService(deps: {
  db: Db;
  clock: Clock;
  log: Log;
  config: Config;
}): SettingsService {
  const { db, clock, log, config } = deps;
  let cached: { value: CurrentSettings; at: number } | null = null;
  let reading: Promise<CurrentSettings> | null = null;
  const origins = new Map<string, string[]>();

  const remember = (settings: SchoolSettings | null): CurrentSettings => {
    const value = settings ? { settings, stored: true, key: JSON.stringify(settings) } : fromContent;
    cached = { value, at: clock.now().getTime() };
    // The foot of a mail is written where the database cannot be waited for: it takes the contacts read last.
    setSchoolContacts(value.settings);
    return value;
  };

  const read = (): Promise<CurrentSettings> => {
    reading ??= readStoredSettings(db)
      .then(remember, (error: unknown) => {
        log("warn", "school settings unreadable: serving the last ones", {
          error: error instanceof Error ? error.message : String(error),
        });
        // Tried again after settingsMaxAgeMs, not at every request while the database is away.
        const value = cached?.value ?? fromContent;
        cached = { value, at: clock.now().getTime() };
        return value;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const current = async (): Promise<CurrentSettings> => {
    if (cached && clock.now().getTime() - cached.at < settingsMaxAgeMs) return cached.value;
    const fresh = read();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CurrentSettings>((resolve) => {
      timer = setTimeout(() => resolve(cached?.value ?? fromContent), settingsReadWaitMs);
    });
    try {
      return await Promise.race([fresh, late]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    current,
    async embedOrigins() {
      const { settings, key } = await current();
      let known = origins.get(key);
      if (!known) {
        origins.clear();
        known = embedOriginsOf(settings);
        origins.set(key, known);
      }
      return known;
    },
    async save(settings, userId) {
      const before = (await read()).settings;
      await db.transaction().execute(async (trx) => {
        await writeSettings(trx, settings, { userId, at: clock.now().toISOString() });
        await recordAudit(trx, {
          kind: "school-settings",
          id: 1,
          action: "updated",
          before,
          after: settings,
        });
      });
      return remember(settings);
    },
    async certificateSettings() {
      return { approveBeforePublishing: await readCertificateApproval(db) };
    },
    async saveCertificateSettings(settings, userId) {
      const { settings: inForce } = await current();
      const before = { approveBeforePublishing: await readCertificateApproval(db) };
      await db.transaction().execute(async (trx) => {
        await writeCertificateApproval(trx, settings.approveBeforePublishing, inForce, {
          userId,
          at: clock.now().toISOString(),
        });
        await recordAudit(trx, {
          kind: "certificate-settings",
          id: 1,
          action: "updated",
          before,
          after: settings,
        });
      });
      // A school that had saved nothing has its (site.json's) settings stored now.
      await read();
      return { approveBeforePublishing: await readCertificateApproval(db) };
    },
    async saveAutomaticReschedules(automatic, userId) {
      const { settings: inForce } = await current();
      const before = { automatic: await readAutomaticReschedules(db) };
      await db.transaction().execute(async (trx) => {
        await writeAutomaticReschedules(trx, automatic, inForce, { userId, at: clock.now().toISOString() });
        await recordAudit(trx, {
          kind: "reschedule-settings",
          id: 1,
          action: "updated",
          before,
          after: { automatic },
        });
      });
      await read();
      return readAutomaticReschedules(db);
    },
    async setupToDo() {
      const { settings } = await current();
      return setupToDo(settings, contentSettings, {
        mailConfigured: Boolean(config.SMTP_URL),
        paymentsLive: config.PAYMENTS === "stripe",
      });
    },
  };
}

/**
 * Whether a level passed waits for the owner's approval before it is published (School settings, on by default),
 * read in the caller's transaction: publishing reads it as it writes.
 */
export const certificatesNeedApproval = (db: Db): Promise<boolean> => readCertificateApproval(db);

/** Whether a chosen free time moves a class at once (School settings, off by default), read in the caller's transaction. */
export const reschedulesAreAutomatic = (db: Db): Promise<boolean> => readAutomaticReschedules(db);
