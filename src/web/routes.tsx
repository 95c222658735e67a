import type { RouteObject } from "react-router";
import { SiteLayout } from "./layout/site-layout.tsx";
import type { PageMeta } from "./page-meta.ts";
import { paths } from "./paths.ts";
import { AboutPage } from "./public/about/about-page.tsx";
import { ContactPage } from "./public/contact/contact-page.tsx";
import { HomePage } from "./public/home/home-page.tsx";
import { NotFoundPage } from "./public/not-found-page.tsx";
import { OurTeamPage } from "./public/our-team/our-team-page.tsx";
import { ServicesPage } from "./public/services/services-page.tsx";
import { CartPage } from "./public/shop/cart-page.tsx";
import { ShopPage } from "./public/shop/shop-page.tsx";
import { adminRoutes, siteShellRoutes } from "./signed-in-routes.tsx";

const meta = (title: string, description: string): { handle: { meta: PageMeta } } => ({
  handle: { meta: { title, description } },
});

/**
 * Public pages are in the main bundle and prerendered; signed-in areas are lazy routes, so none of their code
 * reaches a visitor.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
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
      ...siteShellRoutes,
      { path: "*", element: <NotFoundPage />, ...meta("Page not found", "This page does not exist.") },
    ],
  },
  ...adminRoutes,
];
