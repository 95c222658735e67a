import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import {
  type BrotliOptions,
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type ZlibOptions,
} from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type Next } from "hono";
import { getCookie } from "hono/cookie";
import { parseAccept } from "hono/utils/accept";
import {
  defaultLocale,
  isLocale,
  type Locale,
  localeCookie,
  localeFromAcceptLanguage,
  localeOfPath,
  locales,
  localizedPath,
} from "../../domain/locale.ts";
import { opensInAppShell, paths, publicPaths } from "../../domain/paths.ts";
import {
  jsonInScript,
  type RenderedState,
  renderedPageSlot,
  renderedStateId,
  renderedStateSlot,
} from "../../domain/rendered-page.ts";
import { type SchoolSettings, settingsAttribute } from "../../domain/school-settings.ts";
import { type CurrentSettings, contentSettings } from "../settings/service.ts";

/**
 * What scripts/prerender.ts writes where a page needs the site's own address (canonical links). The server puts
 * its PUBLIC_URL there when it loads the pages, so one build serves any address.
 */
export const publicUrlPlaceholder = "__PUBLIC_URL__";

/** Where scripts/prerender.ts lists the hashes of the styles it wrote into the pages, for the CSP. */
export const inlineStyleHashesFile = "inline-styles.json";

/** Where scripts/prerender.ts writes a public page: `/` in index.html, `/es/services` in es/services/index.html. */
export function publicPageFile(address: string): string {
  const folder = address.replace(/^\/+|\/+$/g, "");
  return folder ? `${folder}/index.html` : "index.html";
}

/** Where scripts/prerender.ts writes the 404 page in a language: 404.html, es/404.html. */
export const notFoundFile = (locale: Locale) =>
  locale === defaultLocale ? "404.html" : `${locale}/404.html`;

/** /today's app shell in a language, with the page's first frame (scripts/prerender.ts, web/first-frame.ts). */
export const todayShellFile = (locale: Locale) => `today.${locale}.html`;

/**
 * The app shell in a language: its head names what the shell's script asks for first (the session, the language's
 * words), so the browser fetches them beside the script (docs/decisions/048). app.html, without them, is the
 * fallback (and what the service worker keeps).
 */
export const appShellFile = (locale: Locale) => `app.${locale}.html`;

/** Where scripts/prerender.ts writes the app shells of pages whose code their head names too (the client area). */
export const pageShellFolder = "app-shell";

/** A page's own app shell in a language (`/client-panel`: app-shell/client-panel.en.html). */
export const pageShellFile = (route: string, locale: Locale) =>
  `${pageShellFolder}/${route.replace(/^\/+/, "").replaceAll("/", "_")}.${locale}.html`;

/** A client page's HTML for the server's render of it (docs/decisions/058): app-shell/progress.en.rendered.html. */
export const renderedPageFile = (route: string, locale: Locale) =>
  pageShellFile(route, locale).replace(/\.html$/, ".rendered.html");

/** A client page drawn for the person who asks (signed-in-pages.ts), or null to send its shell as built. */
export type SignedInPageRenderer = (
  c: Context,
  route: string,
) => Promise<{ locale: Locale; html: string; preloads: string; title: string; state: RenderedState } | null>;

/** Every public page's address in every language: `/`, `/services`, …, `/es/`, `/es/services`, … */
export const publicAddresses = locales.flatMap((locale) =>
  publicPaths.map((route) => localizedPath(route, locale)),
);

/**
 * The language a visitor of a public page's English address is sent to: the one they chose with the switch (the
 * `lang` cookie), else, on a first visit (no cookie), their browser's first supported language, else English.
 */
export function wantedLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}

/** Headers that only a document reads (security-headers.ts sets them on every answer). */
const pageOnlyHeaders = [
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "X-Frame-Options",
  "Referrer-Policy",
];

/** An answer at a public page's English address depends on these: a cache must keep one per value. */
const languageVary = "Accept-Language, Cookie";

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

/** A page made for one answer: about a millisecond for a client page, within a few percent of the strongest. */
const quickBrotli: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** As encodePage, on zlib's worker threads: a page made while the server answers others never holds them up. */
async function encodePageAside(html: string): Promise<EncodedPage> {
  const identity = Buffer.from(html);
  if (identity.length < smallestWorthCompressing) return { identity };
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, strongestBrotli(identity.length)),
    gzipAsync(identity, strongestGzip),
  ]);
  return { identity, br, gzip: gzipped };
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

/** sitemap.xml: every prerendered public page in every language, each with its addresses in the others. */
export function sitemapXml(publicUrl: string): string {
  const site = escapeMarkup(publicUrl);
  const urls = locales.flatMap((locale) =>
    publicPaths.map((route) => {
      const alternates = locales.map(
        (language) =>
          `<xhtml:link rel="alternate" hreflang="${language}" href="${site}${localizedPath(route, language)}" />`,
      );
      return `  <url><loc>${site}${localizedPath(route, locale)}</loc>${alternates.join("")}</url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Text as React writes it into HTML, in text and in attribute values alike. */
const escapeAsReact = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[ch] ?? ch,
  );

/** A phone number as a tel: link has it (site-footer.tsx, contact-page.tsx). */
const telOf = (phone: string) => `tel:${phone.replace(/[^+\d]/g, "")}`;

/**
 * A built page's HTML with the school's saved settings (docs/decisions/020): the contacts and the social profile
 * written where the prerenderer wrote site.json's (each exactly as React writes it, in a link or as its text), and
 * the whole settings on the root for the page's script (page-settings.ts), so the page hydrates with what it shows.
 * The reels take the settings once hydrated: their markup depends on them.
 */
export function pageWithSettings(html: string, settings: SchoolSettings): string {
  const was = contentSettings;
  const swaps: [string, string][] = [
    [`"mailto:${escapeAsReact(was.email)}"`, `"mailto:${escapeAsReact(settings.email)}"`],
    [`>${escapeAsReact(was.email)}<`, `>${escapeAsReact(settings.email)}<`],
    [`"${escapeAsReact(telOf(was.phone))}"`, `"${escapeAsReact(telOf(settings.phone))}"`],
    [`>${escapeAsReact(was.phone)}<`, `>${escapeAsReact(settings.phone)}<`],
    [`href="${escapeAsReact(was.socialProfileUrl)}"`, `href="${escapeAsReact(settings.socialProfileUrl)}"`],
  ];
  let page = html;
  for (const [from, to] of swaps) page = page.replaceAll(from, () => to);
  const root = '<div id="root"';
  return page.replace(
    root,
    () => `${root} ${settingsAttribute}="${escapeAsReact(JSON.stringify(settings))}"`,
  );
}

/** An address as the pages are keyed: without trailing slashes (`/es/` is `/es`), `/` itself kept. */
const normalized = (address: string) => (address.length > 1 ? address.replace(/\/+$/, "") || "/" : address);

/**
 * Serves the built site from `root` (dist/client): prerendered public pages as they are, in English at today's
 * addresses and in Spanish under /es/; the app shell for the signed-in and password pages (rendered in the
 * browser); files as files; and the prerendered 404 page (in Spanish under /es/) for anything else, folders
 * included. Never answers a file request (robots.txt, an asset) with a page.
 * A public page's English address sends a visitor who wants Spanish (the switch's cookie, or on a first visit their
 * browser's languages) to its Spanish address; a /es/ address is never sent anywhere (docs/decisions/018).
 * `publicUrl` is the running server's PUBLIC_URL (no trailing slash): canonical links, robots.txt and sitemap.xml use it.
 */
export function staticSite(
  root: string,
  {
    publicUrl,
    settings,
    renderSignedIn,
  }: { publicUrl: string; settings?: () => Promise<CurrentSettings>; renderSignedIn?: SignedInPageRenderer },
) {
  const builtHtml = new Map<string, string>();
  const built = (file: string) => {
    const html = readFileSync(path.join(root, file), "utf8").replaceAll(
      publicUrlPlaceholder,
      escapeMarkup(publicUrl),
    );
    builtHtml.set(file, html);
    return encodePage(html);
  };
  const pageFiles = new Map<string, string>();
  for (const address of publicAddresses) pageFiles.set(normalized(address), publicPageFile(address));
  const pageShellFiles = existsSync(path.join(root, pageShellFolder))
    ? readdirSync(path.join(root, pageShellFolder))
        .filter((name) => name.endsWith(".html") && !name.endsWith(".rendered.html"))
        .map((name) => `${pageShellFolder}/${name}`)
    : [];
  const shellFiles = [
    ...locales.flatMap((locale) => [appShellFile(locale), todayShellFile(locale)]),
    ...pageShellFiles,
  ].filter((file) => existsSync(path.join(root, file)));
  /** The pages as built (site.json's settings), compressed once at start-up. */
  const asBuilt = new Map<string, EncodedPage>();
  for (const file of [...pageFiles.values(), "app.html", ...shellFiles, ...locales.map(notFoundFile)])
    asBuilt.set(file, built(file));
  /**
   * The app shell for an address, in the visitor's language (the one its script will guess, locale-cookie.ts):
   * /today's own with its first frame, a client page's own with its code named, else the language's, where built.
   */
  const shellPage = async (c: Context, route: string) => {
    const rendered = await renderedPage(c, route);
    if (rendered) return rendered;
    const locale = wantedLocale(getCookie(c, localeCookie), c.req.header("Accept-Language"));
    const own = route === paths.today ? todayShellFile(locale) : pageShellFile(route, locale);
    const file = [own, appShellFile(locale)].find((each) => asBuilt.has(each)) ?? "app.html";
    return html(c, await page(file), 200, languageVary);
  };
  const renderedTemplates = new Map<string, string>();
  const renderedTemplate = (route: string, locale: Locale) => {
    const file = renderedPageFile(route, locale);
    if (!renderedTemplates.has(file)) {
      const full = path.join(root, file);
      renderedTemplates.set(file, existsSync(full) ? readFileSync(full, "utf8") : "");
    }
    return renderedTemplates.get(file) || null;
  };
  /**
   * A client page drawn with the person's data (docs/decisions/058), where the build wrote its template and the
   * renderer drew it. Nobody else's: private, never stored, and compressed for this answer alone, quickly.
   */
  const renderedPage = async (c: Context, route: string): Promise<Response | null> => {
    if (!renderSignedIn || !renderedTemplate(route, defaultLocale)) return null;
    const drawn = await renderSignedIn(c, route);
    const template = drawn && renderedTemplate(route, drawn.locale);
    if (!drawn || !template) return null;
    const current = settings ? await settings() : null;
    const filled = template
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAsReact(drawn.title)}</title>`)
      .replace("</head>", () => `${drawn.preloads}</head>`)
      .replace(renderedPageSlot, () => drawn.html)
      .replace(
        renderedStateSlot,
        () => `<script type="application/json" id="${renderedStateId}">${jsonInScript(drawn.state)}</script>`,
      );
    const identity = Buffer.from(current?.stored ? pageWithSettings(filled, current.settings) : filled);
    // Only the encoding this visitor takes.
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    const encoded: EncodedPage =
      encoding === "br"
        ? { identity, br: brotliCompressSync(identity, quickBrotli) }
        : encoding === "gzip"
          ? { identity, gzip: gzipSync(identity) }
          : { identity };
    return html(c, encoded, 200, "Cookie", "private, no-store");
  };
  /**
   * The pages with the saved settings, all made and compressed at the first page request after a save, for the
   * settings' `key` only. Compressing a page at the strongest settings takes 0.1 to 0.6 s of a busy 2-core machine:
   * it runs on zlib's threads, once per page and save however many ask meanwhile, and only that first visitor
   * waits for it (docs/decisions/020).
   */
  let withSaved: { key: string; pages: Map<string, Promise<EncodedPage>> } = { key: "", pages: new Map() };
  const page = async (file: string): Promise<EncodedPage> => {
    const current = settings ? await settings() : null;
    if (!current?.stored) return asBuilt.get(file) as EncodedPage;
    const fresh = withSaved.key !== current.key;
    if (fresh) withSaved = { key: current.key, pages: new Map() };
    const made = withSaved.pages;
    const make = (each: string) => {
      let encoded = made.get(each);
      if (!encoded) {
        encoded = encodePageAside(pageWithSettings(builtHtml.get(each) as string, current.settings));
        made.set(each, encoded);
      }
      return encoded;
    };
    const asked = make(file);
    // Then the others, one after another: the next visitors of other pages find theirs made, and this visitor's
    // page does not share the machine with them.
    if (fresh)
      void asked.then(async () => {
        for (const other of builtHtml.keys()) if (withSaved.pages === made) await make(other);
      });
    return asked;
  };
  const notFoundAt = (address: string) => page(notFoundFile(localeOfPath(address)));
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);

  const html = (
    c: Context,
    body: EncodedPage,
    status: 200 | 404 = 200,
    vary?: string,
    cacheControl = "no-cache",
  ) => {
    const encoding = preferredEncoding(c.req.header("Accept-Encoding"));
    const encoded = encoding && body[encoding];
    const headers: Record<string, string> = {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": cacheControl,
      Vary: vary ? `Accept-Encoding, ${vary}` : "Accept-Encoding",
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

  /**
   * A script, a stylesheet or a page's words (JSON) is never a page: the page policies every answer gets
   * (security-headers.ts: the CSP, Permissions-Policy, framing, opener and referrer rules, about 1 KB) mean nothing
   * on it, yet a public page pays them once per file, against its 90 KB budget of scripts as served. It keeps
   * nosniff, and a CSP that allows nothing, as the API's answers have.
   */
  const scriptsAreNotPages = async (c: Context, next: Next) => {
    await next();
    const type = c.res.headers.get("Content-Type") ?? "";
    if (!/^(?:text|application)\/(?:javascript|css|json)\b/.test(type)) return;
    for (const name of pageOnlyHeaders) c.res.headers.delete(name);
    c.res.headers.set("Content-Security-Policy", "default-src 'none'");
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
      const route = normalized(c.req.path);
      const prerendered = pageFiles.get(route);
      if (prerendered && localeOfPath(route) === defaultLocale) {
        const wanted = wantedLocale(getCookie(c, localeCookie), c.req.header("Accept-Language"));
        if (wanted === defaultLocale) return html(c, await page(prerendered), 200, languageVary);
        const { search } = new URL(c.req.url);
        return new Response(null, {
          status: 302,
          headers: {
            Location: `${localizedPath(route, wanted)}${search}`,
            "Cache-Control": "no-cache",
            Vary: languageVary,
          },
        });
      }
      if (prerendered) return html(c, await page(prerendered));
      if (opensInAppShell(route)) return shellPage(c, route);
      if (isFolder(c.req.path)) return html(c, await notFoundAt(route), 404);
      return next();
    })
    .use(
      "/assets/*",
      scriptsAreNotPages,
      cacheFor("public, max-age=31536000, immutable"),
      serveStatic({ root, precompressed: true }),
    )
    .use("/media/*", cacheFor("public, max-age=86400"), serveStatic({ root, precompressed: true }))
    .use("*", serveStatic({ root, index: "", precompressed: true }))
    .get("*", async (c) => html(c, await notFoundAt(c.req.path), 404));
}

export function hasBuiltSite(root: string): boolean {
  return existsSync(path.join(root, "app.html"));
}
