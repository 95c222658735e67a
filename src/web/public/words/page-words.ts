import type { Messages } from "@lingui/core";
import type { ContentOverlay } from "../../../content/site-content.ts";
import type { Locale } from "../../../domain/locale.ts";

/**
 * The words of a public page in one language: its catalogues (`common`, `shared`, `public`) and the school's texts
 * in that language, as ONE chunk per language (words/en.ts, words/es.ts), fetched beside the app (main.tsx). One
 * request instead of four keeps the page's scripts within 90 KB as served (each request costs its headers too),
 * and a page never fetches another language's words. The app shell loads the same catalogues by parts
 * (i18n/catalogues.ts), for the signed-in areas.
 */
export interface PageWords {
  locale: Locale;
  messages: Messages;
  /** The school's texts in this language (site-content.ts), when it is not English. */
  content?: ContentOverlay;
}

export const pageWords: Record<Locale, () => Promise<{ words: PageWords }>> = {
  en: () => import("./en.ts"),
  es: () => import("./es.ts"),
};
