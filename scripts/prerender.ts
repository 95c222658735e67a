/**
 * After `vite build` (browser bundle) and `vite build --ssr` (render bundle), writes the HTML of every public page,
 * the app shell for the signed-in pages, the 404 page, robots.txt and sitemap.xml into dist/client.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { documentTitle, type PageMeta } from "../src/web/page-meta.ts";
import { publicPaths } from "../src/web/paths.ts";

const clientDir = path.resolve("dist/client");
const renderBundle = path.resolve("dist/render/entry-server.js");
const publicUrl = (process.env.PUBLIC_URL || "http://localhost:3000").replace(/\/+$/, "");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

function head(meta: PageMeta | undefined, route: string | null): string {
  const title = escapeHtml(documentTitle(meta));
  const tags = [`<title>${title}</title>`];
  if (meta) tags.push(`<meta name="description" content="${escapeHtml(meta.description)}" />`);
  if (route) {
    tags.push(`<link rel="canonical" href="${publicUrl}${route}" />`);
    tags.push(
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:type" content="website" />`,
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  return tags.join("\n    ");
}

const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
const page = (headHtml: string, appHtml: string) =>
  template.replace("<!--head-->", headHtml).replace("<!--app-->", appHtml);

const { render } = (await import(
  pathToFileURL(renderBundle).href
)) as typeof import("../src/web/entry-server.tsx");

for (const route of publicPaths) {
  const { html, meta, status } = await render(route);
  if (status !== 200) throw new Error(`${route} rendered with status ${status}`);
  const file = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
  mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  writeFileSync(path.join(clientDir, file), page(head(meta, route), html));
}

const notFound = await render("/404");
writeFileSync(path.join(clientDir, "404.html"), page(head(notFound.meta, null), notFound.html));
writeFileSync(path.join(clientDir, "app.html"), page(head(undefined, null), ""));

writeFileSync(
  path.join(clientDir, "robots.txt"),
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
);
writeFileSync(
  path.join(clientDir, "sitemap.xml"),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${publicPaths
    .map((route) => `  <url><loc>${publicUrl}${route}</loc></url>`)
    .join("\n")}\n</urlset>\n`,
);
rmSync(path.resolve("dist/render"), { recursive: true, force: true });
console.log(`prerendered ${publicPaths.length} public pages, the 404 page and the app shell`);
