import { expect, type Page, test } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { expectNoSeriousA11yViolations, holdPageApp, openBeforeApp, twoFramesLater } from "./support.ts";

const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) <= 768;

const playable = content.reels.filter((reel) => !reel.sample);
const samples = content.reels.filter((reel) => reel.sample);
/** A reel whose embed the modal tries to show; none until the school puts in its own reels. */
const embeddable = playable.find((reel) => !reel.placeholderOnly);
const placeholderOnly = playable.find((reel) => reel.placeholderOnly);
if (!placeholderOnly) throw new Error("site.json needs a playable reel");

const reelButton = (page: Page, caption: string) =>
  page.getByRole("button", { name: `Play reel: ${caption}` });

// The hero video plays and the banner moves only for a visitor who did not ask for reduced motion, which the other
// specs do (playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

/*
 * Tests tagged @desktop-only check what the home page does, the same at every width (the hero is only taller on a
 * phone, the grids fewer columns); the page is laid out and checked with axe at both widths in
 * public-pages.spec.ts, and what differs (the banner's repeats, the reel modal) is tested at both here.
 */

test("the hero: a muted looping video behind the headline, with Join the Fun!", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/");
  const hero = page.locator(".hero");
  await expect(hero.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);
  const video = hero.locator("video");
  await expect(video).toHaveJSProperty("muted", true);
  await expect(video).toHaveJSProperty("loop", true);
  await expect(video).toHaveAttribute("playsinline", "");
  // Plays by itself while on screen, and the visitor can pause it.
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  await hero.getByRole("button", { name: "Pause video" }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect(hero.getByRole("button", { name: "Play video" })).toBeVisible();
});

test.describe("with reduced motion", { tag: "@desktop-only" }, () => {
  test.use({ reducedMotion: "reduce" });

  test("the hero video does not play by itself and the banner stands still", async ({ page }) => {
    const app = await holdPageApp(page);
    await openBeforeApp(page, "/");
    // Once the app has taken the page over, its effects have run: without reduced motion the video's observer
    // reports it on screen before the next frame, and play() starts it at once (the hero test above).
    await app.release();
    await twoFramesLater(page);
    await expect(page.locator(".hero").getByRole("button", { name: "Play video" })).toBeVisible();
    expect(await page.locator(".hero video").evaluate((element: HTMLVideoElement) => element.paused)).toBe(
      true,
    );
    const track = page.locator(".dive-banner__track");
    await expect(track).toHaveCSS("animation-play-state", "paused");
  });
});

test("the Dive In Now! banner scrolls its text 10 times on desktop and 6 times on mobile", async ({
  page,
}) => {
  await page.goto("/");
  const banner = page.getByRole("link", { name: "Dive In Now!" });
  await expect(banner).toHaveAttribute("href", "/contact");
  const repeats = banner.getByText("Dive In Now!").filter({ visible: true });
  await expect(repeats).toHaveCount(isNarrow(page) ? 6 : 10);
  // It moves.
  const track = page.locator(".dive-banner__track");
  const before = await track.evaluate((element) => element.getBoundingClientRect().x);
  await expect.poll(() => track.evaluate((element) => element.getBoundingClientRect().x)).not.toBe(before);
});

test("a Shop Our Swim Gear section with two videos and a Shop button", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Shop Our Swim Gear" });
  await expect(section.locator("video")).toHaveCount(2);
  await section.getByRole("link", { name: "Shop", exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test("twelve reels: the playable ones are buttons, the sample ones stills with a caption and no play icon", {
  tag: "@desktop-only",
}, async ({ page }) => {
  expect(samples.length).toBe(9);
  await page.goto("/");
  const section = page.getByRole("region", { name: content.home.reels.heading });
  await expect(section.getByRole("listitem")).toHaveCount(12);
  const buttons = section.getByRole("button", { name: /^Play reel: / });
  await expect(buttons).toHaveText(playable.map((reel) => `Play reel: ${reel.caption}`));
  await expect(section.locator("button .reel__play")).toHaveCount(playable.length);

  const stills = section.getByRole("figure");
  await expect(stills).toHaveCount(samples.length);
  for (const [index, reel] of samples.entries()) {
    const still = stills.nth(index);
    await expect(still).toHaveAccessibleName(reel.caption);
    await expect(still.getByRole("img", { name: reel.alt })).toBeVisible();
    // Nothing in a still looks or acts like a control.
    await expect(still.locator("button, a, .reel__play, [tabindex]")).toHaveCount(0);
    await expect(still).toHaveCSS("cursor", "default");
  }
  await expectNoSeriousA11yViolations(page);
});

test.describe("reel modal", () => {
  test("closes with Close, with a click outside and with Escape, giving focus back to the reel", async ({
    page,
  }) => {
    await page.route("https://www.instagram.com/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    const reel = reelButton(page, placeholderOnly.caption);
    const dialog = page.getByRole("dialog", { name: placeholderOnly.caption });

    await reel.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(reel).toBeFocused();

    await reel.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();

    await reel.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    // Focus is held inside the dialog.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(reel).toBeFocused();
  });

  test("a reel shown only as a still opens larger: its caption, a link to Instagram, nothing that plays", async ({
    page,
  }) => {
    await page.goto("/");
    await reelButton(page, placeholderOnly.caption).click();
    const dialog = page.getByRole("dialog", { name: placeholderOnly.caption });
    await expect(dialog.getByRole("img", { name: placeholderOnly.alt })).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Watch on Instagram/ })).toHaveAttribute(
      "href",
      placeholderOnly.url,
    );
    await expect(dialog.locator("iframe, video, .reel__play")).toHaveCount(0);
    await expect(dialog.getByText("This reel can't be shown here right now.")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  // Whether the embed is tried: the same at every width (the modal itself is laid out at both in the tests above).
  test("shows the placeholder and a link to the reel when the embed is unreachable", {
    tag: "@desktop-only",
  }, async ({ page }) => {
    test.skip(!embeddable, "every reel in site.json is a sample or a still");
    if (!embeddable) return;
    await page.route("https://www.instagram.com/**", (route) => route.abort("internetdisconnected"));
    await page.goto("/");
    await reelButton(page, embeddable.caption).click();
    const dialog = page.getByRole("dialog", { name: embeddable.caption });
    await expect(dialog.getByRole("link", { name: /Watch on Instagram/ })).toHaveAttribute(
      "href",
      embeddable.url,
    );
    await expect(dialog.getByRole("img", { name: embeddable.alt })).toBeVisible();
    await expect(dialog.locator("iframe")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("shows the embed in a frame once its host is reachable; placeholder-only reels never do", {
    tag: "@desktop-only",
  }, async ({ page }) => {
    test.skip(!embeddable, "every reel in site.json is a sample or a still");
    if (!embeddable) return;
    const requested: string[] = [];
    await page.route("https://www.instagram.com/**", (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Reel</title><p>Reel embed is playing</p>",
      });
    });
    await page.goto("/");

    await reelButton(page, embeddable.caption).click();
    const dialog = page.getByRole("dialog", { name: embeddable.caption });
    const frame = dialog.locator(`iframe[title="Instagram reel: ${embeddable.caption}"]`);
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute("src", embeddable.embedUrl);
    await expect(frame.contentFrame().getByText("Reel embed is playing")).toBeVisible();
    await expect(dialog.getByRole("link", { name: /Watch on Instagram/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();

    await reelButton(page, placeholderOnly.caption).click();
    const still = page.getByRole("dialog", { name: placeholderOnly.caption });
    await expect(still.getByRole("img", { name: placeholderOnly.alt })).toBeVisible();
    await expect(still.getByRole("link", { name: /Watch on Instagram/ })).toHaveAttribute(
      "href",
      placeholderOnly.url,
    );
    await twoFramesLater(page);
    await expect(still.locator("iframe")).toHaveCount(0);
    expect(requested.filter((url) => url.startsWith(placeholderOnly.url))).toEqual([]);
  });
});
