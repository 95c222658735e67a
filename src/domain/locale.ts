/**
 * The languages the site speaks, and how a language is chosen (docs/decisions/018): the address for the public
 * pages (`/es/...` beside today's addresses), then a person's stored choice, then the `lang` cookie the switch
 * writes, then the browser's languages. English is the source language: the spec's words are English.
 */
export const locales = ["en", "es"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The name of each language in itself, for the switch. */
export const localeNames: Record<Locale, string> = { en: "English", es: "Español" };

/**
 * BCP 47 tags for Intl: the school is in the United States (spec §9: calendar locale en-US; its phone is +1), so its
 * Spanish is US Spanish too: "5 de marzo de 2026", and amounts in dollars written "$60" as the families know them.
 */
export const localeTags: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** The cookie the language switch writes, read by the server before the browser's languages. */
export const localeCookie = "lang";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (locales as readonly string[]).includes(value);

/** The best supported language of an Accept-Language header (`es-MX,es;q=0.9,en;q=0.8`), or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", q: q ? Number(q) : 1, index };
    })
    .filter(({ language, q }) => language && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { language } of ranked) if (isLocale(language)) return language;
  return null;
}

/** The language an address is written in: `/es` and `/es/...` are Spanish, every other address English. */
export function localeOfPath(pathname: string): Locale {
  for (const locale of locales)
    if (locale !== defaultLocale && (pathname === `/${locale}` || pathname.startsWith(`/${locale}/`)))
      return locale;
  return defaultLocale;
}

/** The address without its language prefix: `/es/services` → `/services`, `/es` → `/`. */
export function unlocalizedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === defaultLocale) return pathname;
  return pathname.slice(locale.length + 1) || "/";
}

/** A public page's address in a language: `/services` in Spanish is `/es/services`, `/` is `/es/`. */
export function localizedPath(path: string, locale: Locale): string {
  const bare = unlocalizedPath(path);
  if (locale === defaultLocale) return bare;
  return bare === "/" ? `/${locale}/` : `/${locale}${bare}`;
}
