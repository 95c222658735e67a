import { expect, test } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";

// A first visit: no service worker holds the page's scripts yet.
test.use({ serviceWorkers: "block" });

/**
 * A client page on a phone (issue 31, docs/decisions/048): its HTML names what the app shell asks for first (the
 * session, the words, the page's code), so the browser fetches them while the app's script downloads, not after it
 * has run, and each once: a preload its later request does not match exactly is fetched twice.
 */
test("a client page's HTML starts its session, words and code beside the app's script, each asked for once", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("client");
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/progress");
  await expect(page.getByRole("heading", { level: 1, name: "Class Progress" })).toBeVisible();

  const firstRequests = asked.filter(
    (pathname) =>
      pathname === "/api/session" || /^\/assets\/(words-app-|progress-page-[^/]+\.js$)/.test(pathname),
  );
  expect(firstRequests).toHaveLength(3);
  const assets = asked.filter((pathname) => pathname.startsWith("/assets/"));
  expect(assets.filter((pathname, index) => assets.indexOf(pathname) !== index)).toEqual([]);
  // Named by the HTML: the browser started them while it read the page's head (a preload, a module preload), not
  // once the app had run (a fetch, an import).
  const startedBy = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\/api\/session$|\/assets\/(words-app-|progress-page-[^/]+\.js$)/.test(entry.name))
      .map((entry) => `${new URL(entry.name).pathname.replace(/-[^/]+$/, "")} ${entry.initiatorType}`)
      .sort(),
  );
  expect(startedBy).toEqual(["/api/session link", "/assets/progress other", "/assets/words link"]);
});

/**
 * A client page's first frame (issue 31, docs/decisions/052): before the app's script has run, a phone already
 * shows the header and the page's largest words, the same for every family; once the page is drawn the frame is
 * gone and those words stand exactly where they were. At both widths: the header and the pages are laid out
 * differently past 768 px. In English only: each language's frame is rendered by the page's own components.
 */
const framedWords = [
  { address: "/progress", words: "Every class is a step forward in the water." },
  { address: "/feedback", words: "Your instructor's notes after each class." },
  { address: "/payments", words: "Choose your class package" },
];
test("a client page shows its header and largest words before its scripts, then the page takes their place without a jump", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("client");
  // The app shell's own script never arrives: what a phone shows while it loads.
  allowPageNoise(/Failed to load resource|net::ERR_FAILED/);
  const appScript = /\/assets\/app-[^/]+\.js$/;
  for (const { address, words } of framedWords) {
    await page.route(appScript, (route) => route.abort());
    await page.goto(address);
    const frame = page.locator("#first-frame");
    await expect(frame.getByText(words)).toBeVisible();
    const frameBoxes = await Promise.all([
      frame.getByText(words).boundingBox(),
      frame.locator(".site-header__bar").boundingBox(),
    ]);

    await page.unroute(appScript);
    await page.reload();
    await expect(page.locator("main").getByText(words)).toBeVisible();
    await expect(frame).toHaveCount(0);
    const pageBoxes = await Promise.all([
      page.locator("main").getByText(words).boundingBox(),
      page.locator(".site-header__bar").boundingBox(),
    ]);
    for (const [index, frameBox] of frameBoxes.entries()) {
      expect(frameBox, address).not.toBeNull();
      for (const side of ["x", "y", "width", "height"] as const) {
        expect(
          Math.abs((pageBoxes[index]?.[side] ?? 0) - (frameBox?.[side] ?? 0)),
          `${address}: ${index === 0 ? words : "the header"}, ${side}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  }
});
