import { defineConfig, devices } from "@playwright/test";
import { e2ePort as port } from "./e2e/e2e-env.ts";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";

const chromium = { executablePath: chromiumPath, args: chromiumFlags };

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  /**
   * Every test runs at both widths unless its behaviour cannot differ between them (server rules, mail, guards,
   * the text of the prerendered HTML): such a test is tagged @desktop-only and runs at 1440 px alone. A test about one
   * width's own layout (the phone menu, the wide header) is tagged with that width.
   */
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
