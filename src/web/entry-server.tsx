import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { publicPaths } from "../domain/paths.ts";
import type { PageMeta } from "./page-meta.ts";
import { PublicApp, publicAppRoutes } from "./public/public-app.tsx";
import { metaOf } from "./public/public-routes.tsx";

/**
 * Renders one public path (or any other, for the 404 page) to HTML for the prerenderer, with the very tree that
 * main.tsx hydrates. No loaders, so no hydration data and no inline script (CSP).
 */
export function render(path: string): { html: string; meta: PageMeta | undefined; status: number } {
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <PublicApp />
      </StaticRouter>
    </StrictMode>,
  );
  const status = (publicPaths as readonly string[]).includes(path) ? 200 : 404;
  return { html, meta: metaOf(matchRoutes(publicAppRoutes, path)?.at(-1)?.route.handle), status };
}
