import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The browser app lives in src/web; `vite build --ssr` reuses this config for the prerender bundle.
export default defineConfig({
  root: "src/web",
  publicDir: "../../public",
  plugins: [react()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
  server: {
    port: 5173,
    // The API, but not the browser's own modules in src/web/api/ (Vite serves /api/http.ts itself).
    proxy: {
      "^/api/(?![^?]*\\.tsx?(\\?|$))": "http://localhost:3000",
      "/healthz": "http://localhost:3000",
    },
  },
});
