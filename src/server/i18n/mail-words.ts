import { translate } from "../../domain/translate.ts";

/** Words every mail to a person shares, in the language the mail is written in (inLocale). */
export const mailWords = {
  greeting: (firstName: string) =>
    translate(/*i18n*/ { id: "mails.greeting", message: "Hello {firstName},", values: { firstName } }),
};
