import { defineConfig } from "vitest/config";
import { linguiMacros } from "./scripts/i18n/lingui-macro-plugin.ts";

export default defineConfig({
  plugins: [linguiMacros()],
  test: {
    setupFiles: ["test/support/english.ts"],
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    // Test files share a worker's module cache instead of importing the app again each (about a third of the CPU
    // of a run): every file builds its own app on its own database, and none changes a module's state or the
    // environment for the files after it (docs/decisions/017).
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
