/**
 * The build's step after prerender (docs/decisions/023): the icons and the web app manifest that make /today
 * installable, and the service worker that opens /today without signal. workbox-build's generateSW runs here, on
 * the finished site, because the app shell is written by prerender.ts after Vite's builds (a Vite plugin would
 * precache the page before it exists). The worker precaches the app shell (app.html, its scripts, styles and words),
 * answers a navigation to /today from it when the network fails, and keeps the answers of GET /api/today
 * (NetworkFirst) for an offline reload; it imports the Background Sync sender of the queued saves.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { build } from "vite";
import { generateSW } from "workbox-build";
import content from "../src/content/site.json" with { type: "json" };
import { paths } from "../src/domain/paths.ts";
import {
  manifestPath,
  serviceWorkerPath,
  todayDayPath,
  todayDaysCache,
} from "../src/domain/today-offline.ts";

const clientDir = path.resolve(process.env.SITE_DIR ?? "dist/client");
const themeColour = "#0b4f8a";

/** The favicon's drawing as the PNGs a phone's home screen and Chromium's install check want. */
const icon = readFileSync(path.resolve("public/favicon.svg"));
mkdirSync(path.join(clientDir, "icons"), { recursive: true });
const icons = await Promise.all(
  [192, 512].map(async (size) => {
    const file = `icons/today-${size}.png`;
    await sharp(icon, { density: (72 * size) / 64 })
      .resize(size, size)
      .png()
      .toFile(path.join(clientDir, file));
    return { src: `/${file}`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" };
  }),
);

writeFileSync(
  path.join(clientDir, manifestPath),
  `${JSON.stringify(
    {
      id: paths.today,
      name: content.school.name,
      short_name: content.school.name.split(" ").slice(0, 2).join(" "),
      start_url: paths.today,
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: themeColour,
      background_color: "#ffffff",
      icons,
    },
    null,
    2,
  )}\n`,
);

/** The Background Sync sender, bundled on its own (the worker imports it), named by its content's hash. */
const syncOut = path.join(clientDir, "assets");
await build({
  configFile: false,
  logLevel: "warn",
  publicDir: false,
  // A library build leaves these to its user; a worker has no `process`.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: syncOut,
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: path.resolve("src/web/admin/today/offline/sync-worker.ts"),
      formats: ["iife"],
      name: "todaySync",
      fileName: () => "today-sync.js",
    },
  },
});
const syncCode = readFileSync(path.join(syncOut, "today-sync.js"));
const syncFile = `assets/today-sync-${createHash("sha256").update(syncCode).digest("hex").slice(0, 10)}.js`;
renameSync(path.join(syncOut, "today-sync.js"), path.join(clientDir, syncFile));

/** An address of this site's, whatever its origin: `^https?://host/today` followed by a query or nothing. */
const sameSiteAddress = (pathname: string) =>
  new RegExp(`^https?://[^/]+${pathname.replace(/[/]/g, "\\/")}(?:[?#]|$)`);

const { count, size, warnings } = await generateSW({
  swDest: path.join(clientDir, serviceWorkerPath),
  globDirectory: clientDir,
  globPatterns: [
    "app.html",
    "assets/**/*.{js,css,json}",
    "icons/today-*.png",
    manifestPath.slice(1),
    "favicon.svg",
  ],
  globIgnores: [syncFile],
  // Vite's names carry their content's hash: no revision needed for them.
  dontCacheBustURLsMatching: /^assets\//,
  mode: "production",
  sourcemap: false,
  inlineWorkboxRuntime: true,
  cleanupOutdatedCaches: true,
  skipWaiting: true,
  clientsClaim: true,
  importScripts: [`/${syncFile}`],
  runtimeCaching: [
    {
      // The page itself (the app shell, no one's data): the network's when it answers within seconds, else the
      // one last served, else the precached one.
      urlPattern: sameSiteAddress(paths.today),
      handler: "NetworkFirst",
      options: {
        cacheName: "today-page",
        networkTimeoutSeconds: 6,
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 5 },
        precacheFallback: { fallbackURL: "/app.html" },
      },
    },
    {
      urlPattern: sameSiteAddress(todayDayPath),
      handler: "NetworkFirst",
      method: "GET",
      options: {
        cacheName: todayDaysCache,
        networkTimeoutSeconds: 6,
        cacheableResponse: { statuses: [200] },
        expiration: { maxEntries: 60, maxAgeSeconds: 14 * 24 * 60 * 60 },
      },
    },
  ],
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: precaches ${count} files, ${size} bytes; manifest and icons for ${paths.today}`);
