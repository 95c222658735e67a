import content from "../../content/site.json" with { type: "json" };
import type { ReportCard } from "../../domain/curriculum.ts";
import { inLanguage } from "../../domain/curriculum.ts";
import { paths } from "../../domain/paths.ts";
import { dayInZone, formatDay } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { type Config, publicUrl } from "../config.ts";
import type { Db } from "../db/database.ts";
import { mailRecipients } from "../households/service.ts";
import { currentLocale, inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import { certificatesNeedApproval } from "../settings/service.ts";
import type { Wiring } from "../wiring.ts";
import { type LevelResultRow, levelResultsOf, publishDrafts } from "./repository.ts";

export type PublishDeps = Pick<Wiring, "outbox"> & {
  config: Pick<Config, "TZ_SCHOOL" | "PUBLIC_URL" | "PORT">;
};

export interface Published {
  /** The results published now. */
  levelResultIds: number[];
  /** The mails queued for them, to deliver once the caller's transaction committed (deliverPassMail). */
  mailIds: number[];
}

/**
 * New level results just written (drafts), in the caller's transaction: published at once when School settings'
 * "Approve certificates before publishing" is off, each family mailed; left as drafts for the owner's approval
 * (/certificates) when it is on, the default. Call right after the passes are recorded, in the same transaction.
 */
export async function publishPasses(
  trx: Db,
  deps: PublishDeps,
  levelResultIds: readonly number[],
  now: Date | string,
): Promise<Published> {
  if (levelResultIds.length === 0 || (await certificatesNeedApproval(trx))) {
    return { levelResultIds: [], mailIds: [] };
  }
  return publish(trx, deps, levelResultIds, toIso(now), null);
}

/** The owner's approval: publishes the drafts among `ids` and queues each family's mail (a published one is left). */
export async function approveAndPublish(
  trx: Db,
  deps: PublishDeps,
  ids: readonly number[],
  now: Date | string,
  ownerId: string,
): Promise<Published> {
  return publish(trx, deps, ids, toIso(now), ownerId);
}

async function publish(
  trx: Db,
  deps: PublishDeps,
  ids: readonly number[],
  at: string,
  approvedBy: string | null,
): Promise<Published> {
  const published = await publishDrafts(trx, ids, at, approvedBy);
  const mailIds: number[] = [];
  for (const result of await levelResultsOf(trx, published)) {
    mailIds.push(...(await queuePassMail(trx, deps, result)));
  }
  return { levelResultIds: published, mailIds };
}

/** Sends the mails of a committed publication; one that fails now is the outbox's to retry. */
export async function deliverPassMail(deps: Pick<Wiring, "outbox" | "log">, mailIds: readonly number[]) {
  for (const mailId of mailIds) {
    await deps.outbox.deliver(mailId).catch((error: unknown) =>
      deps.log("warn", "certificate mail not sent yet; the outbox retries it", {
        mailId,
        error: String(error),
      }),
    );
  }
}

const toIso = (now: Date | string) => (typeof now === "string" ? now : now.toISOString());

/** The school's day a level was passed on (YYYY-MM-DD, TZ_SCHOOL). */
export const passedOnOf = (passedAt: string, timeZone: string) => dayInZone(new Date(passedAt), timeZone);

/**
 * To every guardian of the swimmer's household who may see progress and gets mail, each in their language: the
 * swimmer passed, with the link to Class Progress where both PDFs are.
 */
async function queuePassMail(trx: Db, deps: PublishDeps, result: LevelResultRow): Promise<number[]> {
  const card = JSON.parse(result.reportCard) as ReportCard;
  const passedOn = passedOnOf(result.passedAt, deps.config.TZ_SCHOOL);
  const site = publicUrl(deps.config);
  const mailIds: number[] = [];
  for (const to of await mailRecipients(trx, [result.clientId], { reminders: false, progress: true })) {
    const mail = inLocale(to.locale, () => passMail(to, result.swimmerFirstName, card, passedOn, site));
    mailIds.push(await deps.outbox.enqueue(mail, trx));
  }
  return mailIds;
}

function passMail(
  contact: { firstName: string; email: string },
  swimmer: string,
  card: ReportCard,
  passedOn: string,
  siteUrl: string,
): QueuedMail {
  const level = inLanguage(card.level.name, card.level.nameEs, currentLocale());
  return {
    to: contact.email,
    subject: translate(
      /*i18n*/ {
        id: "mails.levelPassed.subject",
        message: "{swimmer} passed {level}!",
        values: { swimmer, level },
      },
    ),
    text: [
      mailWords.greeting(contact.firstName),
      translate(
        /*i18n*/ {
          id: "mails.levelPassed.news",
          message:
            "Good news: {swimmer} passed the level {level} on {date}. Congratulations from all of us at {school}!",
          values: { swimmer, level, date: formatDay(passedOn), school: content.school.name },
        },
      ),
      translate(
        /*i18n*/ {
          id: "mails.levelPassed.download",
          message: "The certificate and the report card are ready to download on Class Progress: {link}",
          values: { link: `${siteUrl}${paths.progress}` },
        },
      ),
      mailWords.foot(siteUrl, "account"),
    ].join("\n\n"),
  };
}
