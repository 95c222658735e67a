import { i18n, type MessageDescriptor } from "@lingui/core";
import { siteContent } from "../content/site-content.ts";
import { defaultLocale, isLocale, type Locale } from "../domain/locale.ts";

/**
 * What a route tells the document head, as messages (`msg`): translated where the head is written, in the page's
 * language, by the prerenderer in HTML and by the layout on navigation. Never a string made when routes are
 * defined: no language is active then.
 */
export interface PageMeta {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/**
 * The document's title ("Services | Aqua Nest Swim School") and description, in the active language; the school's
 * name in `locale`'s texts, which the caller knows are there (default: the active language's). In the app shell the
 * person's own language may become the active one between a render and its effects (app-shell-main.tsx), before
 * its texts have arrived: the effect passes the language it rendered in, and runs again in the new one.
 */
export function pageHead(
  meta: PageMeta | undefined,
  locale: Locale = isLocale(i18n.locale) ? i18n.locale : defaultLocale,
): { title: string; description?: string } {
  const school = siteContent(locale).school.name;
  if (!meta) return { title: school };
  return { title: `${i18n._(meta.title)} | ${school}`, description: i18n._(meta.description) };
}
