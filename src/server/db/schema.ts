import type { Generated } from "kysely";

/** Timestamps are ISO-8601 strings in UTC on both engines, so they compare and sort the same way. */
export type Timestamp = string;

export interface ContactMessageTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
  /** Hash of the fields, so a visitor who resends after a failure does not store the same message twice. */
  fingerprint: string;
  /** The mail that tells the school about this message. */
  mailOutboxId: number | null;
  createdAt: Timestamp;
}

export type MailStatus = "pending" | "sent" | "logged";

export interface MailOutboxTable {
  id: Generated<number>;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Timestamp;
  sentAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface Database {
  contactMessage: ContactMessageTable;
  mailOutbox: MailOutboxTable;
}
