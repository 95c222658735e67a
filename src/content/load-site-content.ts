import type { Locale } from "../domain/locale.ts";
import { type ContentOverlay, contentIn, type SiteContent } from "./site-content.ts";

/** Each language's overlay of site.json, a chunk of its own. */
const overlays: Partial<Record<Locale, () => Promise<{ default: ContentOverlay }>>> = {
  es: () => import("./site.es.json"),
};

/**
 * The school's texts in `locale`, fetched for the app shell (a prerendered page has them in its HTML). Without its
 * overlay (not fetched), a language shows the English texts rather than none.
 */
export async function loadSiteContent(locale: Locale): Promise<SiteContent> {
  const [english, overlay] = await Promise.all([
    import("./site.json").then((module) => module.default),
    overlays[locale]?.().then(
      (module) => module.default,
      () => undefined,
    ),
  ]);
  return contentIn(locale, english, overlay);
}
