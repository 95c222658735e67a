import {
  Component,
  type ComponentType,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useLayoutEffect,
} from "react";
import {
  matchRoutes,
  Outlet,
  type RouteMatch,
  type RouteObject,
  renderMatches,
  useLocation,
} from "react-router";
import { loadSiteContent } from "../content/load-site-content.ts";
import { hasSiteContent, provideSiteContent, withSettings } from "../content/site-content.ts";
import type { Locale } from "../domain/locale.ts";
import { removeFirstFrame } from "./first-frame.ts";
import { shellWords } from "./i18n/shell-words.ts";
import { usePageLocale } from "./layout/page-language.ts";
import { SiteLayout } from "./layout/site-layout.tsx";
import { nextTask } from "./next-task.ts";
import type { PageMeta } from "./page-meta.ts";
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
    // From the build's words file (shell-words.ts), fetched with the page's words; else from the texts' chunks.
    const texts =
      shellWords(locale)?.then(
        (words) => words.content,
        () => loadSiteContent(locale),
      ) ?? loadSiteContent(locale);
    load = texts.then((content) => provideSiteContent(locale, withSettings(content, pageSettings(), locale)));
    contentLoads.set(locale, load);
  }
  return load;
}

/** The document head following the page, as the prerendered HTML has it; its title needs the school's name. */
function usePageMeta(): void {
  const locale = usePageLocale();
  const meta = pageMetaAt(useLocation().pathname);
  useEffect(() => {
    let current = true;
    const apply = () => {
      if (current) applyPageMeta(meta, locale);
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
 * The public pages in the app shell: their code loads when a signed-in person first opens one, so it is no part of
 * the signed-in pages' first load.
 */
const publicPageRoutes: RouteObject[] = localizedPublicPages.map(({ page, ...route }) => ({
  ...route,
  lazy: () => import("./public/public-routes.tsx").then((m) => ({ element: m.publicPageElements[page] })),
}));

/** What a lazy route's import gives: a page's component, or (the public pages) its element. */
type RouteModule = { Component?: ComponentType; element?: ReactNode };

/** Each lazy route's loader, fetched once: by preloadRoutes or when the page is first shown. */
const loaders = new WeakMap<RouteObject, () => Promise<RouteModule>>();

/**
 * The routes with each `lazy` made an element that shows the page once its code is there. React Router's data
 * router loads lazy routes itself, but weighs about three times its declarative router (docs/decisions/012, 044);
 * the app shell uses the declarative one, and loads the first page's code before its first render (preloadRoutes),
 * as the data router did, so no first page shows half its layout while its code arrives. A later page's code loads
 * inside the navigation's transition: the page shown stays until the next one can render.
 */
function withLazyElements(route: RouteObject): RouteObject {
  const { lazy: load, children, ...rest } = route;
  const converted = {
    ...rest,
    ...(children ? { children: children.map(withLazyElements) } : {}),
  } as RouteObject;
  if (typeof load !== "function") return converted;
  let module: RouteModule | undefined;
  let loading: Promise<RouteModule> | undefined;
  const preload = () => {
    loading ??= (load as () => Promise<RouteModule>)().then((loaded) => {
      module = loaded;
      return loaded;
    });
    return loading;
  };
  function LazyRoute() {
    const shown = module ?? use(preload());
    return shown.Component ? <shown.Component /> : shown.element;
  }
  converted.element = <LazyRoute />;
  loaders.set(converted, preload);
  return converted;
}

/**
 * Every page, for the app shell (app.html, app-shell-main.tsx): signed-in areas are lazy routes, so none of their
 * code reaches a visitor. The public pages are here too (in both languages, lazy as well), for a signed-in person
 * moving between them and their own pages without a page load; a visitor gets them prerendered, with the lighter
 * router of public/public-app.tsx.
 */
const routes: RouteObject[] = [
  {
    element: (
      <Suspense>
        <SiteLayoutWithMeta />
      </Suspense>
    ),
    children: [...publicPageRoutes, ...siteShellRoutes, notFoundRoute],
  },
  { element: <AdminWithMeta />, children: adminRoutes },
].map(withLazyElements);

/**
 * The routes an address shows, worked out once per address (the last 100 kept): React Router flattens and ranks
 * every route on each matchRoutes call, and one render asks for the same address several times. On the server
 * that was a quarter of the CPU drawing a client page (docs/decisions/059).
 */
const matched = new Map<string, RouteMatch[] | null>();
function matchesAt(pathname: string): readonly RouteMatch[] | null {
  let matches = matched.get(pathname);
  if (matches === undefined) {
    matches = matchRoutes(routes, pathname);
    if (matched.size >= 100) matched.delete(matched.keys().next().value as string);
    matched.set(pathname, matches);
  }
  return matches;
}

/** What the page at `pathname` tells the document head (its title and description), if it says. */
export function pageMetaAt(pathname: string): PageMeta | undefined {
  return metaOf(matchesAt(pathname)?.at(-1)?.route.handle);
}

/**
 * Loads the code of every route the address shows (its layouts and its page); settles when all have arrived. Each
 * route's import starts in a task of its own: Vite's loader adds a link to the head for every chunk and stylesheet
 * the route needs, which for /today's page took as long as evaluating React (docs/decisions/050).
 */
export async function preloadRoutes(pathname: string): Promise<unknown> {
  const loads: Promise<RouteModule>[] = [];
  for (const { route } of matchesAt(pathname) ?? []) {
    const load = loaders.get(route);
    if (!load) continue;
    await nextTask();
    loads.push(load());
  }
  return Promise.all(loads);
}

/**
 * What the app shell shows when a page fails (its code did not load, or it threw while rendering): the words React
 * Router's data router showed, and no first frame over them (first-frame.ts). Going to another page tries again.
 */
class PageFailed extends Component<
  { pathname: string; children: ReactNode },
  { error: unknown; pathname: string | undefined }
> {
  override state: { error: unknown; pathname: string | undefined } = {
    error: undefined,
    pathname: undefined,
  };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { error: unknown; pathname: string | undefined },
  ) {
    if (state.error === undefined) return { pathname: props.pathname };
    return state.pathname === props.pathname ? null : { error: undefined, pathname: props.pathname };
  }
  override componentDidCatch() {
    removeFirstFrame();
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3>{error instanceof Error ? error.message : String(error)}</h3>
      </>
    );
  }
}

/**
 * The app shell's pages, under the declarative router's BrowserRouter (app-shell-main.tsx) or the server's
 * StaticRouter. What `useRoutes(routes)` renders, from the matches kept by address: useRoutes matches afresh on
 * every render.
 */
export function AppShellRoutes() {
  const { pathname } = useLocation();
  return (
    <PageFailed pathname={pathname}>{renderMatches(matchesAt(pathname) as RouteMatch[] | null)}</PageFailed>
  );
}
