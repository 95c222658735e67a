/**
 * After `vite build` (browser bundle) and `vite build --ssr` (render bundle), writes the HTML of every public page,
 * the app shell for the signed-in pages and the 404 page into dist/client. Where a page needs the site's address
 * (canonical links) it writes a placeholder that the server replaces with its PUBLIC_URL at start-up; the server
 * also answers robots.txt and sitemap.xml itself. So one build serves any address.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { publicPaths } from "../src/domain/paths.ts";
import { sessionHintScript } from "../src/domain/session-hint.ts";
import { inlineStyleHashesFile, publicUrlPlaceholder } from "../src/server/web/static-site.ts";
import { documentTitle, type PageMeta } from "../src/web/page-meta.ts";

const clientDir = path.resolve("dist/client");
const renderBundle = path.resolve("dist/render/entry-server.js");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

function head(meta: PageMeta | undefined, route: string | null, preloads = ""): string {
  const title = escapeHtml(documentTitle(meta));
  const tags = [`<title>${title}</title>`, `<script>${sessionHintScript}</script>`];
  if (preloads) tags.push(preloads);
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

/**
 * A prerendered page is whole before its script runs: the script only makes it interactive. So it is fetched at low
 * priority, after the stylesheet and the page's largest image, instead of competing with them (Vite's own tag has
 * no such attribute, and drops one written in index.html).
 */
function scriptAfterContent(html: string): string {
  const entryScript = /<script type="module" crossorigin src="/g;
  if ((html.match(entryScript) ?? []).length !== 1)
    throw new Error("expected one module script in index.html");
  return html.replace(entryScript, '<script type="module" crossorigin fetchpriority="low" src="');
}

/**
 * The public pages' one stylesheet, written into each page: the first paint then waits for the HTML alone, not for
 * a second request (about a round trip sooner on a phone). The CSP allows exactly this text by its hash
 * (inlineStyleHashesFile, read by the server at start-up); the stylesheet file stays for the app's own loader.
 */
function stylesheetInline(html: string): { html: string; hash: string } {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error("expected one stylesheet in index.html");
  const [link, file] = links[0] as unknown as [string, string];
  const css = readFileSync(path.join(clientDir, file), "utf8");
  if (/<\/style|url\(|@import/i.test(css)) throw new Error(`${file} cannot be inlined as it is`);
  const hash = `sha256-${createHash("sha256").update(css).digest("base64")}`;
  return { html: html.replace(link, `<style>${css}</style>`), hash };
}

const publicTemplate = stylesheetInline(
  scriptAfterContent(readFileSync(path.join(clientDir, "index.html"), "utf8")),
);
writeFileSync(
  path.join(clientDir, inlineStyleHashesFile),
  `${JSON.stringify({ hashes: [publicTemplate.hash] })}\n`,
);

/** Vite's two pages: the public pages' (index.html) and the app shell's (app.html), each with its own scripts. */
const templates = {
  public: publicTemplate.html,
  appShell: readFileSync(path.join(clientDir, "app.html"), "utf8"),
};
const page = (template: string, headHtml: string, appHtml: string) =>
  template.replace("<!--head-->", headHtml).replace("<!--app-->", appHtml);

const { render } = (await import(
  pathToFileURL(renderBundle).href
)) as typeof import("../src/web/entry-server.tsx");

/**
 * React writes the tags of `preload()` calls (the page's largest image) first in a tree rendered without <head>;
 * they belong in the head, where the browser reads them before the inline stylesheet. Hydration does not need them
 * in the root, and adds none when the head already has them.
 */
function preloadsToHead(html: string): { preloads: string; body: string } {
  const preloads = /^(?:<link rel="preload"[^>]*\/>)+/.exec(html)?.[0] ?? "";
  return { preloads, body: html.slice(preloads.length) };
}

/** Renders `address` into `file` of the built site, with the head a public page has (canonical: its link). */
function writePublicPage(
  address: string,
  file: string,
  { status, canonical }: { status: 200 | 404; canonical: string | null },
): void {
  const rendered = render(address);
  if (rendered.status !== status) throw new Error(`${address} rendered with status ${rendered.status}`);
  const { preloads, body } = preloadsToHead(rendered.html);
  mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  writeFileSync(
    path.join(clientDir, file),
    page(templates.public, head(rendered.meta, canonical, preloads), body),
  );
}

for (const route of publicPaths) {
  const file = route === "/" ? "index.html" : `${route.slice(1)}/index.html`;
  writePublicPage(route, file, { status: 200, canonical: route });
}
writePublicPage("/404", "404.html", { status: 404, canonical: null });
writeFileSync(path.join(clientDir, "app.html"), page(templates.appShell, head(undefined, null), ""));

rmSync(path.resolve("dist/render"), { recursive: true, force: true });
console.log(`prerendered ${publicPaths.length} public pages, the 404 page and the app shell`);
