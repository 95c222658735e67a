import { expect, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support.ts";

const linkNames = ["Services", "About", "Our Team", "Contact", "Shop"];

/** The header's parts as laid out: each one's vertical middle and box, and whether the page scrolls sideways. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector("header");
    if (!header) throw new Error("no header");
    const parts = [
      ...header.querySelectorAll<HTMLElement>("nav a, .site-header__logo, button, a[href='/cart']"),
    ]
      .filter((element) => element.checkVisibility())
      .map((element) => {
        const box = element.getBoundingClientRect();
        return {
          text: element.textContent?.trim() ?? "",
          middle: box.top + box.height / 2,
          left: box.left,
          right: box.right,
        };
      });
    return {
      parts,
      height: header.getBoundingClientRect().height,
      sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
    };
  });
}

test("above 768 px the header is one row at every width: links, logo, Login and Cart side by side", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/about");
  for (const width of [769, 800, 900, 1000, 1100, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const { parts, height, sideways } = await headerLayout(page);
    expect(parts.map((part) => part.text)).toEqual([...linkNames, "", "Login", "Cart"]);
    const middles = parts.map((part) => part.middle);
    expect(Math.max(...middles) - Math.min(...middles), `one row at ${width} px`).toBeLessThan(4);
    expect(height, `header height at ${width} px`).toBeLessThanOrEqual(72);
    expect(sideways, `no sideways scroll at ${width} px`).toBe(false);
    // Nothing overlaps: each part starts after the one before it ends.
    for (let i = 1; i < parts.length; i++)
      expect(
        (parts[i]?.left ?? 0) - (parts[i - 1]?.right ?? 0),
        `${parts[i]?.text} at ${width} px`,
      ).toBeGreaterThan(0);
  }
  await page.setViewportSize({ width: 800, height: 800 });
  await expectNoSeriousA11yViolations(page);
});

test("at 375 px the header is one row: menu button, logo, Cart", { tag: "@mobile-only" }, async ({
  page,
}) => {
  await page.goto("/about");
  const { parts, sideways } = await headerLayout(page);
  const logo = page.getByRole("banner").getByRole("link", { name: `${content.school.name} home page` });
  await expect(logo).toBeVisible();
  const middles = parts.map((part) => part.middle);
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
  expect(sideways).toBe(false);
  await expect(page.getByRole("banner").getByRole("button", { name: "Open menu" })).toBeVisible();
});
