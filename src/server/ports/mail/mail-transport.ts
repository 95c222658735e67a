export interface OutgoingMail {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
}

/** Sends one message now, or throws. The outbox decides about retries. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}
