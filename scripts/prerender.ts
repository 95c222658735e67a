/**
 * After `vite build` (browser bundle) and `vite build --ssr` (render bundle), writes the HTML of every public page
 * and of the 404 page in every language (`/services` and `/es/services`, `404.html` and `es/404.html`), and the app
 * shell for the signed-in pages, into dist/client. Where a page needs the site's address (canonical and alternate
 * links) it writes a placeholder that the server replaces with its PUBLIC_URL at start-up; the server also answers
 * robots.txt and sitemap.xml itself. So one build serves any address.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import spanishContent from "../src/content/site.es.json" with { type: "json" };
import content from "../src/content/site.json" with { type: "json" };
import { contentIn } from "../src/content/site-content.ts";
import { sessionPath } from "../src/domain/api.ts";
import { defaultLocale, type Locale, locales, localeTags, localizedPath } from "../src/domain/locale.ts";
import { publicPaths } from "../src/domain/paths.ts";
import { publicBootScript, publicEntryAttribute } from "../src/domain/public-boot.ts";
import { preloadsToHead, renderedPageSlot, renderedStateSlot } from "../src/domain/rendered-page.ts";
import { sessionHintScript } from "../src/domain/session-hint.ts";
import {
  appShellFile,
  inlineStyleHashesFile,
  notFoundFile,
  pageShellFile,
  pageShellFolder,
  publicPageFile,
  publicUrlPlaceholder,
  renderedPageFile,
  todayShellFile,
} from "../src/server/web/static-site.ts";
import { appShellManifest, clientPageModules, signedInLayoutModule } from "../src/web/first-load.ts";
import { type ShellWords, shellWordsAttribute } from "../src/web/i18n/shell-words.ts";
import { type PageWords, pageWordsAttribute } from "../src/web/public/page-words.ts";

const clientDir = path.resolve("dist/client");
const renderBundle = path.resolve("dist/render/entry-server.js");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch] ?? ch);

/** Open Graph writes a language as `es_US`. */
const ogLocale = (locale: Locale) => localeTags[locale].replace("-", "_");

/**
 * The head of a page: its title and description in its language and, for a public page (`route`, its address
 * without language), its canonical address in that language and its address in every language (hreflang, with
 * English as the default for any other). Any other page is not for search engines. `early`: tags the browser reads
 * before the rest (a public page's boot script, a page's preloads).
 */
function head(
  page: { title: string; description?: string },
  locale: Locale,
  route: string | null,
  early = "",
): string {
  const title = escapeHtml(page.title);
  const tags = [`<title>${title}</title>`, `<script>${sessionHintScript}</script>`];
  if (early) tags.push(early);
  if (page.description) tags.push(`<meta name="description" content="${escapeHtml(page.description)}" />`);
  if (route) {
    const address = (language: Locale) => `${publicUrlPlaceholder}${localizedPath(route, language)}`;
    tags.push(`<link rel="canonical" href="${address(locale)}" />`);
    for (const language of locales)
      tags.push(`<link rel="alternate" hreflang="${language}" href="${address(language)}" />`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${address(defaultLocale)}" />`);
    tags.push(
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:locale" content="${ogLocale(locale)}" />`,
      ...locales
        .filter((language) => language !== locale)
        .map((language) => `<meta property="og:locale:alternate" content="${ogLocale(language)}" />`),
    );
  } else {
    tags.push(`<meta name="robots" content="noindex" />`);
  }
  return tags.join("\n    ");
}

/**
 * A prerendered page is whole before its script runs: the script only makes it interactive. So the page does not
 * name it for the parser; its boot script (domain/public-boot.ts) asks for it once the page has painted, from the
 * address written on the root (docs/decisions/053). Answers the template without Vite's tag, and that address.
 */
function entryAfterPaint(html: string): { html: string; entry: string } {
  const tags = [
    ...html.matchAll(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/g),
  ];
  if (tags.length !== 1) throw new Error("expected one module script in index.html");
  const [tag, entry] = tags[0] as unknown as [string, string];
  return { html: html.replace(tag, ""), entry };
}

/**
 * A template's one stylesheet (the public pages', the app shell's), written into each page: the first paint then
 * waits for the HTML alone, not for a second request (about a round trip sooner on a phone; docs/decisions/012 and
 * 054). The CSP allows exactly this text by its hash (inlineStyleHashesFile, read by the server at start-up); the
 * stylesheet file stays for the app's own loader.
 */
function stylesheetInline(html: string): { html: string; hash: string } {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  if (links.length !== 1) throw new Error("expected one stylesheet in the template");
  const [link, file] = links[0] as unknown as [string, string];
  const css = readFileSync(path.join(clientDir, file), "utf8");
  if (/<\/style|url\(|@import/i.test(css)) throw new Error(`${file} cannot be inlined as it is`);
  const hash = `sha256-${createHash("sha256").update(css).digest("base64")}`;
  return { html: html.replace(link, `<style>${css}</style>`), hash };
}

const publicEntry = entryAfterPaint(readFileSync(path.join(clientDir, "index.html"), "utf8"));
const publicTemplate = stylesheetInline(publicEntry.html);
const appShellTemplate = stylesheetInline(readFileSync(path.join(clientDir, "app.html"), "utf8"));
writeFileSync(
  path.join(clientDir, inlineStyleHashesFile),
  `${JSON.stringify({ hashes: [publicTemplate.hash, appShellTemplate.hash] })}\n`,
);

/** Vite's two pages: the public pages' (index.html) and the app shell's (app.html), each with its own scripts. */
const templates = {
  public: publicTemplate.html,
  appShell: appShellTemplate.html,
};
/** A page from its template; `rootAttributes`: written on its root (a public page's words and entry). */
const page = (
  template: string,
  headHtml: string,
  appHtml: string,
  rootAttributes: Record<string, string> = {},
) => {
  const root = '<div id="root"><!--app--></div>';
  if (!template.includes(root)) throw new Error(`expected ${root} in the template`);
  const attributes = Object.entries(rootAttributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
  // Replaced by functions: a page's text may hold "$&" and the like, which a replacement string would expand.
  return template
    .replace("<!--head-->", () => headHtml)
    .replace(root, () => `<div id="root"${attributes}>${appHtml}</div>`);
};

/**
 * Writes a language's words (page-words.ts) once, named by their hash like Vite's assets, so the server sends
 * them cached for good; every page in that language names the same file.
 */
const wordsFiles = new Map<string, string>();
function wordsFile(words: PageWords): string {
  const known = wordsFiles.get(words.locale);
  if (known) return known;
  const json = JSON.stringify(words);
  const hash = createHash("sha256").update(json).digest("base64url").slice(0, 10);
  const address = `/assets/words-${words.locale}-${hash}.json`;
  writeFileSync(path.join(clientDir, address), json);
  wordsFiles.set(words.locale, address);
  return address;
}

/** The public template in a language: index.html says `<html lang="en">`; a Spanish page says "es". */
function inLanguage(template: string, locale: Locale): string {
  const english = '<html lang="en">';
  if (!template.includes(english)) throw new Error(`expected ${english} in index.html`);
  return template.replace(english, `<html lang="${locale}">`);
}

const { render, renderTodayFirstFrame } = (await import(
  pathToFileURL(renderBundle).href
)) as typeof import("../src/web/entry-server.tsx");

/**
 * Renders `address` into `file` of the built site, in the address's language, with the head a public page has
 * (`route`: the page's address without language, for its canonical and alternate links).
 */
function writePublicPage(
  address: string,
  file: string,
  { status, route }: { status: 200 | 404; route: string | null },
): void {
  const rendered = render(address);
  if (rendered.status !== status) throw new Error(`${address} rendered with status ${rendered.status}`);
  const { preloads, body } = preloadsToHead(rendered.html);
  mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
  const { locale } = rendered.words;
  writeFileSync(
    path.join(clientDir, file),
    page(
      inLanguage(templates.public, locale),
      head(rendered.head, locale, route, `<script>${publicBootScript}</script>${preloads}`),
      body,
      { [pageWordsAttribute]: wordsFile(rendered.words), [publicEntryAttribute]: publicEntry.entry },
    ),
  );
}

for (const locale of locales) {
  for (const route of publicPaths) {
    const address = localizedPath(route, locale);
    writePublicPage(address, publicPageFile(address), { status: 200, route });
  }
  writePublicPage(localizedPath("/404", locale), notFoundFile(locale), { status: 404, route: null });
}
/**
 * The app shell's words and school texts in each language (i18n/shell-words.ts), one file each, named like a public
 * page's words by their hash; the shell's root names both, and the shell fetches its language's.
 */
const signedInWords: Record<Locale, () => Promise<ShellWords["parts"]>> = {
  en: () => import("../src/web/i18n/signed-in-words-en.ts"),
  es: () => import("../src/web/i18n/signed-in-words-es.ts"),
};
const overlays: Partial<Record<Locale, Parameters<typeof contentIn>[2]>> = { es: spanishContent };
let shellRoot = '<div id="root">';
const shellWordsFiles = new Map<Locale, string>();
for (const locale of locales) {
  const { common, appShell, shared, publicPages, client } = await signedInWords[locale]();
  const words: ShellWords = {
    parts: { common, appShell, shared, publicPages, client },
    content: contentIn(locale, content, overlays[locale]),
  };
  const json = JSON.stringify(words);
  const hash = createHash("sha256").update(json).digest("base64url").slice(0, 10);
  const address = `/assets/words-app-${locale}-${hash}.json`;
  writeFileSync(path.join(clientDir, address), json);
  shellWordsFiles.set(locale, address);
  shellRoot = shellRoot.replace(">", ` ${shellWordsAttribute(locale)}="${escapeHtml(address)}">`);
}

/**
 * What the app shell asks for as soon as its script runs, named in its head so the browser fetches it while that
 * script downloads (docs/decisions/048): who is signed in (auth-store.ts asks exactly as a preload does, without a
 * header of ours) and the words of the language the server picked for the visitor (shell-words.ts). A preload the
 * page then asks for differently is fetched twice, so each matches its later fetch: same address, cors, same-origin
 * credentials.
 */
const firstRequests = (locale: Locale) =>
  [sessionPath, shellWordsFiles.get(locale)]
    .map((address) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(address ?? "")}" />`)
    .join("\n    ");

/**
 * A client page's code: its lazy route's chunk and the query layout's, with every chunk they import and their
 * stylesheets, less what the app shell's own script already brings. From the app shell build's manifest, which the
 * served site does not need.
 */
const manifestFile = path.join(clientDir, appShellManifest);
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;
rmSync(path.dirname(manifestFile), { recursive: true, force: true });
const chunksOf = (key: string, into = new Set<string>()): Set<string> => {
  if (!manifest[key]) throw new Error(`${key}: not in the app shell's build (web/first-load.ts names it)`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) chunksOf(imported, into);
  return into;
};
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("no entry in the app shell's manifest");
const loadedWithShell = chunksOf(entryKey);
const pageCode = (module: string, { scripts: withScripts = true } = {}): string => {
  const chunks = [...chunksOf(signedInLayoutModule), ...chunksOf(module)].filter(
    (key) => !loadedWithShell.has(key),
  );
  const scripts = new Set(chunks.map((key) => `/${manifest[key]?.file}`));
  const styles = new Set(chunks.flatMap((key) => (manifest[key]?.css ?? []).map((file) => `/${file}`)));
  return [
    ...(withScripts
      ? [...scripts].map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
      : []),
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="${file}">`),
  ].join("\n    ");
};

/**
 * A client page as the server renders it for the person signed in (docs/decisions/058): its stylesheets, the page
 * in the root's slot (in a disabled fieldset: its controls wait for the app's) and the state it was drawn from in
 * the other, and no script or preload for the parser. As on a public page, the boot script asks for the app shell's
 * script once the page has painted (decision 053); nor does it hide the header's links until the session is known
 * (session-hint.ts): the page is drawn signed in.
 */
function renderedPageTemplate(shell: string): string {
  const { html, entry } = entryAfterPaint(shell);
  const hint = `<script>${sessionHintScript}</script>`;
  if (!html.includes(hint) || !html.includes(shellRoot))
    throw new Error("the app shell's page is not as expected");
  return html
    .replace(hint, () => `<script>${publicBootScript}</script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, "")
    .replace(
      shellRoot,
      () =>
        `${shellRoot.replace(">", ` ${publicEntryAttribute}="${escapeHtml(entry)}">`)}<fieldset class="rendered-page" disabled>${renderedPageSlot}</fieldset>`,
    )
    .replace("</body>", () => `${renderedStateSlot}\n  </body>`);
}

const appShellPage = (locale: Locale, preloads = "", pageHead = "") =>
  page(templates.appShell, head({ title: content.school.name }, locale, null, preloads), "")
    .replace('<div id="root">', () => shellRoot)
    .replace("</head>", () => (pageHead ? `  ${pageHead}\n  </head>` : "</head>"));

writeFileSync(path.join(clientDir, "app.html"), appShellPage(defaultLocale));
mkdirSync(path.join(clientDir, pageShellFolder), { recursive: true });
for (const locale of locales) {
  const shell = inLanguage(appShellPage(locale, firstRequests(locale)), locale);
  writeFileSync(path.join(clientDir, appShellFile(locale)), shell);
  // /today's, as decision 023 measured it: its first frame before the root (web/first-frame.ts).
  const today = inLanguage(appShellPage(locale), locale);
  writeFileSync(
    path.join(clientDir, todayShellFile(locale)),
    today.replace(shellRoot, () => `${renderTodayFirstFrame(locale)}${shellRoot}`),
  );
  // Each client page's, with its code named too. No first frame: docs/decisions/048 measured one.
  for (const [route, module] of Object.entries(clientPageModules)) {
    writeFileSync(
      path.join(clientDir, pageShellFile(route, locale)),
      inLanguage(appShellPage(locale, firstRequests(locale), pageCode(module)), locale),
    );
    writeFileSync(
      path.join(clientDir, renderedPageFile(route, locale)),
      renderedPageTemplate(
        inLanguage(appShellPage(locale, "", pageCode(module, { scripts: false })), locale),
      ),
    );
  }
}

console.log(
  `prerendered ${publicPaths.length} public pages and the 404 page in ${locales.length} languages, and the app shell`,
);
