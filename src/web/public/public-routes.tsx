import type { ReactNode } from "react";
import type { RouteObject } from "react-router";
import { paths } from "../../domain/paths.ts";
import { AboutPage } from "./about/about-page.tsx";
import { ContactPage } from "./contact/contact-page.tsx";
import { HomePage } from "./home/home-page.tsx";
import { OurTeamPage } from "./our-team/our-team-page.tsx";
import { localizedPublicPages, type PublicPagePath } from "./public-pages.tsx";
import { ServicesPage } from "./services/services-page.tsx";
import { CartPage } from "./shop/cart-page.tsx";
import { ShopPage } from "./shop/shop-page.tsx";

export { applyPageMeta, metaOf, notFoundMeta, notFoundRoute } from "./public-pages.tsx";

/** What each public page shows. */
export const publicPageElements: Record<PublicPagePath, ReactNode> = {
  [paths.home]: <HomePage />,
  [paths.services]: <ServicesPage />,
  [paths.about]: <AboutPage />,
  [paths.ourTeam]: <OurTeamPage />,
  [paths.contact]: <ContactPage />,
  [paths.shop]: <ShopPage />,
  [paths.cart]: <CartPage />,
};

/** The prerendered pages, in every language, each with its page at once: the public pages' own router (main.tsx). */
export const publicPageRoutes: RouteObject[] = localizedPublicPages.map(({ page, ...route }) => ({
  ...route,
  element: publicPageElements[page],
}));
