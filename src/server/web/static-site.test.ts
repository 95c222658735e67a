import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPaths } from "../../domain/paths.ts";
import { publicUrlPlaceholder, staticSite } from "./static-site.ts";

/** A small dist/client as `npm run build` leaves it, without running the build. */
function builtSiteFixture(): string {
  const root = mkdtempSync(path.join(tmpdir(), "built-site-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  for (const route of publicPaths) {
    write(
      route === "/" ? "index.html" : `${route.slice(1)}/index.html`,
      `<html><head><link rel="canonical" href="${publicUrlPlaceholder}${route}" /></head><body>page ${route}</body></html>`,
    );
  }
  write("app.html", "<html><body>app shell</body></html>");
  write("404.html", "<html><body>prerendered 404</body></html>");
  write("assets/x.js", "console.log('x');");
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
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(publicPaths.map((route) => `https://swim.example${route}`));
  });

  it("follows another PUBLIC_URL without a new build", async () => {
    const app = staticSite(root, { publicUrl: "http://school.test:8080" });
    expect(await (await app.request("/")).text()).toContain('href="http://school.test:8080/"');
    expect(await (await app.request("/robots.txt")).text()).toContain("http://school.test:8080/sitemap.xml");
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
      const plain = await app.request(url);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
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
        expect(response.headers.get("vary"), accept).toBe("Accept-Encoding");
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
