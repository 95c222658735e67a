import { expect, test, uniqueName } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";
import { buyPackageAsAdmin, expectNoSidewaysScroll } from "./support.ts";

// A first visit: no service worker holds the page's scripts yet (one from another test would answer them itself).
test.use({ serviceWorkers: "block" });

/**
 * /today's first frame (issue 27, web/first-frame.ts): before any script has run, a phone already shows the admin
 * bar and the page's first words; once the page is drawn the frame is gone and those words stand exactly where they
 * were, so nothing jumps. At both widths: the frame copies the chrome's layout, which differs at 768 px.
 */
test("/today shows its first words before its scripts, then the page takes their place without a jump", async ({
  page,
  signedInAs,
  adminApi,
  adminPage,
  newClient,
}) => {
  // The owner teaches a family of a long name today: a lesson's words must not widen the day past the screen.
  const family = await newClient({
    firstName: "Olga",
    lastName: `Wolfeschlegelsteinhausenberger${uniqueName("")}`,
  });
  await buyPackageAsAdmin(adminPage, family, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${family.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", { data: { clientId: family.id, dates: [today] } });
  expect(booked.ok(), await booked.text()).toBe(true);
  await signedInAs("admin");
  // The app shell's own script never arrives: what a phone shows while it loads.
  // The service worker is blocked here (test.use above): the page says so once in the console.
  allowPageNoise(
    /Failed to load resource|net::ERR_FAILED|service worker not registered|Service Worker registration blocked/,
  );
  await page.route(/\/assets\/app-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/today");
  const framed = page.locator("#first-frame").getByText("Add this page to your phone's home screen");
  await expect(framed).toBeVisible();
  await expect(page.locator("#first-frame")).toContainText("Aqua Nest Swim School");
  const frameBox = await framed.boundingBox();

  await page.unroute(/\/assets\/app-[^/]+\.js$/);
  await page.reload();
  const hint = page.locator("main").getByText("Add this page to your phone's home screen");
  await expect(hint).toBeVisible();
  await expect(page.locator("#first-frame")).toHaveCount(0);
  await expect(page.getByRole("article").filter({ hasText: family.lastName })).toBeVisible();
  await expectNoSidewaysScroll(page);
  const pageBox = await hint.boundingBox();
  expect(frameBox).not.toBeNull();
  for (const side of ["x", "y", "width", "height"] as const) {
    expect(Math.abs((pageBox?.[side] ?? 0) - (frameBox?.[side] ?? 0)), side).toBeLessThanOrEqual(1);
  }
});

test("@desktop-only a /today whose code fails to load shows the error, not its first frame over it", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("admin");
  allowPageNoise(
    /Failed to load resource|net::ERR_FAILED|Failed to fetch dynamically imported module|Unexpected Application Error|React Router caught the following error|today-page|service worker not registered|Service Worker registration blocked/,
  );
  await page.route(/\/assets\/today-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/today");
  await expect(page.getByText("Unexpected Application Error!")).toBeVisible();
  await expect(page.locator("#first-frame")).toHaveCount(0);
});
