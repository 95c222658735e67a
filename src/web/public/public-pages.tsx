import { msg } from "@lingui/core/macro";
import type { RouteObject } from "react-router";
import { type Locale, locales, localizedPath } from "../../domain/locale.ts";
import { paths } from "../../domain/paths.ts";
import { type PageMeta, pageHead } from "../page-meta.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * The public pages' addresses and titles, without their code: the public pages' router (public-routes.tsx) gives
 * each its page at once, the app shell's (routes.tsx) loads the pages when a signed-in person first opens one, so a
 * parent's dashboard does not download the home page's reels and the contact form (issue 31).
 */
const meta = (title: PageMeta["title"], description: PageMeta["description"]) => ({
  handle: { meta: { title, description } satisfies PageMeta },
});

export const publicPages = [
  {
    path: paths.home,
    ...meta(
      msg`Swim lessons at home`,
      msg`Private swimming lessons at your home pool for babies, children, adults and beginners, taught by certified instructors.`,
    ),
  },
  {
    path: paths.services,
    ...meta(msg`Services`, msg`Baby, learn-to-swim, advanced and adult swimming lessons at your home pool.`),
  },
  {
    path: paths.about,
    ...meta(msg`About`, msg`Meet our founder and the philosophy behind our home swimming lessons.`),
  },
  {
    path: paths.ourTeam,
    ...meta(msg`Our Team`, msg`Meet our founder and our certified swim instructors.`),
  },
  {
    path: paths.contact,
    ...meta(msg`Contact`, msg`Write to us to book swimming lessons at your home pool.`),
  },
  {
    path: paths.shop,
    ...meta(msg`Shop`, msg`Swimwear, towels and training gear: our shop is coming soon.`),
  },
  {
    path: paths.cart,
    ...meta(msg`Cart`, msg`Your shopping cart: our shop is coming soon.`),
  },
] as const;

export type PublicPagePath = (typeof publicPages)[number]["path"];

/**
 * Every public page in every language (`/services` and `/es/services`), with the page it shows (`page`). A page
 * reads its language from the page (activated before its first render), not from the route: both routes show the
 * same component.
 */
export const localizedPublicPages: { path: string; page: PublicPagePath; handle: { meta: PageMeta } }[] =
  locales.flatMap((locale) =>
    publicPages.map((page) => ({ ...page, page: page.path, path: localizedPath(page.path, locale) })),
  );

export const notFoundMeta = meta(msg`Page not found`, msg`This page does not exist.`);
export const notFoundRoute: RouteObject = { path: "*", element: <NotFoundPage />, ...notFoundMeta };

/** The meta a route's `handle` carries (the deepest match's is the page's). */
export const metaOf = (handle: unknown): PageMeta | undefined =>
  (handle as { meta?: PageMeta } | undefined)?.meta;

/** After a navigation in the browser: the title and description the prerendered HTML would have had. */
export function applyPageMeta(meta: PageMeta | undefined, locale?: Locale): void {
  const head = pageHead(meta, locale);
  document.title = head.title;
  if (head.description)
    document.querySelector('meta[name="description"]')?.setAttribute("content", head.description);
}
