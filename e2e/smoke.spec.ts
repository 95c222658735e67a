import { expect, test } from "@playwright/test";

test("the home page is served prerendered", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Aqua Nest/);
});
