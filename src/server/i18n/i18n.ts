import { type I18n, type MessageDescriptor, type Messages, setupI18n } from "@lingui/core";
import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import {
  defaultLocale,
  isLocale,
  type Locale,
  localeCookie,
  localeFromAcceptLanguage,
  locales,
} from "../../domain/locale.ts";
import { installReader } from "../../domain/translate.ts";
import { messages as enAppShell } from "../../locales/en/app-shell.ts";
import { messages as enCommon } from "../../locales/en/common.ts";
import { messages as enServer } from "../../locales/en/server.ts";
import { messages as esAppShell } from "../../locales/es/app-shell.ts";
import { messages as esCommon } from "../../locales/es/common.ts";
import { messages as esServer } from "../../locales/es/server.ts";
import type { AppEnv } from "../http/app-env.ts";
import { currentScope, inScope } from "../http/request-scope.ts";

/**
 * The server speaks to many people at once, each in their own language (docs/decisions/018): one Lingui instance
 * per language, and the language of the request or mail being written held in async-local storage
 * (http/request-scope.ts), so the words of src/domain (domain/translate.ts) and of the server read in that language
 * without passing it through every call.
 */
const catalogues: Record<Locale, Messages> = {
  en: { ...enCommon, ...enAppShell, ...enServer },
  es: { ...esCommon, ...esAppShell, ...esServer },
};
const instances = Object.fromEntries(
  locales.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: catalogues[locale] } })]),
) as Record<Locale, I18n>;

/** The language of the request or mail being written (English outside of one). */
export const currentLocale = (): Locale => currentScope()?.locale ?? defaultLocale;

/** Runs `write` with every message in `locale`: a mail to a person is written in their stored language. */
export function inLocale<T>(locale: Locale, write: () => T): T {
  return inScope({ locale }, write);
}

const requestReader = {
  translate: (descriptor: MessageDescriptor) => instances[currentLocale()]._(descriptor),
  locale: currentLocale,
};

/**
 * Makes src/domain read in the request's or mail's language: at import, and again by createApp, as the tests of
 * the browser's code (which share a worker's modules, docs/decisions/017) put the page's reader back between files.
 */
export const readInRequestLocale = () => installReader(requestReader);
readInRequestLocale();

/**
 * The language of a request: the one the page asks in (our browser code sends its own language as
 * Accept-Language), then the language switch's cookie, then English.
 */
export function requestLocale(acceptLanguage: string | undefined, cookie: () => string | undefined): Locale {
  const cookieLocale = () => {
    const value = cookie();
    return isLocale(value) ? value : defaultLocale;
  };
  if (!acceptLanguage) return cookieLocale();
  let asked = acceptLanguages.get(acceptLanguage);
  if (asked === undefined) {
    // A browser sends the same header on every request: each one is read once.
    if (acceptLanguages.size >= 100) acceptLanguages.clear();
    asked = localeFromAcceptLanguage(acceptLanguage);
    acceptLanguages.set(acceptLanguage, asked);
  }
  return asked ?? cookieLocale();
}
const acceptLanguages = new Map<string, Locale | null>();

/** Every answer is written in the request's language (errors included: see errors.ts). */
export const speakRequestLocale: MiddlewareHandler<AppEnv> = (c, next) => {
  const locale = requestLocale(c.req.header("accept-language"), () => getCookie(c, localeCookie));
  c.set("locale", locale);
  return inLocale(locale, next);
};
