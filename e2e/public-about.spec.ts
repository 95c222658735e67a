import { expect, type Locator, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };

const gallery = content.about.gallery;

function carousel(page: Page) {
  const scroller = page.getByRole("region", { name: "Photo gallery" });
  return {
    scroller,
    items: scroller.getByRole("listitem"),
    scrollLeft: () => scroller.evaluate((element) => element.scrollLeft),
    photoWidth: () =>
      scroller
        .getByRole("listitem")
        .first()
        .evaluate((element: HTMLElement) => element.offsetWidth),
  };
}

const near = (expected: number) => (actual: number) => Math.abs(actual - expected) <= 1;

async function expectScrollLeft(scrollLeft: () => Promise<number>, expected: number, scroller: Locator) {
  await expect
    .poll(async () => near(expected)(await scrollLeft()), { message: `scrollLeft ≈ ${expected}` })
    .toBe(true);
  await expect(scroller).toBeVisible();
}

test("the photo carousel starts with the 10 photos three times over, and its arrows move one photo", async ({
  page,
}) => {
  await page.goto("/about");
  const { scroller, items, scrollLeft, photoWidth } = carousel(page);
  await expect(items).toHaveCount(30);
  await expect(items.nth(0).getByRole("img")).toHaveAttribute("alt", gallery.photos[0]?.alt ?? "");
  await expect(items.nth(10).getByRole("img")).toHaveAttribute("alt", gallery.photos[0]?.alt ?? "");
  await expect(items.nth(29).getByRole("img")).toHaveAttribute("loading", "lazy");
  await expect(scroller).toHaveAttribute("tabindex", "0");

  const width = await photoWidth();
  expect(width).toBeGreaterThan(100);
  const narrow = (page.viewportSize()?.width ?? 0) <= 768;
  // Mobile starts one photo in; desktop at the start.
  const start = narrow ? width : 0;
  await expectScrollLeft(scrollLeft, start, scroller);

  await page.getByRole("button", { name: "Next photo" }).click();
  await expectScrollLeft(scrollLeft, start + width, scroller);
  await page.getByRole("button", { name: "Next photo" }).click();
  await expectScrollLeft(scrollLeft, start + 2 * width, scroller);
  await page.getByRole("button", { name: "Previous photo" }).click();
  await expectScrollLeft(scrollLeft, start + width, scroller);
});

// When the strip grows is measured from its end, the same rule at every width; where it starts differs (above).
test("scrolling near the end appends the 10 photos again", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/about");
  const { scroller, items } = carousel(page);
  await expect(items).toHaveCount(30);
  // Within 300 px of the end, not at it.
  await scroller.evaluate((element) => {
    element.scrollLeft = element.scrollWidth - element.clientWidth - 250;
  });
  await expect(items).toHaveCount(40);
  await expect(items.nth(30).getByRole("img")).toHaveAttribute("alt", gallery.photos[0]?.alt ?? "");
  await scroller.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect(items).toHaveCount(50);
});

test("far from the end nothing is appended", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/about");
  const { scroller, items } = carousel(page);
  await scroller.evaluate((element) => {
    element.scrollLeft = element.scrollWidth - element.clientWidth - 600;
  });
  // A scroll is reported to the page before its next frame is drawn: two frames later the strip has answered it.
  await scroller.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await expect(items).toHaveCount(30);
});

test("switching to the mobile width starts the carousel one photo in", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/about");
  const { scroller, scrollLeft, photoWidth } = carousel(page);
  await expectScrollLeft(scrollLeft, 0, scroller);
  await page.setViewportSize({ width: 375, height: 812 });
  const width = await photoWidth();
  await expectScrollLeft(scrollLeft, width, scroller);
});

// A link's target; the page is laid out and checked with axe at both widths in public-pages.spec.ts.
test("the Join Our Family button leads to the contact page", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: content.about.cta }).click();
  await expect(page).toHaveURL(/\/contact$/);
});
