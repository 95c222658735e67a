import { expect, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support.ts";

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) <= 768;
const playableReel = content.reels.find((reel) => !reel.sample);
if (!playableReel) throw new Error("site.json needs a playable reel");

/** The visitor arrives from /services, so a Back that leaves the page would show it. */
async function arriveOnHome(page: Page) {
  await page.goto("/services");
  await page
    .getByRole("banner")
    .getByRole("link", { name: `${content.school.name} home page` })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);
}

/**
 * An overlay closed by the page takes its history step off a moment later (a real Back press never comes that
 * fast); wait for it before pressing Back.
 */
async function historySettled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => (window.history.state as { closesOnBack?: string } | null)?.closesOnBack))
    .toBeUndefined();
}

async function openLogin(page: Page) {
  if (isNarrow(page)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Login" }).click();
  } else {
    await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  }
  const dialog = page.getByRole("dialog", { name: "Login" });
  await expect(dialog).toBeVisible();
  return dialog;
}

// The reel modal takes the same history step at every width; the login and reset dialogs below are opened from the
// phone's menu at 375 px, which takes a step of its own, so they run at both widths.
test("Back closes the reel modal and stays on the page; after closing it, Back leaves as usual", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await arriveOnHome(page);
  const reel = page.getByRole("button", { name: `Play reel: ${playableReel.caption}` });
  const dialog = page.getByRole("dialog", { name: playableReel.caption });

  await reel.click();
  await expect(dialog).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(reel).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Closed with its button, the modal leaves no step behind: one Back returns to /services.
  await reel.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await historySettled(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
});

test("Back closes the login dialog; Escape then Back leaves the page", async ({ page }) => {
  await arriveOnHome(page);
  const dialog = await openLogin(page);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);

  await openLogin(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await historySettled(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
});

test("Back after Forgot Password? closes the reset dialog and stays on the page", async ({ page }) => {
  await arriveOnHome(page);
  const login = await openLogin(page);
  await login.getByRole("button", { name: "Forgot Password?" }).click();
  const reset = page.getByRole("dialog", { name: "Reset Password" });
  await expect(reset).toBeVisible();
  await page.goBack();
  await expect(reset).toBeHidden();
  await expect(login).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/services$/);
});

test.describe("mobile menu", { tag: "@mobile-only" }, () => {
  test("Back closes the menu and stays on the page, focus back on the menu button", async ({ page }) => {
    await arriveOnHome(page);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(menuButton).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await menuButton.click();
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await historySettled(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
  });

  test("a page chosen in the menu takes its place in history: Back returns to where the menu was opened", async ({
    page,
  }) => {
    await arriveOnHome(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.about.hero.heading);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);
    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe("desktop", { tag: "@desktop-only" }, () => {
  test("a link in the header after closing the login dialog goes forward as usual", async ({ page }) => {
    await arriveOnHome(page);
    await openLogin(page);
    await page.keyboard.press("Escape");
    await historySettled(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/services$/);
  });
});
