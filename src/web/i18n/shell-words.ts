import type { Messages } from "@lingui/core";
import type { SiteContent } from "../../content/site-content.ts";
import type { Locale } from "../../domain/locale.ts";

/**
 * What every page of the app shell reads in a language before it paints: the parts of the words that
 * signed-in-words-*.ts gathers, and the school's texts (the footer's, the page titles'). The build writes them as one
 * JSON file per language (`/assets/words-app-es-<hash>.json`, cached for good like the scripts) and names both
 * languages' files on app.html's root (scripts/prerender.ts), as the public pages name theirs (page-words.ts): data
 * fetched beside the app, not script it parses (docs/decisions/044). The dev server's app.html names none: the
 * words then come from their modules, as before.
 */
export interface ShellWords {
  parts: Record<"common" | "appShell" | "shared" | "publicPages" | "client", Messages>;
  content: SiteContent;
}

/** The attribute of app.html's root that names a language's words file. */
export const shellWordsAttribute = (locale: Locale) => `data-words-${locale}`;

const fetched = new Map<Locale, Promise<ShellWords>>();

/** The build's words file in `locale`, fetched once; undefined where the page names none. */
export function shellWords(locale: Locale): Promise<ShellWords> | undefined {
  const address = document.getElementById("root")?.getAttribute(shellWordsAttribute(locale));
  if (!address) return undefined;
  let load = fetched.get(locale);
  if (!load) {
    load = fetch(address).then((response) => {
      if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
      return response.json() as Promise<ShellWords>;
    });
    fetched.set(locale, load);
  }
  return load;
}
