import { useLingui } from "@lingui/react";
import { useCallback, useSyncExternalStore } from "react";
import {
  renderedSiteContent,
  type SiteContent,
  siteContent,
  subscribeSiteContent,
} from "../../content/site-content.ts";
import { defaultLocale, isLocale, type Locale, localizedPath } from "../../domain/locale.ts";
import { publicPaths } from "../../domain/paths.ts";

/**
 * The language the page speaks: the one activated before its first render (its address for a public page, the
 * person's choice in the app shell, docs/decisions/018). A page speaks it for its whole life.
 */
export function usePageLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : defaultLocale;
}

/**
 * The school's texts in the page's language (English where one has no translation), with the school's settings. A
 * prerendered page hydrates with what its HTML shows, then shows the settings it could not (its reels).
 */
export function useSiteContent(): SiteContent {
  const locale = usePageLocale();
  return useSyncExternalStore(
    subscribeSiteContent,
    () => siteContent(locale),
    () => renderedSiteContent(locale),
  );
}

const isPublicPath = (path: string) => (publicPaths as readonly string[]).includes(path);

/**
 * Links in the page's language: a public page's address in it (`/contact` on a Spanish page is `/es/contact`);
 * the signed-in pages keep theirs, whatever the language.
 */
export function useLocalizedPath(): (path: string) => string {
  const locale = usePageLocale();
  return useCallback((path: string) => (isPublicPath(path) ? localizedPath(path, locale) : path), [locale]);
}
