import { expect, test } from "./fixtures.ts";

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
