import type { RouteObject } from "react-router";
import { paths } from "../../domain/paths.ts";
import { documentTitle, type PageMeta } from "../page-meta.ts";
import { AboutPage } from "./about/about-page.tsx";
import { ContactPage } from "./contact/contact-page.tsx";
import { HomePage } from "./home/home-page.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { OurTeamPage } from "./our-team/our-team-page.tsx";
import { ServicesPage } from "./services/services-page.tsx";
import { CartPage } from "./shop/cart-page.tsx";
import { ShopPage } from "./shop/shop-page.tsx";

const meta = (title: string, description: string): { handle: { meta: PageMeta } } => ({
  handle: { meta: { title, description } },
});

/** The prerendered pages, shared by the public pages' own router (main.tsx) and the app shell's (routes.tsx). */
export const publicPageRoutes: RouteObject[] = [
  {
    path: paths.home,
    element: <HomePage />,
    ...meta(
      "Swim lessons at home",
      "Private swimming lessons at your home pool for babies, children, adults and beginners, taught by certified instructors.",
    ),
  },
  {
    path: paths.services,
    element: <ServicesPage />,
    ...meta("Services", "Baby, learn-to-swim, advanced and adult swimming lessons at your home pool."),
  },
  {
    path: paths.about,
    element: <AboutPage />,
    ...meta("About", "Meet our founder and the philosophy behind our home swimming lessons."),
  },
  {
    path: paths.ourTeam,
    element: <OurTeamPage />,
    ...meta("Our Team", "Meet our founder and our certified swim instructors."),
  },
  {
    path: paths.contact,
    element: <ContactPage />,
    ...meta("Contact", "Write to us to book swimming lessons at your home pool."),
  },
  {
    path: paths.shop,
    element: <ShopPage />,
    ...meta("Shop", "Swimwear, towels and training gear: our shop is coming soon."),
  },
  {
    path: paths.cart,
    element: <CartPage />,
    ...meta("Cart", "Your shopping cart: our shop is coming soon."),
  },
];

export const notFoundMeta = meta("Page not found", "This page does not exist.");
export const notFoundRoute: RouteObject = { path: "*", element: <NotFoundPage />, ...notFoundMeta };

/** The meta a route's `handle` carries (the deepest match's is the page's). */
export const metaOf = (handle: unknown): PageMeta | undefined =>
  (handle as { meta?: PageMeta } | undefined)?.meta;

/** After a navigation in the browser: the title and description the prerendered HTML would have had. */
export function applyPageMeta(meta: PageMeta | undefined): void {
  document.title = documentTitle(meta);
  if (meta) document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
}
