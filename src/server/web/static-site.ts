import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type Next } from "hono";
import { isLocalCheckoutPath, publicPaths, shellPaths } from "../../web/paths.ts";

/**
 * What scripts/prerender.ts writes where a page needs the site's own address (canonical links). The server puts
 * its PUBLIC_URL there when it loads the pages, so one build serves any address.
 */
export const publicUrlPlaceholder = "__PUBLIC_URL__";

/** PUBLIC_URL as it may stand in HTML and XML text. */
const escapeMarkup = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

/** robots.txt for the site at `publicUrl`: everything but the API, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** sitemap.xml: every prerendered public page. */
export function sitemapXml(publicUrl: string): string {
  const urls = publicPaths
    .map((route) => `  <url><loc>${escapeMarkup(publicUrl)}${route}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * Serves the built site from `root` (dist/client): prerendered public pages as they are, the app shell for the
 * signed-in and password pages (rendered in the browser), files as files, and the prerendered 404 page for anything
 * else, folders included. Never answers a file request (robots.txt, an asset) with a page.
 * `publicUrl` is the running server's PUBLIC_URL (no trailing slash): canonical links, robots.txt and sitemap.xml use it.
 */
export function staticSite(root: string, { publicUrl }: { publicUrl: string }) {
  const page = (file: string) =>
    readFileSync(path.join(root, file), "utf8").replaceAll(publicUrlPlaceholder, escapeMarkup(publicUrl));
  const pages = new Map<string, string>();
  for (const route of publicPaths)
    pages.set(route, page(route === "/" ? "index.html" : `${route.slice(1)}/index.html`));
  const appShell = page("app.html");
  const notFound = page("404.html");
  const shell = new Set<string>(shellPaths);
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);

  const html = (body: string, status: 200 | 404 = 200) =>
    new Response(body, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
    });

  /** A folder under root (dist/client/assets, …) is not a file: serveStatic would answer it with an empty 200. */
  const isFolder = (requestPath: string) => {
    try {
      return statSync(path.join(root, decodeURIComponent(requestPath))).isDirectory();
    } catch {
      return false;
    }
  };

  /** serveStatic's own onFound runs after its answer is built, too late to add a header to it. */
  const cacheFor = (cacheControl: string) => async (c: Context, next: Next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set("Cache-Control", cacheControl);
  };

  return new Hono()
    .get("/robots.txt", (c) => c.text(robots, 200, { "Cache-Control": "no-cache" }))
    .get("/sitemap.xml", (c) =>
      c.body(sitemap, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" }),
    )
    .get("*", async (c, next) => {
      const route = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
      const prerendered = pages.get(route);
      if (prerendered) return html(prerendered);
      if (shell.has(route) || isLocalCheckoutPath(route)) return html(appShell);
      if (isFolder(c.req.path)) return html(notFound, 404);
      return next();
    })
    .use("/assets/*", cacheFor("public, max-age=31536000, immutable"), serveStatic({ root }))
    .use("/media/*", cacheFor("public, max-age=86400"), serveStatic({ root }))
    .use("*", serveStatic({ root, index: "" }))
    .get("*", () => html(notFound, 404));
}

export function hasBuiltSite(root: string): boolean {
  return existsSync(path.join(root, "app.html"));
}
