import { i18n, type MessageDescriptor } from "@lingui/core";
import { siteContent } from "../content/site-content.ts";
import { defaultLocale, isLocale } from "../domain/locale.ts";

/**
 * What a route tells the document head, as messages (`msg`): translated where the head is written, in the page's
 * language, by the prerenderer in HTML and by the layout on navigation. Never a string made when routes are
 * defined: no language is active then.
 */
export interface PageMeta {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/** The document's title ("Services | Aqua Nest Swim School") and description, in the active language. */
export function pageHead(meta: PageMeta | undefined): { title: string; description?: string } {
  const school = siteContent(isLocale(i18n.locale) ? i18n.locale : defaultLocale).school.name;
  if (!meta) return { title: school };
  return { title: `${i18n._(meta.title)} | ${school}`, description: i18n._(meta.description) };
}
