import content from "../../content/site.json" with { type: "json" };
import { translate } from "../../domain/translate.ts";

/** The school's e-mail and phone as this instance last read School settings (site.json's until then). */
let schoolContacts = { email: content.contact.email, phone: content.contact.phone };

/** Called by the settings service (server/settings) whenever it reads or saves the settings. */
export function setSchoolContacts(contacts: { email: string; phone: string }): void {
  schoolContacts = { email: contacts.email, phone: contacts.phone };
}

/** Why a person gets a mail, said at its foot (issue 24). */
export type MailReason = "account" | "reminders" | "newsletter";

const reasons: Record<MailReason, () => string> = {
  account: () =>
    translate(
      /*i18n*/ {
        id: "mails.foot.reasonAccount",
        message: "You get this mail because you have an account at {school}.",
        values: { school: content.school.name },
      },
    ),
  reminders: () =>
    translate(
      /*i18n*/ {
        id: "mails.foot.reasonReminders",
        message: "You get this mail because class reminders are on for your account at {school}.",
        values: { school: content.school.name },
      },
    ),
  newsletter: () =>
    translate(
      /*i18n*/ {
        id: "mails.foot.reasonNewsletter",
        message: "You get this mail because this address was given to receive the news of {school}.",
        values: { school: content.school.name },
      },
    ),
};

/** Words every mail to a person shares, in the language the mail is written in (inLocale). */
export const mailWords = {
  greeting: (firstName: string) =>
    translate(/*i18n*/ { id: "mails.greeting", message: "Hello {firstName},", values: { firstName } }),
  /**
   * The foot of every mail to a person, after the usual "-- " signature line: the school's name, its contacts and
   * address, and why this person gets the mail. A mail client shows the plain text as it is, so it says it all.
   */
  foot: (siteUrl: string, reason: MailReason) =>
    [
      "-- ",
      content.school.name,
      // School settings' contacts, as this instance last read them.
      `${schoolContacts.email} · ${schoolContacts.phone}`,
      siteUrl,
      reasons[reason](),
    ].join("\n"),
};
