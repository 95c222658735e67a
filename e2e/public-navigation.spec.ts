import { expect, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { expectNoSeriousA11yViolations, holdPageApp, openBeforeApp } from "./support.ts";

const headerLinks = [
  { name: "Services", path: "/services", heading: "Your Swimming Journey Starts Here" },
  { name: "About", path: "/about", heading: content.about.hero.heading },
  { name: "Our Team", path: "/our-team", heading: "Meet Our Team" },
  { name: "Contact", path: "/contact", heading: content.contactPage.heading },
  { name: "Shop", path: "/shop", heading: content.shopPage.heading },
];

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("desktop header", { tag: "@desktop-only" }, () => {
  test("links on the left, the centred logo home, Login and Cart on the right", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("background-color", "rgb(11, 79, 138)");
    await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
    const nav = header.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(headerLinks.map((link) => link.name));

    // Layout: links left of the logo, which sits in the middle, Login and Cart right of it.
    const logo = header.getByRole("link", { name: `${content.school.name} home page` });
    const logoBox = await logo.boundingBox();
    const navBox = await nav.boundingBox();
    const loginBox = await header.getByRole("button", { name: "Login" }).boundingBox();
    const cartBox = await header.getByRole("link", { name: "Cart" }).boundingBox();
    const viewport = page.viewportSize();
    if (!logoBox || !navBox || !loginBox || !cartBox || !viewport)
      throw new Error("header parts not laid out");
    expect(Math.abs(logoBox.x + logoBox.width / 2 - viewport.width / 2)).toBeLessThan(24);
    expect(navBox.x + navBox.width).toBeLessThan(logoBox.x);
    expect(loginBox.x).toBeGreaterThan(logoBox.x + logoBox.width);
    expect(cartBox.x).toBeGreaterThan(loginBox.x);

    for (const link of headerLinks) {
      await nav.getByRole("link", { name: link.name }).click();
      await expect(page).toHaveURL(new RegExp(`${link.path}$`));
      await expect(heading(page)).toHaveText(link.heading);
      await expect(nav.getByRole("link", { name: link.name })).toHaveAttribute("aria-current", "page");
    }
    await header.getByRole("link", { name: "Cart" }).click();
    await expect(heading(page)).toHaveText(content.cartPage.heading);
    await logo.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(heading(page)).toHaveText(content.home.hero.headline);
  });

  test("the skip link moves focus to the main content", async ({ page }) => {
    await page.goto("/services");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });
});

// Whether a page is reached by a link or loaded, and how far its reader has scrolled, cannot differ with the width.
test("a page reached by a link starts at its top, without a full page load", {
  tag: "@desktop-only",
}, async ({ page }) => {
  const app = await holdPageApp(page);
  await openBeforeApp(page, "/services");
  await app.release();
  const bookNow = page.getByRole("link", { name: "Book now" }).last();
  await bookNow.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => Object.assign(window, { loadedOnce: true }));
  await bookNow.click();
  await expect(heading(page)).toHaveText(content.contactPage.heading);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => "loadedOnce" in window)).toBe(true);
});

test.describe("mobile menu", { tag: "@mobile-only" }, () => {
  test("opens full screen with focus inside, locks the page, and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = header.getByRole("button", { name: "Open menu" });
    await menuButton.click();

    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box).toEqual({ x: 0, y: 0, width: 375, height: 812 });
    await expect(menu.getByRole("button", { name: "Close menu" })).toBeFocused();
    // The menu's links; the language switch sits under them (public-languages.spec.ts).
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText([
      ...headerLinks.map((link) => link.name),
      "Cart",
    ]);
    await expect(menu.getByRole("button", { name: "Login" })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  // Its Close button closes it too: public-back-closes.spec.ts, "Back closes the menu…", which also checks that it
  // leaves no step in history.

  test("every link navigates and closes the menu", async ({ page }) => {
    await page.goto("/");
    for (const link of [...headerLinks, { name: "Cart", path: "/cart", heading: content.cartPage.heading }]) {
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await menu.getByRole("link", { name: link.name }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${link.path}$`));
      await expect(heading(page)).toHaveText(link.heading);
    }
  });
});
