import type { Messages } from "@lingui/core";
import type { SiteContent } from "../../content/site-content.ts";
import type { Locale } from "../../domain/locale.ts";
import type { PackageRow } from "./services/package-rows.ts";

/**
 * Everything a public page reads, in its language: its catalogues (`common`, `shared`, `public`) and the school's
 * texts, merged at build time (site-content.ts). The prerenderer writes them as one JSON file per language
 * (`/assets/words-es-<hash>.json`, cached for good like the scripts) and names it on the page's root; main.tsx
 * fetches it beside the app, before hydrating. So a page never fetches another language's words, nor, in Spanish,
 * the English texts it replaces; and its scripts hold no words at all, which keeps them within 90 KB as served in
 * either language (docs/decisions/012). The app shell loads the catalogues by parts (i18n/catalogues.ts).
 */
export interface PageWords {
  locale: Locale;
  messages: Messages;
  content: SiteContent;
  /** /services' packages table, written: its amounts would make hydration load the browser's ICU data. */
  packages: PackageRow[];
}

/** The attribute of the page's root (#root) that names its words' file. */
export const pageWordsAttribute = "data-words";

/** The words of the page whose root is `root`, as the prerenderer named them. */
export async function fetchPageWords(root: HTMLElement): Promise<PageWords> {
  const address = root.getAttribute(pageWordsAttribute);
  if (!address) throw new Error(`#${root.id} names no words (${pageWordsAttribute})`);
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
  return (await response.json()) as PageWords;
}
