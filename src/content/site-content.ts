import { defaultLocale, type Locale } from "../domain/locale.ts";

/**
 * The school's own texts (home, services, about, team, contact, shop, the reels' captions, alt texts, footer) in a
 * language. site.json holds them in English with everything that is not a text (addresses, media names, what the
 * server reads: embed origins, the calendar feed, the contact inbox); another language is an overlay of the same
 * shape holding only texts (site.es.json). `contentIn` is the one place that decides "Spanish, else English",
 * field by field: a text with no Spanish version, or an empty one, shows in English, never as an empty space.
 * (Issue 24 moves some texts into the database: its settings join here.)
 *
 * A page is given its language's texts once, before its first render (`provideSiteContent`): a prerendered page
 * finds them, already merged, in its HTML (scripts/prerender.ts, public/page-words.ts), so it never downloads
 * another language's texts, nor the English ones a Spanish page replaces; the app shell loads them
 * (load-site-content.ts).
 */
export type SiteContent = typeof import("./site.json");

/** A deep partial of the content: objects by key, lists by position (the 3rd reel's caption is `reels[2]`). */
export type ContentOverlay<T = SiteContent> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? ContentOverlay<Item>[]
    : T extends object
      ? { [Key in keyof T]?: ContentOverlay<T[Key]> }
      : T;

/** Each overlay value over its English one; missing or blank values, and anything of another kind, stay English. */
export function mergeContent<T>(english: T, overlay: unknown): T {
  if (typeof english === "string")
    return (typeof overlay === "string" && overlay.trim() ? overlay : english) as T;
  if (Array.isArray(english)) {
    const items = Array.isArray(overlay) ? overlay : [];
    return english.map((item, index) => mergeContent(item, items[index])) as T;
  }
  if (english && typeof english === "object") {
    const fields = overlay && typeof overlay === "object" && !Array.isArray(overlay) ? overlay : {};
    return Object.fromEntries(
      Object.entries(english).map(([key, value]) => [
        key,
        mergeContent(value, (fields as Record<string, unknown>)[key]),
      ]),
    ) as T;
  }
  return english;
}

/** The school's texts in `locale`: that language's own, and the English one wherever it has none. */
export function contentIn(locale: Locale, english: SiteContent, overlay?: ContentOverlay): SiteContent {
  return locale === defaultLocale || !overlay ? english : mergeContent(english, overlay);
}

const provided = new Map<Locale, SiteContent>();

/** Gives the page its language's texts (main.tsx from the page, the prerenderer, the app shell's routes). */
export function provideSiteContent(locale: Locale, content: SiteContent): void {
  provided.set(locale, content);
}

export const hasSiteContent = (locale: Locale): boolean => provided.has(locale);

/** The school's texts in `locale`, as given to the page. */
export function siteContent(locale: Locale): SiteContent {
  const content = provided.get(locale);
  if (!content) throw new Error(`The school's texts in "${locale}" were not given to this page`);
  return content;
}
