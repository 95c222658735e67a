import { defaultLocale, type Locale } from "../domain/locale.ts";
import base from "./site.json";

/**
 * The school's own texts (home, services, about, team, contact, shop, the reels' captions, alt texts, footer) in a
 * language. site.json holds them in English with everything that is not a text (addresses, media names, the
 * server's readers: embed origins, the calendar feed, the contact inbox); another language is an overlay of the
 * same shape holding only texts (site.es.json), loaded with that language's words. `siteContent` is the one place
 * that decides "Spanish, else English", field by field: a text with no Spanish version, or an empty one, shows
 * in English, never as an empty space. (Issue 24 moves some texts into the database: its settings join here.)
 */
export type SiteContent = typeof base;

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

const overlays = new Map<Locale, ContentOverlay>();
const merged = new Map<Locale, SiteContent>([[defaultLocale, base]]);

/** Gives the texts of a language (its overlay, once loaded: main.tsx, the prerenderer, the app shell's routes). */
export function provideContentOverlay(locale: Locale, overlay: ContentOverlay): void {
  overlays.set(locale, overlay);
  merged.delete(locale);
}

/** Whether `siteContent(locale)` has that language's texts (English always has them). */
export const hasContentIn = (locale: Locale): boolean => locale === defaultLocale || overlays.has(locale);

/** The school's texts in `locale`, each in English where that language has none. */
export function siteContent(locale: Locale): SiteContent {
  let content = merged.get(locale);
  if (!content) {
    content = mergeContent(base, overlays.get(locale));
    merged.set(locale, content);
  }
  return content;
}
