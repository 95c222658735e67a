import { useEffect } from "react";
import { matchRoutes, type RouteObject, useLocation, useRoutes } from "react-router";
import { opensInAppShell } from "../../domain/paths.ts";
import { SiteLayout } from "../layout/site-layout.tsx";
import { NotFoundPage } from "./not-found-page.tsx";
import { applyPageMeta, metaOf, notFoundMeta, publicPageRoutes } from "./public-routes.tsx";

/**
 * Any other address: the app shell's pages get a full page load (the server answers them with the shell, whose
 * router knows every page); anything else is the 404 page.
 */
function ElsewhereOrNotFound() {
  const { pathname, search, hash } = useLocation();
  const elsewhere = opensInAppShell(pathname);
  useEffect(() => {
    // The router already put this address in history; the shell's page takes that entry.
    if (elsewhere) window.location.replace(`${pathname}${search}${hash}`);
  }, [elsewhere, pathname, search, hash]);
  return elsewhere ? null : <NotFoundPage />;
}

export const publicAppRoutes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [...publicPageRoutes, { path: "*", element: <ElsewhereOrNotFound />, ...notFoundMeta }],
  },
];

/**
 * The prerendered pages in the browser, under React Router's declarative router: it weighs about a third of the
 * data router the signed-in pages need (docs/decisions/012). Prerendered by entry-server.tsx with the same tree.
 */
export function PublicApp() {
  const { pathname } = useLocation();
  useEffect(
    () => applyPageMeta(metaOf(matchRoutes(publicAppRoutes, pathname)?.at(-1)?.route.handle)),
    [pathname],
  );
  return useRoutes(publicAppRoutes);
}
