import { defineConfig, devices } from "@playwright/test";
import { e2eSchoolZone, e2ePort as port } from "./e2e/e2e-env.ts";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.ts";

const chromium = { executablePath: chromiumPath, args: chromiumFlags };

/**
 * Specs that change what every page shows (School settings: the contacts, the contract form): they run once every
 * other spec is done, so no other test meets the school's changed pages (their project depends on the others).
 */
const changesEveryPage = /school-settings\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // A browser test waits on the page and the server much of its time, so more tests than cores run at once; but on a
  // 2-core machine four browsers kept 15–25 processes runnable, a third of the CPU in the kernel (2026-11-26): three.
  // Any test may run beside any other (each makes its own rows; the SMTP outage takes a lock, public-contact.spec.ts).
  fullyParallel: true,
  workers: 3,
  retries: 0,
  // Generous, as the run shares two cores with the PostgreSQL pass (.ci/run) and the other browsers: a passing test
  // takes what it takes, a failing one only waits longer. On a loaded machine (2026-11-26: a plain Node loop ran at a
  // tenth of its idle speed during the run) whole admin journeys took 60 to 115 s and a page's first API answer 8 s.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A click or a page load that cannot happen (an element outside a screen that does not scroll) fails on its own
    // step, not as the whole test's timeout minutes later.
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    launchOptions: chromium,
    // The school's zone (e2e/e2e-env.ts), which Chromium would also take from TZ: said here so no page reads another.
    timezoneId: e2eSchoolZone,
    trace: "retain-on-failure",
    // The pages' looping videos and the scrolling banner cost a 2-core machine a fifth of the public pages' run
    // time (170 s against 132 s for e2e/public-*.spec.ts): the browser tests visit the site as a visitor who asked
    // for reduced motion, and public-home.spec.ts, which tests the motion itself, turns it back on.
    reducedMotion: "reduce",
  },
  /**
   * A test runs at both widths only where what it checks can differ between them: headers, menus and drawers, grids
   * and tables, dialogs, what fits a phone's screen, and axe on pages laid out differently. Anything else (server
   * rules, mail, guards, history, links, the text of the prerendered HTML) is tagged @desktop-only and runs at
   * 1440 px alone, with a comment saying where its page is laid out at 375 px. A test about one width's own layout
   * (the phone menu, the wide header) is tagged with that width. (docs/decisions/017)
   */
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile-only/,
      testIgnore: changesEveryPage,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      testIgnore: changesEveryPage,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
    {
      name: "last",
      testMatch: changesEveryPage,
      dependencies: ["desktop", "mobile"],
      grepInvert: /@mobile-only/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { E2E_PORT: String(port) },
    stdout: "ignore",
    stderr: "pipe",
  },
});
