import type { Db } from "../db/database.ts";
import { inLocale } from "../i18n/i18n.ts";
import type { Outbox, QueuedMail } from "../ports/mail/outbox.ts";
import { type MailRecipient, mailRecipients } from "./service.ts";

/** Rows read per query; the sweep reads again until a batch comes back short. */
const batchSize = 100;

/**
 * The sweep behind the school's timed mails (the day-before class reminder, a credit's expiry notice): reads the
 * due rows in batches by id, and for each row, in one transaction, claims it (a conditional UPDATE that only one
 * sweep wins, however many instances run) and queues its mail to every guardian of its household who gets that
 * mail, each in their own language. Then tries delivery (the outbox leases each mail to one sender). Answers how
 * many mails this call queued.
 */
export async function sweepHouseholdMails<Row extends { id: number; clientId: string }>(
  deps: { db: Db; outbox: Outbox; now: () => string },
  sweep: {
    due: (afterId: number, limit: number) => Promise<Row[]>;
    /** Whether the mail is a class reminder (guardians who turned reminders off get none). */
    reminders: boolean;
    claim: (trx: Db, row: Row, at: string) => Promise<boolean>;
    /** The mails of one batch: what each row says to one guardian (called in that guardian's language). */
    mailsOf: (batch: Row[]) => Promise<(row: Row, to: MailRecipient) => QueuedMail>;
  },
): Promise<number> {
  const { db, outbox } = deps;
  const queued: number[] = [];
  let afterId = 0;
  for (;;) {
    const due = await sweep.due(afterId, batchSize);
    const recipients = new Map<string, MailRecipient[]>();
    for (const to of await mailRecipients(
      db,
      due.map((row) => row.clientId),
      { reminders: sweep.reminders },
    )) {
      recipients.set(to.clientId, [...(recipients.get(to.clientId) ?? []), to]);
    }
    const mailOf = await sweep.mailsOf(due);
    for (const row of due) {
      const mailIds = await db.transaction().execute(async (trx) => {
        if (!(await sweep.claim(trx, row, deps.now()))) return [];
        const ids: number[] = [];
        for (const to of recipients.get(row.clientId) ?? []) {
          ids.push(
            await outbox.enqueue(
              inLocale(to.locale, () => mailOf(row, to)),
              trx,
            ),
          );
        }
        return ids;
      });
      queued.push(...mailIds);
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]?.id ?? afterId;
  }
  for (const mailId of queued) await outbox.deliver(mailId);
  return queued.length;
}
