import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { descriptorsWithoutDefaults, linguiMacros } from "./scripts/i18n/lingui-macro-plugin.ts";
import { opensInAppShell } from "./src/domain/paths.ts";
import { appShellManifest } from "./src/web/first-load.ts";

const web = path.resolve("src/web");

/**
 * Two pages, two entries (docs/decisions/012): index.html hydrates the prerendered public pages with a light
 * router; app.html renders every other page in the browser. Each is built on its own (`vite build` and
 * `vite build --mode app-shell`): a shared build would give both the union of what they use of React Router,
 * one module that cannot be split. The dev server answers the app shell's addresses with app.html, as the
 * production server does.
 */
const appShellInDev: Plugin = {
  name: "app-shell-in-dev",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = new URL(req.url ?? "/", "http://dev");
      if (req.headers.accept?.includes("text/html") && opensInAppShell(url.pathname))
        req.url = `/app.html${url.search}`;
      next();
    });
  },
};

/**
 * The app shell's chunks (docs/decisions/041): what every page of the shell runs first is one chunk, not the twenty
 * small shared ones the default splitting makes of it; each costs a phone a request and its headers. (The words
 * every page asks for come as one JSON file per language: i18n/shell-words.ts, docs/decisions/044.)
 */
const appShellChunks = {
  groups: [
    { name: "app", tags: ["$initial" as const] },
    // TanStack Query, which every signed-in page runs, in one chunk rather than five (docs/decisions/044).
    { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
  ],
};

// The browser app lives in src/web; `vite build --ssr` reuses this config for the prerender bundle.
export default defineConfig(({ command, mode, isSsrBuild }) => ({
  root: "src/web",
  // The app shell's build adds to the public pages' one.
  publicDir: mode === "app-shell" ? false : "../../public",
  plugins: [linguiMacros(), descriptorsWithoutDefaults(), react(), appShellInDev],
  resolve: {
    // React Router's package points every bundler at its development build (warnings and all); a production
    // bundle takes the production one (remix-run/react-router#12532).
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
            },
            {
              find: /^react-router\/dom$/,
              replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
            },
          ]
        : [],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: mode !== "app-shell",
    assetsInlineLimit: 0,
    // One stylesheet, linked from the HTML: the public pages paint before any script has run.
    cssCodeSplit: mode === "app-shell",
    // Which chunks and stylesheets each of the shell's lazy pages needs: scripts/prerender.ts names the first page's
    // in its HTML (docs/decisions/048), then removes the file.
    manifest: mode === "app-shell" && !isSsrBuild ? appShellManifest : false,
    rollupOptions: isSsrBuild
      ? {}
      : mode === "app-shell"
        ? { input: path.join(web, "app.html"), output: { codeSplitting: appShellChunks } }
        : { input: path.join(web, "index.html") },
  },
  server: {
    port: 5173,
    // The API, but not the browser's own modules in src/web/api/ (Vite serves /api/http.ts itself).
    proxy: {
      "^/api/(?![^?]*\\.tsx?(\\?|$))": "http://localhost:3000",
      "/healthz": "http://localhost:3000",
    },
  },
}));
