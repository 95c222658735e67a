import type { Locale } from "../domain/locale.ts";
import spanish from "./site.es.json";
import english from "./site.json";
import { contentIn, type SiteContent } from "./site-content.ts";

/** The school's texts in every language, for the prerenderer (it writes each page's into it) and tests. */
export const allSiteContent: Record<Locale, SiteContent> = {
  en: contentIn("en", english),
  es: contentIn("es", english, spanish),
};
