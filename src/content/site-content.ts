import { defaultLocale, type Locale } from "../domain/locale.ts";
import { reelEmbedUrl, type SchoolSettings } from "../domain/school-settings.ts";

/**
 * The school's own texts (home, services, about, team, contact, shop, the reels' captions, alt texts, footer) in a
 * language. site.json holds them in English with everything that is not a text (addresses, media names, what the
 * server reads: embed origins, the calendar feed, the contact inbox); another language is an overlay of the same
 * shape holding only texts (site.es.json). `contentIn` is the one place that decides "Spanish, else English",
 * field by field: a text with no Spanish version, or an empty one, shows in English, never as an empty space.
 * The school's settings (contacts, social profile, contract form, reels: issue 24) are stored in the database once
 * the owner saves them; `withSettings` lays them over the content, and while none are saved site.json's stand.
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

/**
 * The content with the school's settings in it (`part` "contacts": only the contacts and the social profile, what
 * the server writes into a prerendered page's HTML; "all": the reels and the contract form too). A reel keeps its
 * place's still and alt text; a changed address is a real reel, no longer a still only.
 */
export function withSettings(
  content: SiteContent,
  settings: SchoolSettings | null,
  locale: Locale,
  part: "contacts" | "all" = "all",
): SiteContent {
  if (!settings) return content;
  const contacts = {
    ...content,
    contact: { ...content.contact, email: settings.email, phone: settings.phone },
    socialProfileUrl: settings.socialProfileUrl,
  };
  if (part === "contacts") return contacts;
  return {
    ...contacts,
    contractFormUrl: settings.contractFormUrl,
    reels: content.reels.map((reel, index) => {
      const setting = settings.reels[index];
      if (!setting) return reel;
      const caption =
        locale !== defaultLocale && setting.captionEs.trim() ? setting.captionEs : setting.caption;
      return {
        ...reel,
        url: setting.url,
        embedUrl: reelEmbedUrl(setting.url),
        caption,
        sample: setting.sample,
        placeholderOnly: reel.placeholderOnly && setting.url === reel.url,
      };
    }),
  };
}

const provided = new Map<Locale, SiteContent>();
/** What a prerendered page's HTML was rendered with, where the page now shows more (hydrate.tsx). */
const rendered = new Map<Locale, SiteContent>();
const listeners = new Set<() => void>();

/**
 * Gives the page its language's texts (main.tsx from the page, the prerenderer, the app shell's routes).
 * `renderedWith`: what the prerendered HTML shows, when `content` differs from it (settings the HTML cannot show
 * before hydration): hydration renders that, and the page then shows `content` (useSiteContent).
 */
export function provideSiteContent(locale: Locale, content: SiteContent, renderedWith?: SiteContent): void {
  provided.set(locale, content);
  if (renderedWith) rendered.set(locale, renderedWith);
  else rendered.delete(locale);
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever a language's texts are given again. */
export function subscribeSiteContent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The texts the page's HTML was rendered with (hydration reads these). */
export const renderedSiteContent = (locale: Locale): SiteContent =>
  rendered.get(locale) ?? siteContent(locale);

export const hasSiteContent = (locale: Locale): boolean => provided.has(locale);

/** The school's texts in `locale`, as given to the page. */
export function siteContent(locale: Locale): SiteContent {
  const content = provided.get(locale);
  if (!content) throw new Error(`The school's texts in "${locale}" were not given to this page`);
  return content;
}
