import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { publicPaths, shellPaths } from "../../web/paths.ts";

/**
 * Serves the built site from `root` (dist/client): prerendered public pages as they are, the app shell for the
 * signed-in and password pages (rendered in the browser), files as files, and the prerendered 404 page for anything else.
 * Never answers a file request (robots.txt, an asset) with a page.
 */
export function staticSite(root: string) {
  const page = (file: string) => readFileSync(path.join(root, file), "utf8");
  const pages = new Map<string, string>();
  for (const route of publicPaths)
    pages.set(route, page(route === "/" ? "index.html" : `${route.slice(1)}/index.html`));
  const appShell = page("app.html");
  const notFound = page("404.html");
  const shell = new Set<string>(shellPaths);

  const html = (body: string, status: 200 | 404 = 200) =>
    new Response(body, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
    });

  return new Hono()
    .use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    )
    .use(
      "/media/*",
      serveStatic({ root, onFound: (_path, c) => c.header("Cache-Control", "public, max-age=86400") }),
    )
    .get("*", async (c, next) => {
      const route = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
      const prerendered = pages.get(route);
      if (prerendered) return html(prerendered);
      if (shell.has(route)) return html(appShell);
      return next();
    })
    .use("*", serveStatic({ root, index: "" }))
    .get("*", () => html(notFound, 404));
}

export function hasBuiltSite(root: string): boolean {
  return existsSync(path.join(root, "app.html"));
}
