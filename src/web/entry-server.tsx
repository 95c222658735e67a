import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { PageMeta } from "./page-meta.ts";
import { routes } from "./routes.tsx";

/** Renders one public path to HTML for the prerenderer. */
export async function render(
  path: string,
): Promise<{ html: string; meta: PageMeta | undefined; status: number }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirected while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      {/* No loaders on public routes, so no hydration data: the browser router starts ready and no inline script is needed (CSP). */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const leaf = context.matches.at(-1)?.route.handle as { meta?: PageMeta } | undefined;
  return { html, meta: leaf?.meta, status: context.statusCode };
}
