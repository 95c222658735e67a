import { i18n, type MessageDescriptor } from "@lingui/core";
import { defaultLocale, isLocale, type Locale } from "./locale.ts";

/**
 * How the words of src/domain (the spec's messages, shared by the browser and the server) reach the language of the
 * person reading them. In the browser, Lingui's own `i18n`, activated once per page load. The server answers many
 * people at once, each in their own language: at start-up it installs a reader of the language of the request or
 * mail being written (src/server/i18n). Every domain message is a getter or function calling `translate`, so
 * callers keep writing `messages.contactSent` and get it in the reader's language; dates and amounts formatted
 * in src/domain follow `readerLocale()` the same way.
 */
interface Reader {
  translate: (descriptor: MessageDescriptor) => string;
  locale: () => Locale;
}

/** The browser's: the page's one language, Lingui's global `i18n`. */
export const pageReader: Reader = {
  translate: (descriptor) => i18n._(descriptor),
  locale: () => (isLocale(i18n.locale) ? i18n.locale : defaultLocale),
};

let reader: Reader = pageReader;

export function installReader(next: Reader): void {
  reader = next;
}

export const translate = (descriptor: MessageDescriptor): string => reader.translate(descriptor);

/** The language the current page, request or mail is written in. */
export const readerLocale = (): Locale => reader.locale();
