import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import type { MailStatus } from "../../db/schema.ts";
import type { Log } from "../../http/log.ts";
import type { MailTransport, OutgoingMail } from "./mail-transport.ts";

const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** MAIL_MAX_ATTEMPTS' and MAIL_FIRST_RETRY_SECONDS' defaults, for callers that pass no config. */
const DEFAULT_MAX_ATTEMPTS = 30;
const DEFAULT_FIRST_RETRY_SECONDS = 30;

/** What replaces a mail's secrets in the stored copy (and in production logs). */
export const removedSecret = "[removed from the stored copy]";

export interface QueuedMail extends OutgoingMail {
  /** Parts of `text` (e.g. a reset link) that only the recipient may read: dropped from the stored copy once
   * the mail is sent, never stored for a mail that is only logged, and never logged in production. */
  secrets?: readonly string[];
}

/** A mail that has not reached its recipient: failed for good, or still being retried after a failure. */
export interface UndeliveredMail {
  id: number;
  to: string;
  subject: string;
  status: Extract<MailStatus, "failed" | "pending">;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}

export interface Outbox {
  /** Stores a message (inside the caller's transaction when given one) and returns its id. */
  enqueue(mail: QueuedMail, db?: Db): Promise<number>;
  /** Tries one message now. True when it is sent (or was already), false when it stays queued or failed. */
  deliver(id: number): Promise<boolean>;
  /**
   * Tries every queued message that is due; returns how many of them are sent now, by this sender or by another
   * instance that held the mail's lease meanwhile (each mail still goes out once).
   */
  deliverDue(): Promise<number>;
  /** Mail that failed at least once and is not sent, newest first. Never the body. */
  undelivered(limit?: number): Promise<UndeliveredMail[]>;
  /** Puts a failed mail back in the queue with its tries reset; false when there is no failed mail `id`. */
  requeue(id: number): Promise<boolean>;
  /** The mail's status, or null when there is no mail `id`. */
  statusOf(id: number): Promise<MailStatus | null>;
}

function withoutSecrets(text: string, secrets: readonly string[] = []): string {
  return secrets
    .filter(Boolean)
    .reduce((redacted, secret) => redacted.split(secret).join(removedSecret), text);
}

/**
 * Every mail is written to the mailOutbox table first, so a message is never lost when the SMTP server is down.
 * A failing mail is retried with backoff (MAIL_FIRST_RETRY_SECONDS, 30 s by default, doubling to 1 h) until
 * MAIL_MAX_ATTEMPTS tries, then it is
 * `failed` and waits for an admin. Without a transport (no SMTP_URL) the message is only logged and kept with
 * status "logged"; its secrets appear in that log line only outside production.
 */
export function createOutbox(deps: {
  db: Db;
  transport?: MailTransport;
  clock: Clock;
  log: Log;
  /** Unset: the defaults of MAIL_MAX_ATTEMPTS and MAIL_FIRST_RETRY_SECONDS, and secrets are kept out of the log
   * as in production. */
  config?: Pick<Config, "MAIL_MAX_ATTEMPTS" | "MAIL_FIRST_RETRY_SECONDS" | "NODE_ENV">;
}): Outbox {
  const { db, transport, clock, log } = deps;
  const maxAttempts = deps.config?.MAIL_MAX_ATTEMPTS ?? DEFAULT_MAX_ATTEMPTS;
  const firstRetryMs = (deps.config?.MAIL_FIRST_RETRY_SECONDS ?? DEFAULT_FIRST_RETRY_SECONDS) * 1000;
  const logSecrets = deps.config !== undefined && deps.config.NODE_ENV !== "production";

  async function deliver(id: number): Promise<boolean> {
    if (!transport) return isDone(id);

    // The lease is one conditional UPDATE: of any number of senders, only the one that sets `leasedUntil` on a
    // pending mail that nobody holds sends it; the others find it held (or sent) and leave it.
    const now = clock.now();
    const row = await db
      .updateTable("mailOutbox")
      .set({ leasedUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where("id", "=", id)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<=", now.toISOString())]))
      .returning(["toAddress", "replyTo", "subject", "body", "attempts"])
      .executeTakeFirst();
    if (!row) return isDone(id);

    const attempts = row.attempts + 1;
    try {
      await transport.send({ to: row.toAddress, replyTo: row.replyTo, subject: row.subject, text: row.body });
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const givingUp = attempts >= maxAttempts;
      const backoff = Math.min(firstRetryMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      await db
        .updateTable("mailOutbox")
        .set({
          status: givingUp ? "failed" : "pending",
          attempts,
          lastError: reason,
          nextAttemptAt: new Date(clock.now().getTime() + backoff).toISOString(),
          leasedUntil: null,
        })
        .where("id", "=", id)
        .execute();
      if (givingUp) log("error", "mail delivery failed; giving up", { mailId: id, attempts, error: reason });
      else log("warn", "mail delivery failed; will retry", { mailId: id, attempts, error: reason });
      return false;
    }
    await db
      .updateTable("mailOutbox")
      .set((eb) => ({
        status: "sent",
        body: eb.fn.coalesce("redactedBody", "body"),
        redactedBody: null,
        sentAt: clock.now().toISOString(),
        attempts,
        lastError: null,
        leasedUntil: null,
      }))
      .where("id", "=", id)
      .execute();
    log("info", "mail sent", { mailId: id, to: row.toAddress });
    return true;
  }

  async function statusOf(id: number): Promise<MailStatus | null> {
    const row = await db.selectFrom("mailOutbox").select("status").where("id", "=", id).executeTakeFirst();
    return row?.status ?? null;
  }

  async function isDone(id: number): Promise<boolean> {
    const status = await statusOf(id);
    return status === "sent" || status === "logged";
  }

  return {
    async enqueue(mail, executor = db) {
      const now = clock.now().toISOString();
      const redacted = mail.secrets?.length ? withoutSecrets(mail.text, mail.secrets) : null;
      const row = await executor
        .insertInto("mailOutbox")
        .values({
          toAddress: mail.to,
          replyTo: mail.replyTo ?? null,
          subject: mail.subject,
          // A logged mail is never sent, so its secrets are never stored.
          body: transport ? mail.text : (redacted ?? mail.text),
          redactedBody: transport ? redacted : null,
          status: transport ? "pending" : "logged",
          attempts: 0,
          lastError: null,
          nextAttemptAt: now,
          leasedUntil: null,
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
          body: logSecrets ? mail.text : (redacted ?? mail.text),
        });
      }
      return row.id;
    },

    deliver,

    async deliverDue() {
      if (!transport) return 0;
      const now = clock.now().toISOString();
      const due = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("status", "=", "pending")
        .where("nextAttemptAt", "<=", now)
        .where((eb) => eb.or([eb("leasedUntil", "is", null), eb("leasedUntil", "<=", now)]))
        .orderBy("id")
        .limit(50)
        .execute();
      let sent = 0;
      for (const { id } of due) if (await deliver(id)) sent++;
      return sent;
    },

    async undelivered(limit = 100) {
      const rows = await db
        .selectFrom("mailOutbox")
        .select(["id", "toAddress", "subject", "status", "attempts", "lastError", "createdAt"])
        .where((eb) =>
          eb.or([
            eb("status", "=", "failed"),
            eb.and([eb("status", "=", "pending"), eb("attempts", ">", 0)]),
          ]),
        )
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(({ toAddress, status, ...row }) => ({
        ...row,
        to: toAddress,
        status: status === "failed" ? "failed" : "pending",
      }));
    },

    async requeue(id) {
      const result = await db
        .updateTable("mailOutbox")
        .set({ status: "pending", attempts: 0, nextAttemptAt: clock.now().toISOString(), leasedUntil: null })
        .where("id", "=", id)
        .where("status", "=", "failed")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    statusOf,
  };
}
