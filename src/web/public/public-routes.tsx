import { msg } from "@lingui/core/macro";
import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { locales, localizedPath } from "../../domain/locale.ts";
import { paths } from "../../domain/paths.ts";
import { type PageMeta, pageHead } from "../page-meta.ts";
import { AboutPage } from "./about/about-page.tsx";
import { ContactPage } from "./contact/contact-page.tsx";
import { HomePage } from "./home/home-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { OurTeamPage } from "./our-team/our-team-page.tsx";
import { ServicesPage } from "./services/services-page.tsx";
import { CartPage } from "./shop/cart-page.tsx";
import { ShopPage } from "./shop/shop-page.tsx";

const meta = (title: PageMeta["title"], description: PageMeta["description"]) => ({
  handle: { meta: { title, description } satisfies PageMeta },
});

const publicPages: { path: string; element: ReactNode; handle: { meta: PageMeta } }[] = [
  {
    path: paths.home,
    element: <HomePage />,
    ...meta(
      msg`Swim lessons at home`,
      msg`Private swimming lessons at your home pool for babies, children, adults and beginners, taught by certified instructors.`,
    ),
  },
  {
    path: paths.services,
    element: <ServicesPage />,
    ...meta(msg`Services`, msg`Baby, learn-to-swim, advanced and adult swimming lessons at your home pool.`),
  },
  {
    path: paths.about,
    element: <AboutPage />,
    ...meta(msg`About`, msg`Meet our founder and the philosophy behind our home swimming lessons.`),
  },
  {
    path: paths.ourTeam,
    element: <OurTeamPage />,
    ...meta(msg`Our Team`, msg`Meet our founder and our certified swim instructors.`),
  },
  {
    path: paths.contact,
    element: <ContactPage />,
    ...meta(msg`Contact`, msg`Write to us to book swimming lessons at your home pool.`),
  },
  {
    path: paths.shop,
    element: <ShopPage />,
    ...meta(msg`Shop`, msg`Swimwear, towels and training gear: our shop is coming soon.`),
  },
  {
    path: paths.cart,
    element: <CartPage />,
    ...meta(msg`Cart`, msg`Your shopping cart: our shop is coming soon.`),
  },
];

/**
 * The prerendered pages, in every language (`/services` and `/es/services`), shared by the public pages' own router
 * (main.tsx) and the app shell's (routes.tsx). A page reads its language from the page (activated before its first
 * render), not from the route: both routes show the same component.
 */
export const publicPageRoutes: RouteObject[] = locales.flatMap((locale) =>
  publicPages.map((page) => ({ ...page, path: localizedPath(page.path, locale) })),
);

export const notFoundMeta = meta(msg`Page not found`, msg`This page does not exist.`);
export const notFoundRoute: RouteObject = { path: "*", element: <NotFoundPage />, ...notFoundMeta };

/** The meta a route's `handle` carries (the deepest match's is the page's). */
export const metaOf = (handle: unknown): PageMeta | undefined =>
  (handle as { meta?: PageMeta } | undefined)?.meta;

/** After a navigation in the browser: the title and description the prerendered HTML would have had. */
export function applyPageMeta(meta: PageMeta | undefined): void {
  const head = pageHead(meta);
  document.title = head.title;
  if (head.description)
    document.querySelector('meta[name="description"]')?.setAttribute("content", head.description);
}
