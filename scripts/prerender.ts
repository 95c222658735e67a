/**
 * After `vite build` (browser bundle) and `vite build --ssr` (render bundle), writes the HTML of every public page,
 * the app shell for the signed-in pages and the 404 page into dist/client. Where a page needs the site's address
 * (canonical links) it writes a placeholder that the server replaces with its PUBLIC_URL at start-up; the server
 * also answers robots.txt and sitemap.xml itself. So one build serves any address.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { publicUrlPlaceholder } from "../src/server/web/static-site.ts";
import { documentTitle, type PageMeta } from "../src/web/page-meta.ts";
import { publicPaths } from "../src/web/paths.ts";
import { sessionHintScript } from "../src/web/session-hint.ts";

const clientDir = path.resolve("dist/client");
const renderBundle = path.resolve("dist/render/entry-server.js");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

function head(meta: PageMeta | undefined, route: string | null): string {
  const title = escapeHtml(documentTitle(meta));
  const tags = [`<title>${title}</title>`, `<script>${sessionHintScript}</script>`];
  if (meta) tags.push(`<meta name="description" content="${escapeHtml(meta.description)}" />`);
  if (route) {
    tags.push(`<link rel="canonical" href="${publicUrlPlaceholder}${route}" />`);
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

rmSync(path.resolve("dist/render"), { recursive: true, force: true });
console.log(`prerendered ${publicPaths.length} public pages, the 404 page and the app shell`);
