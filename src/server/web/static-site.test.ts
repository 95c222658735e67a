import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import content from "../../content/site.json" with { type: "json" };
import { paths, publicPaths } from "../../domain/paths.ts";
import { type SchoolSettings, settingsAttribute } from "../../domain/school-settings.ts";
import { securityHeaders } from "../http/security-headers.ts";
import { type CurrentSettings, contentSettings } from "../settings/service.ts";
import {
  appShellFile,
  pageShellFile,
  publicAddresses,
  publicPageFile,
  publicUrlPlaceholder,
  staticSite,
} from "./static-site.ts";

/** A small dist/client as `npm run build` leaves it, without running the build. */
function builtSiteFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), "built-site-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const address of publicAddresses) {
    write(
      publicPageFile(address),
      `<html><head><link rel="canonical" href="${publicUrlPlaceholder}${address}" /></head><body>page ${address}</body></html>`,
    );
  }
  write("app.html", "<html><body>app shell</body></html>");
  write("today.en.html", "<html><body>first frame: Add this page</body></html>");
  write("today.es.html", '<html lang="es"><body>first frame: Añade esta página</body></html>');
  write(appShellFile("es"), '<html lang="es"><body>app shell, Spanish words preloaded</body></html>');
  for (const locale of ["en", "es"] as const)
    write(pageShellFile(paths.progress, locale), `<html><body>progress shell ${locale}</body></html>`);
  write("404.html", "<html><body>prerendered 404</body></html>");
  write("es/404.html", '<html lang="es"><body>404 en español</body></html>');
  write("assets/x.js", "console.log('x');");
  write("assets/words-es-abc.json", '{"locale":"es"}');
  write("media/y.webp", "RIFF....WEBP");
  // A script big enough to be worth compressing, and a home page too, as the build leaves them.
  write("assets/app.js", bigScript);
  write(
    "index.html",
    `<html><head><link rel="canonical" href="${publicUrlPlaceholder}/" /></head><body>${bigText}</body></html>`,
  );
  return root;
}

const bigText = Array.from({ length: 400 }, (_, i) => `<p>Lesson ${i}: float, kick, breathe.</p>`).join("");
const bigScript = Array.from(
  { length: 400 },
  (_, i) => `export const lesson${i} = "float, kick, breathe";`,
).join("\n");

let root: string;
beforeAll(() => {
  root = builtSiteFixture();
  // The build's last step, on the fixture: the .br and .gz copies beside the assets.
  execFileSync(process.execPath, ["--import", "tsx", path.resolve("scripts/precompress.ts")], {
    env: { ...process.env, SITE_DIR: root },
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("staticSite", () => {
  const site = () => staticSite(root, { publicUrl: "https://swim.example" });

  it.each(["/assets", "/assets/", "/media", "/media/", "/assets//"])(
    "answers %s (a folder) with the prerendered 404 page",
    async (url) => {
      for (const method of ["GET", "HEAD"]) {
        const response = await site().request(url, { method });
        expect(response.status).toBe(404);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        if (method === "GET") expect(await response.text()).toContain("prerendered 404");
      }
    },
  );

  it("still serves files, pages and the app shell", async () => {
    const app = site();
    const asset = await app.request("/assets/x.js");
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe("console.log('x');");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    expect((await app.request("/media/y.webp")).status).toBe(200);
    expect(await (await app.request("/about/")).text()).toContain("page /about");
    expect(await (await app.request("/clients-list")).text()).toContain("app shell");
    expect((await app.request("/assets/missing.js")).status).toBe(404);
  });

  it("serves /today with its first frame in the visitor's language, and every other signed-in page the plain shell", async () => {
    const app = site();
    const english = await app.request("/today?for=2026-09-10");
    expect(await english.text()).toContain("Add this page");
    expect(english.headers.get("vary")).toContain("Cookie");
    const byBrowser = await app.request("/today", { headers: { "Accept-Language": "es-MX,es;q=0.9" } });
    expect(await byBrowser.text()).toContain("Añade esta página");
    const byChoice = await app.request("/today", { headers: { Cookie: "lang=en", "Accept-Language": "es" } });
    expect(await byChoice.text()).toContain("Add this page");
    expect(await (await app.request("/curriculum")).text()).toBe("<html><body>app shell</body></html>");
  });

  it("serves a client page its own shell (its code named) in the visitor's language, kept by no cache as another's", async () => {
    const app = site();
    const english = await app.request("/progress");
    expect(await english.text()).toContain("progress shell en");
    expect(english.headers.get("vary")).toMatch(/Accept-Language.*Cookie|Cookie.*Accept-Language/);
    expect(english.headers.get("cache-control")).toBe("no-cache");
    const spanish = await app.request("/progress", { headers: { "Accept-Language": "es" } });
    expect(await spanish.text()).toContain("progress shell es");
    // A page without its own shell: the language's, else the plain one.
    const other = await app.request("/curriculum", { headers: { Cookie: "lang=es" } });
    expect(await other.text()).toContain("Spanish words preloaded");
    expect(await (await app.request("/family")).text()).toBe("<html><body>app shell</body></html>");
  });

  it("serves the app shell at a local checkout's address, and the 404 page at anything like it", async () => {
    const app = site();
    for (const url of ["/checkout/local/lcs_AbC-123", "/checkout/local/lcs_AbC-123/"]) {
      const response = await app.request(url);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("app shell");
    }
    const lookalikes = ["/checkout/local", "/checkout/local/a/b", "/checkout/local/a.b", "/checkout/x/lcs_1"];
    for (const url of lookalikes) {
      const response = await app.request(url);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("prerendered 404");
    }
  });

  it("writes the running server's PUBLIC_URL into canonical links, robots.txt and sitemap.xml", async () => {
    const app = site();
    const about = await (await app.request("/about")).text();
    expect(about).toContain('<link rel="canonical" href="https://swim.example/about" />');
    expect(about).not.toContain(publicUrlPlaceholder);

    const robots = await app.request("/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain("Sitemap: https://swim.example/sitemap.xml");

    const sitemap = await app.request("/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get("content-type")).toMatch(/xml/);
    const text = await sitemap.text();
    const locations = [...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual([
      ...publicPaths.map((route) => `https://swim.example${route}`),
      ...publicPaths.map((route) => `https://swim.example/es${route === "/" ? "/" : route}`),
    ]);
    // Each page names its address in the other language.
    expect(text).toContain(
      '<url><loc>https://swim.example/services</loc><xhtml:link rel="alternate" hreflang="en" href="https://swim.example/services" /><xhtml:link rel="alternate" hreflang="es" href="https://swim.example/es/services" /></url>',
    );
  });

  it("follows another PUBLIC_URL without a new build", async () => {
    const app = staticSite(root, { publicUrl: "http://school.test:8080" });
    expect(await (await app.request("/")).text()).toContain('href="http://school.test:8080/"');
    expect(await (await app.request("/robots.txt")).text()).toContain("http://school.test:8080/sitemap.xml");
  });
});

describe("headers", () => {
  // As app.ts mounts it: every answer first gets the page policies.
  const app = () =>
    new Hono()
      .use(securityHeaders(["https://www.instagram.com"]))
      .route("/", staticSite(root, { publicUrl: "https://swim.example" }));

  it("a script or a page's words keep nosniff but not the page policies, which only a page reads", async () => {
    for (const url of ["/assets/app.js", "/assets/x.js", "/assets/words-es-abc.json"]) {
      const response = await app().request(url, { headers: { "Accept-Encoding": "br" } });
      expect(response.status, url).toBe(200);
      expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), url).toBe("default-src 'none'");
      for (const name of [
        "permissions-policy",
        "cross-origin-opener-policy",
        "x-frame-options",
        "referrer-policy",
      ])
        expect(response.headers.get(name), `${name} on ${url}`).toBeNull();
    }
  });

  it("a page keeps every policy", async () => {
    for (const url of ["/services", "/es/services", "/client-panel", "/no-such-page"]) {
      const response = await app().request(url);
      expect(response.headers.get("content-security-policy"), url).toContain(
        "frame-src 'self' https://www.instagram.com",
      );
      expect(response.headers.get("permissions-policy"), url).toContain("camera=()");
      expect(response.headers.get("x-frame-options"), url).toBe("DENY");
    }
  });
});

describe("compressed answers", () => {
  const site = () => staticSite(root, { publicUrl: "https://swim.example" });
  const decoded = (encoding: string | null, bytes: Buffer) =>
    encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;

  it.each([
    ["an asset", "/assets/app.js", bigScript],
    ["a prerendered page", "/", bigText],
  ])(
    "%s comes as brotli, gzip or as it is, as the request accepts, always the same bytes",
    async (_, url, text) => {
      const app = site();
      // An English address's answer depends on the visitor's language too (see "languages" below).
      const vary = url === "/" ? "Accept-Language, Cookie, Accept-Encoding" : "Accept-Encoding";
      const plain = await app.request(url);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe(vary);
      const original = Buffer.from(await plain.arrayBuffer());
      expect(original.toString()).toContain(text);

      for (const [accept, expected] of [
        ["gzip, deflate, br, zstd", "br"],
        ["br", "br"],
        ["gzip", "gzip"],
        ["gzip, deflate", "gzip"],
        ["identity", null],
      ] as const) {
        const response = await app.request(url, { headers: { "Accept-Encoding": accept } });
        expect(response.status, accept).toBe(200);
        expect(response.headers.get("content-encoding"), accept).toBe(expected);
        expect(response.headers.get("vary"), accept).toBe(vary);
        const body = Buffer.from(await response.arrayBuffer());
        if (expected) expect(body.length, accept).toBeLessThan(original.length / 3);
        expect(decoded(expected, body).equals(original), accept).toBe(true);
      }
    },
  );

  it("writes PUBLIC_URL into a page before compressing it", async () => {
    const response = await site().request("/", { headers: { "Accept-Encoding": "br" } });
    const html = brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(html).toContain('href="https://swim.example/"');
    expect(html).not.toContain(publicUrlPlaceholder);
  });
});

describe("languages", () => {
  const site = () => staticSite(root, { publicUrl: "https://swim.example" });
  const get = (url: string, headers: Record<string, string> = {}) => site().request(url, { headers });

  it("serves every public page in Spanish under /es/, with its canonical address", async () => {
    for (const address of ["/es", "/es/", "/es/services", "/es/our-team/", "/es/cart"]) {
      const response = await get(address);
      expect(response.status, address).toBe(200);
      const route = address.replace(/\/+$/, "") || "/";
      const page = route === "/es" ? "/es/" : route;
      expect(await response.text(), address).toContain(`href="https://swim.example${page}"`);
    }
  });

  it("answers an unknown /es/ address with the Spanish 404 page, any other with the English one", async () => {
    for (const url of ["/es/no-such-page", "/es/services/more", "/es/assets"]) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain("404 en español");
    }
    const english = await get("/no-such-page", { "Accept-Language": "es" });
    expect(english.status).toBe(404);
    expect(await english.text()).toContain("prerendered 404");
  });

  it("sends a first visit from a Spanish browser to the page's Spanish address, keeping its query", async () => {
    for (const [url, location] of [
      ["/", "/es/"],
      ["/services", "/es/services"],
      ["/our-team/", "/es/our-team"],
      ["/contact?from=flyer", "/es/contact?from=flyer"],
    ] as const) {
      const response = await get(url, { "Accept-Language": "es-MX,es;q=0.9,en;q=0.8" });
      expect(response.status, url).toBe(302);
      expect(response.headers.get("location"), url).toBe(location);
      expect(response.headers.get("vary"), url).toBe("Accept-Language, Cookie");
      expect(response.headers.get("cache-control"), url).toBe("no-cache");
    }
    // Spanish as the first language the site speaks, after one it does not.
    const second = await get("/about", { "Accept-Language": "fr-FR, es;q=0.8, en;q=0.5" });
    expect(second.headers.get("location")).toBe("/es/about");
  });

  it("keeps English for an English browser, for no Accept-Language at all, and for English first", async () => {
    const browsers: Record<string, string>[] = [
      {},
      { "Accept-Language": "en-US,en;q=0.9,es;q=0.8" },
      { "Accept-Language": "de" },
    ];
    for (const headers of browsers) {
      const response = await get("/services", headers);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("page /services");
      expect(response.headers.get("vary")).toBe("Accept-Language, Cookie, Accept-Encoding");
    }
  });

  it("follows the switch's choice before the browser's: lang=en stays English, lang=es goes to Spanish", async () => {
    const english = await get("/services", { "Accept-Language": "es", Cookie: "signed_in=1; lang=en" });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain("page /services");
    expect(english.headers.get("vary")).toContain("Cookie");

    const spanish = await get("/services", { "Accept-Language": "en-US", Cookie: "lang=es" });
    expect(spanish.status).toBe(302);
    expect(spanish.headers.get("location")).toBe("/es/services");

    // A cookie the site did not write counts as none: the browser's languages decide.
    const unknown = await get("/services", { "Accept-Language": "es", Cookie: "lang=fr" });
    expect(unknown.headers.get("location")).toBe("/es/services");
  });

  it("never sends a /es/ address anywhere, whatever the cookie or the browser says", async () => {
    const visitors: Record<string, string>[] = [{ Cookie: "lang=en" }, { "Accept-Language": "en" }, {}];
    for (const headers of visitors) {
      const response = await get("/es/services", headers);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("page /es/services");
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
    }
  });

  it("sends no page but public pages anywhere: the app shell and files stay where they are", async () => {
    const headers = { "Accept-Language": "es", Cookie: "lang=es" };
    const shell = await get("/client-panel", headers);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain("app shell");
    expect((await get("/assets/x.js", headers)).status).toBe(200);
    expect((await get("/robots.txt", headers)).status).toBe(200);
  });
});

describe("staticSite with School settings (docs/decisions/020)", () => {
  /** The footer's contacts as the prerenderer writes them from site.json, React's escaping included. */
  const footer = `<footer><a href="mailto:${content.contact.email}">${content.contact.email}</a><a href="tel:+15550104242">${content.contact.phone.replaceAll("'", "&#x27;")}</a><a href="${content.socialProfileUrl}" rel="noopener" target="_blank">Follow</a></footer>`;
  let siteRoot: string;
  beforeAll(() => {
    siteRoot = builtSiteFixture();
    writeFileSync(
      path.join(siteRoot, publicPageFile("/contact")),
      `<html><body><div id="root" data-words="/assets/words-en-x.json"><h1>Contact</h1>${footer}${bigText}</div></body></html>`,
    );
  });
  afterAll(() => rmSync(siteRoot, { recursive: true, force: true }));

  const saved: SchoolSettings = {
    ...contentSettings,
    email: "office@dolphins-swim.com",
    phone: "+34 600 123 456",
    socialProfileUrl: "https://www.facebook.com/dolphins?ref=a&b=<c>",
  };

  it("serves the built pages while none are saved, and the saved contacts in them once they are", async () => {
    let current: CurrentSettings = { settings: contentSettings, stored: false, key: "content" };
    const app = staticSite(siteRoot, { publicUrl: "https://swim.example", settings: async () => current });
    const before = await (await app.request("/contact")).text();
    expect(before).toContain(`mailto:${content.contact.email}`);
    expect(before).not.toContain(settingsAttribute);

    current = { settings: saved, stored: true, key: "saved-1" };
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await app.request("/contact", { headers: { "Accept-Encoding": encoding } });
      const bytes = Buffer.from(await response.arrayBuffer());
      const html = (
        encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes
      ).toString();
      expect(html).toContain(
        '<a href="mailto:office@dolphins-swim.com">office@dolphins-swim.com</a><a href="tel:+34600123456">+34 600 123 456</a>',
      );
      expect(html).toContain('href="https://www.facebook.com/dolphins?ref=a&amp;b=&lt;c&gt;"');
      expect(html).not.toContain(content.contact.email);
      // The whole settings on the root, for the page's script: the very object, once unescaped by the browser.
      const attribute = new RegExp(`<div id="root" ${settingsAttribute}="([^"]*)" data-words=`).exec(
        html,
      )?.[1];
      const unescaped = (attribute ?? "")
        .replaceAll("&quot;", '"')
        .replaceAll("&#x27;", "'")
        .replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
        .replaceAll("&amp;", "&");
      expect(JSON.parse(unescaped)).toEqual(saved);
    }
    // The app shell and the 404 page carry them too; another save is seen at the next request.
    expect(await (await app.request("/clients-list")).text()).toContain("app shell");
    current = { settings: { ...saved, phone: "+34 600 999 888" }, stored: true, key: "saved-2" };
    expect(await (await app.request("/contact")).text()).toContain(">+34 600 999 888<");
  });
});
