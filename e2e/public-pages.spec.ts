import type { Page } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { expect, test } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, holdRequests } from "./support.ts";

/** Every public page, with the heading a visitor sees first. */
const publicPages = [
  { path: "/", heading: content.home.hero.headline, title: /Aqua Nest/ },
  { path: "/services", heading: "Your Swimming Journey Starts Here", title: /^Services \| Aqua Nest/ },
  { path: "/about", heading: content.about.hero.heading, title: /^About \| Aqua Nest/ },
  { path: "/our-team", heading: "Meet Our Team", title: /^Our Team \| Aqua Nest/ },
  { path: "/contact", heading: content.contactPage.heading, title: /^Contact \| Aqua Nest/ },
  { path: "/shop", heading: content.shopPage.heading, title: /^Shop \| Aqua Nest/ },
  { path: "/cart", heading: content.cartPage.heading, title: /^Cart \| Aqua Nest/ },
];

// One page after another in one browser, as a visitor reads the site: each page is checked as it would be alone.
// At both widths: each page is laid out differently at 375 px.
test("every public page shows its heading, has no serious accessibility violation and logs no error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${page.url()})`);
  });
  page.on("pageerror", (error) => errors.push(`${error.message} (${page.url()})`));
  // A blocked script or style (our CSP) is not always a console error, but Lighthouse counts it.
  await page.exposeFunction("reportCspViolation", (text: string) => errors.push(text));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `CSP ${event.violatedDirective} blocked ${event.blockedURI} in ${event.sourceFile}`,
      ),
    ),
  );

  for (const { path, heading, title } of publicPages) {
    await test.step(path, async () => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeAttached();
      await expectNoSeriousA11yViolations(page);
      // The session check runs after hydration; give it time to finish before judging the console.
      await page.waitForLoadState("networkidle");
      expect(errors, path).toEqual([]);
    });
  }
});

// At both widths: each width asks for its own size. The three pages show no picture of another's, so each page's
// first visit in this one browser is its pictures' first download.
test("/, /about and /our-team ask for their largest image from the head and download it once", async ({
  page,
}) => {
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/about", "/our-team"]) {
    await test.step(path, async () => {
      images.length = 0;
      await page.goto(path);

      const preload = page.locator('head link[rel="preload"][as="image"][fetchpriority="high"]');
      await expect(preload).toHaveCount(1);
      const largest = page.locator('main img[fetchpriority="high"]');
      await expect(largest).toHaveJSProperty("complete", true);
      const shown = new URL(await largest.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      expect(shown).toMatch(/\.avif$/);
      expect(await preload.getAttribute("imagesrcset")).toContain(`${shown} `);
      // The width the page shows is the one the head asked for: one download, not a second size.
      const name = shown.replace(/-\d+\.avif$/, "");
      expect(images.filter((image) => image.startsWith(`${name}-`))).toEqual([shown]);
    });
  }
});

/**
 * /about with its hero's download held back by the test: the photos in view come, those below the screen wait for
 * the hero's paint, and a visitor who scrolls first does not wait. At 375 px, the phone this is for: the rule is the
 * same at every width.
 */
test.describe("photos below the screen wait for the page's largest image", { tag: "@mobile-only" }, () => {
  async function aboutWithHeldHero(page: Page) {
    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
    });
    const letHeroGo = await holdRequests(page, "**/media/about-hero-*");
    // The load event waits for the hero.
    await page.goto("/about", { waitUntil: "domcontentloaded" });
    // The founder's photo is in view on a phone: its request says the browser has looked for lazy photos to fetch.
    await expect.poll(() => requested.some((path) => path.startsWith("/media/founder-"))).toBe(true);
    const below = () => requested.filter((path) => /^\/media\/(passion|teaching|carousel)-/.test(path));
    expect(below()).toEqual([]);
    return { below, letHeroGo };
  }

  test("they are fetched once the hero has painted", async ({ page }) => {
    const { below, letHeroGo } = await aboutWithHeldHero(page);
    letHeroGo();
    await expect(page.locator("main img[fetchpriority=high]")).toHaveJSProperty("complete", true);
    await expect.poll(() => below().length).toBeGreaterThan(0);
    const passion = page.getByRole("img", { name: content.about.passion.image.alt });
    await passion.scrollIntoViewIfNeeded();
    await expect(passion).toHaveJSProperty("complete", true);
    expect(await passion.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a visitor who scrolls first does not wait for the hero", async ({ page }) => {
    const { below, letHeroGo } = await aboutWithHeldHero(page);
    await page.mouse.wheel(0, 1200);
    const passion = page.getByRole("img", { name: content.about.passion.image.alt });
    await passion.scrollIntoViewIfNeeded();
    await expect(passion).toHaveJSProperty("complete", true);
    expect(await passion.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(below().length).toBeGreaterThan(0);
    letHeroGo();
  });
});

test("an unknown address shows the not-found page with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);
});

/*
 * Tests tagged @desktop-only read what the prerendered HTML says (texts, links, attributes), the same at every
 * width; each page's layout is checked at both widths by the tests above (axe) and by the other public specs.
 */

test("the services page arrives as HTML with its headline and lessons", { tag: "@desktop-only" }, async ({
  request,
}) => {
  const response = await request.get("/services");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Your Swimming Journey Starts Here");
  for (const lesson of [
    "Baby swimming lessons",
    "Learn-to-Swim lessons",
    "Advanced swimming lessons",
    "Adult swimming lessons",
  ]) {
    expect(html).toContain(lesson);
  }
  expect(html).toContain("<title>Services | Aqua Nest Swim School</title>");
});

test.describe("without JavaScript", { tag: "@desktop-only" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the home page still shows its headline, call to action and reels", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.home.hero.headline);
    await expect(page.getByRole("link", { name: "Join the Fun!" })).toHaveAttribute("href", "/contact");
    // Reels marked as samples in the content file show a still; the others a play button.
    const playable = content.reels.filter((reel) => !("sample" in reel && reel.sample)).length;
    await expect(page.getByRole("button", { name: /^Play reel:/ })).toHaveCount(playable);
  });
});

test("services: four lessons, each with a description and a Book now link to the contact page", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/services");
  await expect(page.getByRole("heading", { level: 2 })).toHaveText([
    "Baby swimming lessons",
    "Learn-to-Swim lessons",
    "Advanced swimming lessons",
    "Adult swimming lessons",
    "Class packages and prices",
  ]);
  const bookNow = page.getByRole("link", { name: /^Book now/ });
  await expect(bookNow).toHaveCount(4);
  for (const link of await bookNow.all()) await expect(link).toHaveAttribute("href", "/contact");
  await bookNow.first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("textbox", { name: "First Name" })).toBeVisible();
});

// At both widths: each width loads its own size of every photo.
test("our team: three cards with name, role, description and photo", async ({ page }) => {
  await page.goto("/our-team");
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards).toHaveCount(3);
  for (const [index, member] of content.team.members.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(member.name);
    await expect(card.getByText(member.role, { exact: true })).toBeVisible();
    await expect(card.getByText(member.description)).toBeVisible();
    const photo = card.getByRole("img", { name: member.alt });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(cards.nth(1).getByText("Swim Instructor", { exact: true })).toBeVisible();
});

test("about: founder story and philosophy, with the thank-you note", { tag: "@desktop-only" }, async ({
  page,
}) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: content.about.founder.heading })).toBeVisible();
  await expect(page.getByText(/began teaching swimming at 14/)).toBeVisible();
  await expect(page.getByText(/About 80% of her effort goes to building trust/)).toBeVisible();
  for (const heading of [
    content.about.passion.heading,
    content.about.teaching.heading,
    content.about.thanks.heading,
  ])
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
});

const ctaPages = ["/", "/services", "/about", "/shop", "/cart"];

test("every call-to-action on the public pages leads to the contact page", { tag: "@desktop-only" }, async ({
  page,
}) => {
  for (const path of ctaPages) {
    await test.step(path, async () => {
      await page.goto(path);
      // Calls to action are the button-styled links and the Dive In Now! banner.
      const ctas = page.locator("main").locator("a.button, a.dive-banner");
      const count = await ctas.count();
      expect(count, path).toBeGreaterThan(0);
      for (const cta of await ctas.all()) {
        const name = (await cta.textContent())?.trim();
        // The Shop button opens the shop page, which itself leads only to the contact page (checked on /shop).
        const expected = path === "/" && name === content.home.shop.cta ? "/shop" : "/contact";
        await expect(cta, `"${name}" on ${path}`).toHaveAttribute("href", expected);
      }
    });
  }
});

test("Join the Fun! takes the visitor to the contact form", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Join the Fun!" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.contactPage.heading);
});

test("the footer: newsletter text, a labelled email box and Sign Up (newsletter.spec.ts signs up), the photo profile", {
  tag: "@desktop-only",
}, async ({ page }) => {
  await page.goto("/our-team");
  const footer = page.getByRole("contentinfo");
  await expect(
    footer.getByText("Sign up with your email address to receive news and updates."),
  ).toBeVisible();
  const email = footer.getByRole("textbox", { name: "Email address" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(footer.getByRole("button", { name: "Sign Up" })).toBeVisible();
  await expect(footer.getByRole("link", { name: /Instagram/ })).toHaveAttribute(
    "href",
    content.socialProfileUrl,
  );
  await expect(footer.getByRole("link", { name: content.contact.email })).toHaveAttribute(
    "href",
    `mailto:${content.contact.email}`,
  );
});
