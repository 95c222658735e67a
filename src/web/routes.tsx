import { Suspense, use, useEffect } from "react";
import { type RouteObject, useMatches } from "react-router";
import { type ContentOverlay, hasContentIn, provideContentOverlay } from "../content/site-content.ts";
import type { Locale } from "../domain/locale.ts";
import { usePageLocale } from "./layout/page-language.ts";
import { SiteLayout } from "./layout/site-layout.tsx";
import { applyPageMeta, metaOf, notFoundRoute, publicPageRoutes } from "./public/public-routes.tsx";
import { adminRoutes, siteShellRoutes } from "./signed-in-routes.tsx";

/**
 * The school's texts in a language other than English: a chunk of their own, fetched the first time the app
 * shell shows the site's chrome in that language (a prerendered page gets them with its words, main.tsx).
 */
const contentOverlays: Partial<Record<Locale, () => Promise<{ default: ContentOverlay }>>> = {
  es: () => import("../content/site.es.json"),
};
const contentLoads = new Map<Locale, Promise<void>>();

/** Resolves once the texts of `locale` are there; undefined when they already are. A failed fetch shows English. */
function contentLoad(locale: Locale): Promise<void> | undefined {
  if (hasContentIn(locale)) return undefined;
  let load = contentLoads.get(locale);
  if (!load) {
    load = (contentOverlays[locale]?.() ?? Promise.reject(new Error(`no texts in ${locale}`))).then(
      (overlay) => provideContentOverlay(locale, overlay.default),
      () => undefined,
    );
    contentLoads.set(locale, load);
  }
  return load;
}

/** The site layout with the document head following the page, as the prerendered HTML has it. */
function SiteLayoutWithMeta() {
  const pending = contentLoad(usePageLocale());
  if (pending) use(pending);
  const meta = metaOf(useMatches().at(-1)?.handle);
  useEffect(() => applyPageMeta(meta), [meta]);
  return <SiteLayout />;
}

/**
 * Every page, for the app shell (app.html, app-shell-main.tsx): signed-in areas are lazy routes, so none of their
 * code reaches a visitor. The public pages are here too (in both languages), for a signed-in person moving between
 * them and their own pages without a page load; a visitor gets them prerendered, with the lighter router of
 * public/public-app.tsx.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <Suspense>
        <SiteLayoutWithMeta />
      </Suspense>
    ),
    children: [...publicPageRoutes, ...siteShellRoutes, notFoundRoute],
  },
  ...adminRoutes,
];
