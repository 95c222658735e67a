import { expect, test } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";

// A first visit: no service worker holds the page's scripts yet.
test.use({ serviceWorkers: "block" });

/**
 * A client page on a phone (issue 31, docs/decisions/048): before any script has run it shows the signed-in chrome
 * and Loading..., and its HTML names what the app shell asks for first (the session, the words, the page's code),
 * so the browser fetches them beside the app's script, each once; the page then takes the frame's place with the
 * header where it was.
 */
test("a client page shows its chrome and Loading... before its scripts, and asks for each first request once", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("client");
  // The app shell's own script never arrives: what a phone shows while it loads. What the HTML preloads for it is
  // then never used, which Chromium says in the console.
  allowPageNoise(/Failed to load resource|net::ERR_FAILED|was preloaded using link preload but not used/);
  await page.route(/\/assets\/app-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/progress");
  const frame = page.locator("#first-frame");
  await expect(frame.getByText("Loading...")).toBeVisible();
  await expect(frame.getByAltText("Aqua Nest Swim School home page")).toBeVisible();
  const frameHeader = await frame.locator("header").boundingBox();

  await page.unroute(/\/assets\/app-[^/]+\.js$/);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Class Progress" })).toBeVisible();
  await expect(frame).toHaveCount(0);
  const pageHeader = await page.locator("header.site-header").boundingBox();
  expect(frameHeader).not.toBeNull();
  for (const side of ["x", "y", "width", "height"] as const)
    expect(Math.abs((pageHeader?.[side] ?? 0) - (frameHeader?.[side] ?? 0)), side).toBeLessThanOrEqual(1);

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
