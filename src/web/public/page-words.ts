import type { Messages } from "@lingui/core";
import type { SiteContent } from "../../content/site-content.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * Everything a public page reads, in its language: its catalogues (`common`, `shared`, `public`) and the school's
 * texts, merged at build time (site-content.ts). The prerenderer writes them into the page itself, as JSON data
 * (never run as a script), and main.tsx reads them before the app hydrates. So a page never fetches another
 * language's words, costs no request for its own, and its scripts stay within 90 KB as served in either language
 * (docs/decisions/012, 018). The app shell loads the same catalogues by parts (i18n/catalogues.ts).
 */
export interface PageWords {
  locale: Locale;
  messages: Messages;
  content: SiteContent;
}

const elementId = "page-words";

/** The words as a data block of the page: `<` escaped, so no text in them can end the block. */
export function pageWordsBlock(words: PageWords): string {
  const json = JSON.stringify(words).replace(/</g, "\\u003c");
  return `<script type="application/json" id="${elementId}">${json}</script>`;
}

/** The words the prerenderer wrote into this page. */
export function readPageWords(): PageWords {
  const block = document.getElementById(elementId);
  if (!block?.textContent) throw new Error(`#${elementId} is missing from the page`);
  return JSON.parse(block.textContent) as PageWords;
}
