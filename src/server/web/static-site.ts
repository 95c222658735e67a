import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type BrotliOptions, brotliCompressSync, constants, gzipSync, type ZlibOptions } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type Next } from "hono";
import { parseAccept } from "hono/utils/accept";
import { opensInAppShell, publicPaths } from "../../domain/paths.ts";

/**
 * What scripts/prerender.ts writes where a page needs the site's own address (canonical links). The server puts
 * its PUBLIC_URL there when it loads the pages, so one build serves any address.
 */
export const publicUrlPlaceholder = "__PUBLIC_URL__";

/** Where scripts/prerender.ts lists the hashes of the styles it wrote into the pages, for the CSP. */
export const inlineStyleHashesFile = "inline-styles.json";

/** The CSP hashes (`sha256-…`) of the built site's inline styles; none when there is no built site. */
export function inlineStyleHashes(root: string): string[] {
  const file = path.join(root, inlineStyleHashesFile);
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, "utf8")) as { hashes: string[] }).hashes;
}

/** Text files worth sending compressed; scripts/precompress.ts writes their .br and .gz copies at build time. */
export const compressibleFile = (name: string) =>
  /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/.test(name);

/** Below this a compressed copy saves less than its headers cost (hono's compress() uses the same threshold). */
export const smallestWorthCompressing = 1024;

/** The strongest settings: a file is compressed once (at build, a page at start-up) and sent many times. */
export const strongestBrotli = (size: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
export const strongestGzip: ZlibOptions = { level: constants.Z_BEST_COMPRESSION };

type Encoding = "br" | "gzip";

/** The encoding the request accepts that we send best: brotli, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = parseAccept(acceptEncoding);
  const quality = (name: string) =>
    accepted.find((item) => item.type.toLowerCase() === name)?.q ??
    accepted.find((item) => item.type === "*")?.q ??
    0;
  return (["br", "gzip"] as const).find((encoding) => quality(encoding) > 0);
}

/** A page's bytes as sent for each encoding, compressed once when the server loads it. */
interface EncodedPage {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function encodePage(html: string): EncodedPage {
  const identity = Buffer.from(html);
  if (identity.length < smallestWorthCompressing) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, strongestBrotli(identity.length)),
    gzip: gzipSync(identity, strongestGzip),
  };
}

/** Vary says the answer depends on Accept-Encoding, once (app.ts and serveStatic may both have said it). */
async function varyOnEncoding(c: Context, next: Next) {
  await next();
  const type = c.res.headers.get("Content-Type") ?? "";
  const varies = (c.res.headers.get("Vary") ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name && name.toLowerCase() !== "accept-encoding");
  if (
    /^(?:text\/|application\/(?:javascript|json|xml)|image\/svg\+xml)/.test(type) ||
    c.res.headers.has("Content-Encoding")
  )
    varies.push("Accept-Encoding");
  if (varies.length > 0) c.res.headers.set("Vary", varies.join(", "));
}

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
    encodePage(
      readFileSync(path.join(root, file), "utf8").replaceAll(publicUrlPlaceholder, escapeMarkup(publicUrl)),
    );
  const pages = new Map<string, EncodedPage>();
  for (const route of publicPaths)
    pages.set(route, page(route === "/" ? "index.html" : `${route.slice(1)}/index.html`));
  const appShell = page("app.html");
  const notFound = page("404.html");
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);

  const html = (c: Context, body: EncodedPage, status: 200 | 404 = 200) => {
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    const encoded = encoding && body[encoding];
    const headers: Record<string, string> = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      Vary: "Accept-Encoding",
    };
    if (encoded) headers["Content-Encoding"] = encoding;
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(encoded ?? body.identity), {
      status,
      headers,
    });
  };

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
    .use(varyOnEncoding)
    .get("/robots.txt", (c) => c.text(robots, 200, { "Cache-Control": "no-cache" }))
    .get("/sitemap.xml", (c) =>
      c.body(sitemap, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "no-cache" }),
    )
    .get("*", async (c, next) => {
      const route = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, "") : c.req.path;
      const prerendered = pages.get(route);
      if (prerendered) return html(c, prerendered);
      if (opensInAppShell(route)) return html(c, appShell);
      if (isFolder(c.req.path)) return html(c, notFound, 404);
      return next();
    })
    .use(
      "/assets/*",
      cacheFor("public, max-age=31536000, immutable"),
      serveStatic({ root, precompressed: true }),
    )
    .use("/media/*", cacheFor("public, max-age=86400"), serveStatic({ root, precompressed: true }))
    .use("*", serveStatic({ root, index: "", precompressed: true }))
    .get("*", (c) => html(c, notFound, 404));
}

export function hasBuiltSite(root: string): boolean {
  return existsSync(path.join(root, "app.html"));
}
