import nodemailer from "nodemailer";
import { htmlOfMail } from "./mail-html.ts";
import type { MailTransport } from "./mail-transport.ts";

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // A visitor waits on the first attempt, so give up quickly; the outbox retries later.
  const url = new URL(smtpUrl);
  for (const [name, ms] of [
    ["connectionTimeout", 5_000],
    ["greetingTimeout", 5_000],
    ["socketTimeout", 10_000],
  ] as const) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        // The text is the mail; the HTML part says the same in the site's look (issue 24).
        text: mail.text,
        html: htmlOfMail(mail.subject, mail.text),
      });
    },
  };
}
