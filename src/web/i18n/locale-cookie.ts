import {
  defaultLocale,
  isLocale,
  type Locale,
  localeCookie,
  localeFromAcceptLanguage,
} from "../../domain/locale.ts";

/**
 * The `lang` cookie the language switch writes, read by the server before the browser's languages. Its own module,
 * so the switch on the public pages can write it without bringing every catalogue's loader (catalogues.ts) into
 * their bundle.
 */

/** The language a signed-out visitor's app shell page opens in: the switch's cookie, then the browser's. */
export function visitorLocale(): Locale {
  const fromCookie = new RegExp(`(?:^|; )${localeCookie}=([^;]*)`).exec(document.cookie)?.[1];
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(navigator.languages.join(",")) ?? defaultLocale;
}

/** Remembers a choice for this browser for a year; a later visit of a public page is sent to that language. */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser we serve
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=31536000; samesite=lax`;
}
