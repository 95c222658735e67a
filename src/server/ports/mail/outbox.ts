import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import type { Log } from "../../http/log.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";

const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

export interface Outbox {
  /** Stores a message (inside the caller's transaction when given one) and returns its id. */
  enqueue(mail: OutgoingMail, db?: Db): Promise<number>;
  /** Tries one message now. True when it is sent (or was already), false when it stays queued. */
  deliver(id: number): Promise<boolean>;
  /** Tries every queued message that is due; returns how many were sent. */
  deliverDue(): Promise<number>;
}

/**
 * Every mail is written to the mailOutbox table first, so a message is never lost when the SMTP server is down.
 * Without a transport (no SMTP_URL) the message is only logged and kept there with status "logged".
 */
export function createOutbox(deps: { db: Db; transport?: MailTransport; clock: Clock; log: Log }): Outbox {
  const { db, transport, clock, log } = deps;

  async function deliver(id: number): Promise<boolean> {
    const row = await db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    if (row.status !== "pending") return true;
    if (!transport) return false;

    // Take a lease first, so two instances (or the retry loop and a request) never send the same mail twice.
    const now = clock.now();
    const leased = await db
      .updateTable("mailOutbox")
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where("nextAttemptAt", "=", row.nextAttemptAt)
      .executeTakeFirst();
    if (Number(leased.numUpdatedRows) !== 1) return false;

    try {
      await transport.send({ to: row.toAddress, replyTo: row.replyTo, subject: row.subject, text: row.body });
      await db
        .updateTable("mailOutbox")
        .set({
          status: "sent",
          sentAt: clock.now().toISOString(),
          attempts: row.attempts + 1,
          lastError: null,
        })
        .where("id", "=", id)
        .execute();
      log("info", "mail sent", { mailId: id, to: row.toAddress });
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const backoff = Math.min(30_000 * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .updateTable("mailOutbox")
        .set({
          attempts,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(clock.now().getTime() + backoff).toISOString(),
        })
        .where("id", "=", id)
        .execute();
      log("warn", "mail delivery failed; will retry", { mailId: id, attempts, error: reason });
      return false;
    }
  }

  return {
    async enqueue(mail, executor = db) {
      const now = clock.now().toISOString();
      const row = await executor
        .insertInto("mailOutbox")
        .values({
          toAddress: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          body: mail.text,
          status: transport ? "pending" : "logged",
          attempts: 0,
          lastError: null,
          nextAttemptAt: now,
          sentAt: null,
          createdAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (!transport) {
        log("info", "mail logged (SMTP_URL is not set)", {
          mailId: row.id,
          to: mail.to,
          subject: mail.subject,
          body: mail.text,
        });
      }
      return row.id;
    },

    deliver,

    async deliverDue() {
      if (!transport) return 0;
      const due = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", clock.now().toISOString())
        .orderBy("id")
        .limit(50)
        .execute();
      let sent = 0;
      for (const { id } of due) if (await deliver(id)) sent++;
      return sent;
    },
  };
}
