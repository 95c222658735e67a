import { expect, test } from "./fixtures.ts";
import { holdRequests, openBeforeApp } from "./support.ts";

// A first visit: no service worker holds the page's scripts yet.
test.use({ serviceWorkers: "block" });

/**
 * A client page on a phone (issue 31, docs/decisions/058): the server draws it with the parent's own data, so it is
 * on the screen before any script; the app's script is asked for once it has painted, and takes the page over
 * without asking for the session again or showing Loading... in between.
 */
test.describe("a client page before its scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("comes drawn with the parent's own data @desktop-only", async ({ page, signedInAs }) => {
    const client = await signedInAs("client");
    await page.goto("/client-panel");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${client.name}!` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your class calendar" })).toBeVisible();
    await expect(page).toHaveTitle("My swim lessons | Aqua Nest Swim School");
  });
});

test("a visitor and the owner get the page's shell, with no one's data in it @desktop-only", async ({
  request,
  adminApi,
}) => {
  for (const asker of [request, adminApi]) {
    const answer = await asker.get("/client-panel");
    expect(answer.headers()["cache-control"]).toBe("no-cache");
    expect(await answer.text()).not.toContain('id="rendered-state"');
  }
});

test("the app takes the drawn page over: its script after the first paint, no Loading..., nothing asked for again @desktop-only", async ({
  page,
  signedInAs,
}) => {
  const client = await signedInAs("client");
  await page.addInitScript(() => {
    const seen = window as unknown as { sawLoading: boolean };
    seen.sawLoading = false;
    new MutationObserver(() => {
      if (document.querySelector(".route-loading")) seen.sawLoading = true;
    }).observe(document, { subtree: true, childList: true });
  });
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  const answer = await page.goto("/client-panel");
  expect(answer?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${client.name}!` })).toBeVisible();

  // The drawn Menu is disabled: the press waits for the app's, which opens.
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("link", { name: "Class Progress" }).first()).toBeVisible();

  // The app starts from the answers the page was drawn with: it asks for none of them again.
  // (The Menu pressed is activity, which the page reports.)
  expect(asked.filter((pathname) => /^\/api\/(?!session\/heartbeat$)/.test(pathname))).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(false);
  const assets = asked.filter((pathname) => pathname.startsWith("/assets/"));
  expect(assets.filter((pathname, index) => assets.indexOf(pathname) !== index)).toEqual([]);
  const { firstPaint, appScript } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    appScript:
      performance.getEntriesByType("resource").find((entry) => /\/assets\/app-[^/]+\.js$/.test(entry.name))
        ?.startTime ?? Number.NaN,
  }));
  expect(appScript).toBeGreaterThanOrEqual(firstPaint);
});

test("the language switch pressed on the drawn page, before the app is there, switches once the app has taken over @desktop-only", async ({
  page,
  newClient,
  signedInAs,
}) => {
  // A client of this test's own: the choice is stored on the account.
  await signedInAs(await newClient({ packType: "4_60" }), { ownSession: true });
  const releaseApp = await holdRequests(page, /\/assets\/app-[^/]+\.js$/);
  await openBeforeApp(page, "/client-panel");
  const header = page.getByRole("banner");
  await header.getByRole("link", { name: "Español", exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  releaseApp();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(header.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
});
