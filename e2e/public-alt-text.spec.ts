import content from "../src/content/site.json" with { type: "json" };
import { expect, test } from "./fixtures.ts";
import { altTexts } from "./support.ts";

const pages = ["/", "/services", "/about", "/our-team", "/contact", "/shop", "/cart"];

test("the pictures are drawings, and their alt texts say what each drawing shows", {
  tag: "@desktop-only",
}, () => {
  // The site's images are the illustrations of scripts/make-media.ts until the school imports its own photos.
  const alts = [...altTexts(content)];
  expect(alts.length).toBeGreaterThan(30);
  for (const alt of alts) expect(alt).toMatch(/^(Drawing of|Drawn portrait of) /);
  // The words of photos that are not there are gone.
  expect(alts.join(" ")).not.toMatch(/holding a smiling toddler|thumbs up|standing by a pool/);
});

// Alt texts are in the prerendered HTML, the same at every width: one width is enough. axe (its image-alt rule among
// the rest) runs on each of these pages at both widths in public-pages.spec.ts. One page after another in one
// browser, each checked as it would be alone.
test("on every public page, every picture has an alt text from the content file, or none when it only decorates", {
  tag: "@desktop-only",
}, async ({ page }) => {
  const known = altTexts(content);
  known.add(`${content.school.name} home page`);
  for (const path of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      // Lazy images are in the document from the start; the carousel's repeats carry the same alts.
      const alts = await page
        .locator("main img, header img, footer img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("alt")));
      expect(alts.length, path).toBeGreaterThan(0);
      for (const alt of alts) {
        expect(alt, path).not.toBeNull();
        if (alt) expect(known.has(alt), `${alt} on ${path}`).toBe(true);
      }
    });
  }
});
