import { createHash } from "node:crypto";
import type { ContactMessage } from "../../domain/contact.ts";
import { translate } from "../../domain/translate.ts";
import { schoolLocale } from "../auth/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { inLocale } from "../i18n/i18n.ts";
import type { Outbox } from "../ports/mail/outbox.ts";
import { findRecentMessage, insertMessage } from "./repository.ts";

/** A resend of the same message within this window reuses the stored one instead of storing it twice. */
const RESEND_WINDOW_MS = 24 * 60 * 60_000;

export interface ContactDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  /** Where contact messages go: SCHOOL_INBOX, else the school's e-mail in force (School settings). */
  schoolInbox: () => Promise<string>;
  /** True when mail goes out over SMTP; false when it is only logged. */
  mailConfigured: boolean;
}

export type SubmitResult = { messageId: number; delivered: boolean };

function fingerprintOf(message: ContactMessage): string {
  const normalized = [
    message.firstName,
    message.lastName,
    message.email, // normalised by the schema
    message.phoneNumber,
    message.message,
  ].join("\u0000");
  return createHash("sha256").update(normalized).digest("hex");
}

/** The school's notification of a message, in the language the caller writes it in (the owner's). */
function mailFor(message: ContactMessage) {
  const { firstName, lastName, email, phoneNumber } = message;
  return {
    subject: translate(
      /*i18n*/ {
        id: "mails.contact.subject",
        message: "New message from {firstName} {lastName}",
        values: { firstName, lastName },
      },
    ),
    text: [
      translate(
        /*i18n*/ {
          id: "mails.contact.name",
          message: "Name: {firstName} {lastName}",
          values: { firstName, lastName },
        },
      ),
      translate(/*i18n*/ { id: "mails.contact.email", message: "Email: {email}", values: { email } }),
      translate(
        /*i18n*/ { id: "mails.contact.phone", message: "Phone: {phoneNumber}", values: { phoneNumber } },
      ),
      "",
      message.message,
    ].join("\n"),
  };
}

/**
 * Stores the message and its mail in one transaction, then tries to mail the school at once.
 * When that fails the message stays stored and queued: the outbox retries it.
 */
export async function submitContactMessage(
  deps: ContactDeps,
  message: ContactMessage,
): Promise<SubmitResult> {
  const { db, outbox, clock } = deps;
  const fingerprint = fingerprintOf(message);
  const now = clock.now();
  const since = new Date(now.getTime() - RESEND_WINDOW_MS).toISOString();

  // The school reads it in its owner's language, whatever page the visitor wrote from (docs/decisions/018).
  const mail = inLocale(await schoolLocale(db), () => mailFor(message));
  // Read before the transaction: on SQLite it holds the one connection.
  const to = await deps.schoolInbox();
  const stored = await db.transaction().execute(async (trx) => {
    const earlier = await findRecentMessage(trx, fingerprint, since);
    if (earlier) return earlier;

    const mailOutboxId = await outbox.enqueue({ to, replyTo: message.email, ...mail }, trx);
    const id = await insertMessage(trx, {
      ...message,
      fingerprint,
      mailOutboxId,
      createdAt: now.toISOString(),
    });
    return { id, mailOutboxId };
  });

  const delivered =
    !deps.mailConfigured || stored.mailOutboxId === null ? true : await outbox.deliver(stored.mailOutboxId);
  return { messageId: stored.id, delivered };
}
