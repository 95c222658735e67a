import { creditWhy, expiryNoticeDays } from "../../domain/credits.ts";
import { paths } from "../../domain/paths.ts";
import { addDays, dayInZone, formatDay, hourInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import { publicUrl } from "../config.ts";
import { sweepHouseholdMails } from "../households/mail-sweep.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { QueuedMail } from "../ports/mail/outbox.ts";
import type { Wiring } from "../wiring.ts";
import { claimExpiryNotice, type ExpiringCredit, expiringCredits } from "./repository.ts";

export type ExpiryNoticeDeps = Pick<Wiring, "db" | "outbox" | "clock" | "config">;

/** The week-before mail of one credit, in the language the caller writes it in (the guardian's). */
export function creditExpiryMail(
  credit: ExpiringCredit,
  to: { email: string; firstName: string },
  siteUrl: string,
): QueuedMail {
  const day = formatDay(credit.expiresOn, { dateStyle: "full" });
  const why = creditWhy(credit);
  return {
    to: to.email,
    subject: translate(
      /*i18n*/ { id: "mails.creditExpiry.subject", message: "Your class credit expires soon" },
    ),
    text: [
      mailWords.greeting(to.firstName),
      credit.swimmerName
        ? translate(
            /*i18n*/ {
              id: "mails.creditExpiry.bodySwimmer",
              message: "{swimmer}'s class credit can be used until {day}. Book a class with it before then.",
              values: { swimmer: credit.swimmerName, day },
            },
          )
        : translate(
            /*i18n*/ {
              id: "mails.creditExpiry.body",
              message:
                "Your family's class credit can be used until {day}. Book a class with it before then.",
              values: { day },
            },
          ),
      translate(/*i18n*/ { id: "mails.creditExpiry.why", message: "Given for: {why}", values: { why } }),
      translate(
        /*i18n*/ {
          id: "mails.creditExpiry.link",
          message: "See your credits on your dashboard: {link}",
          values: { link: `${siteUrl}${paths.clientPanel}` },
        },
      ),
      mailWords.foot(siteUrl, "account"),
    ].join("\n\n"),
  };
}

/**
 * Queues the mail of every available credit whose last day is a week away or nearer (school time), to each guardian
 * who gets the household's mail, in their own language, from the school's CLASS_REMINDER_HOUR like the class
 * reminders. A credit is claimed by one conditional UPDATE in the transaction that queues its mails, so however many
 * instances sweep, each credit's mail goes once. Returns how many mails this call queued.
 */
export async function queueCreditExpiryNotices(deps: ExpiryNoticeDeps): Promise<number> {
  const { db, outbox, clock, config } = deps;
  const now = clock.now();
  if (hourInZone(now, config.TZ_SCHOOL) < config.CLASS_REMINDER_HOUR) return 0;
  const today = dayInZone(now, config.TZ_SCHOOL);
  const siteUrl = publicUrl(config);

  return sweepHouseholdMails(
    { db, outbox, now: () => clock.now().toISOString() },
    {
      due: (afterId, limit) =>
        expiringCredits(db, { from: today, to: addDays(today, expiryNoticeDays), afterId, limit }),
      reminders: false,
      claim: (trx, credit, at) => claimExpiryNotice(trx, credit.id, at),
      mailsOf: async () => (credit, to) => creditExpiryMail(credit, to, siteUrl),
    },
  );
}
