import { Suspense, use, useEffect, useLayoutEffect } from "react";
import { Outlet, type RouteObject, useMatches } from "react-router";
import { loadSiteContent } from "../content/load-site-content.ts";
import { hasSiteContent, provideSiteContent, withSettings } from "../content/site-content.ts";
import type { Locale } from "../domain/locale.ts";
import { removeFirstFrame } from "./first-frame.ts";
import { usePageLocale } from "./layout/page-language.ts";
import { SiteLayout } from "./layout/site-layout.tsx";
import { pageSettings } from "./page-settings.ts";
import { applyPageMeta, localizedPublicPages, metaOf, notFoundRoute } from "./public/public-pages.tsx";
import { adminRoutes, siteShellRoutes } from "./signed-in-routes.tsx";

/**
 * The school's texts in the page's language, fetched the first time the app shell shows the site's chrome (a
 * prerendered page has them in its HTML).
 */
const contentLoads = new Map<Locale, Promise<void>>();
function contentLoad(locale: Locale): Promise<void> | undefined {
  if (hasSiteContent(locale)) return undefined;
  let load = contentLoads.get(locale);
  if (!load) {
    load = loadSiteContent(locale).then((content) =>
      provideSiteContent(locale, withSettings(content, pageSettings(), locale)),
    );
    contentLoads.set(locale, load);
  }
  return load;
}

/** The document head following the page, as the prerendered HTML has it; its title needs the school's name. */
function usePageMeta(): void {
  const locale = usePageLocale();
  const meta = metaOf(useMatches().at(-1)?.handle);
  useEffect(() => {
    let current = true;
    const apply = () => {
      if (current) applyPageMeta(meta);
    };
    const pending = contentLoad(locale);
    // Without the texts (their chunk failed), the page keeps the title it has.
    if (pending) pending.then(apply, () => undefined);
    else apply();
    return () => {
      current = false;
    };
  }, [meta, locale]);
}

/**
 * The site layout, once the school's texts are there (its footer and the public pages show them). `use` comes after
 * every hook: React may replay a component that waited in a transition as soon as what it waited for arrives, with
 * the hooks its first try made. The texts are there by then, so the replay skips `use`, and a hook after it would
 * be one its first try never made (React's error #467, recovered as #520 by rendering the whole page again).
 */
function SiteLayoutWithMeta() {
  const locale = usePageLocale();
  usePageMeta();
  useLayoutEffect(removeFirstFrame, []);
  const pending = contentLoad(locale);
  if (pending) use(pending);
  return <SiteLayout />;
}

/** The admin area has its own chrome: only its pages' titles come from here. */
function AdminWithMeta() {
  usePageMeta();
  // The page's first frame (first-frame.ts) goes as the app's first screen is drawn, in the same paint.
  useLayoutEffect(removeFirstFrame, []);
  return <Outlet />;
}

/**
 * What the app shell shows while its first page's lazy route loads: nothing, as before the router knew it (the
 * route guard's Loading... follows). Named, so React Router does not warn on every signed-in page that it has no
 * HydrateFallback (issue 24).
 */
function FirstPageLoading() {
  return null;
}

/**
 * The public pages in the app shell: their code loads when a signed-in person first opens one, so it is no part of
 * the signed-in pages' first load.
 */
const publicPageRoutes: RouteObject[] = localizedPublicPages.map(({ page, ...route }) => ({
  ...route,
  lazy: () => import("./public/public-routes.tsx").then((m) => ({ element: m.publicPageElements[page] })),
}));

/**
 * Every page, for the app shell (app.html, app-shell-main.tsx): signed-in areas are lazy routes, so none of their
 * code reaches a visitor. The public pages are here too (in both languages, lazy as well), for a signed-in person
 * moving between them and their own pages without a page load; a visitor gets them prerendered, with the lighter
 * router of public/public-app.tsx.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <Suspense>
        <SiteLayoutWithMeta />
      </Suspense>
    ),
    HydrateFallback: FirstPageLoading,
    children: [...publicPageRoutes, ...siteShellRoutes, notFoundRoute],
  },
  { element: <AdminWithMeta />, HydrateFallback: FirstPageLoading, children: adminRoutes },
];
