import { useEffect } from "react";
import { type RouteObject, useMatches } from "react-router";
import { SiteLayout } from "./layout/site-layout.tsx";
import { applyPageMeta, metaOf, notFoundRoute, publicPageRoutes } from "./public/public-routes.tsx";
import { adminRoutes, siteShellRoutes } from "./signed-in-routes.tsx";

/** The site layout with the document head following the page, as the prerendered HTML has it. */
function SiteLayoutWithMeta() {
  const meta = metaOf(useMatches().at(-1)?.handle);
  useEffect(() => applyPageMeta(meta), [meta]);
  return <SiteLayout />;
}

/**
 * Every page, for the app shell (app.html, app-shell-main.tsx): signed-in areas are lazy routes, so none of their
 * code reaches a visitor. The public pages are here too, for a signed-in person moving between them and their own
 * pages without a page load; a visitor gets them prerendered, with the lighter router of public/public-app.tsx.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayoutWithMeta />,
    children: [...publicPageRoutes, ...siteShellRoutes, notFoundRoute],
  },
  ...adminRoutes,
];
