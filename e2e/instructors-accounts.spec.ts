import type { Page } from "@playwright/test";
import { addMonths, format, setDate, startOfMonth } from "date-fns";
import { expect, type NewClient, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations } from "./support.ts";

/**
 * The owner and an instructor (issue 27, docs/decisions/021): the owner creates the instructor's account on
 * /instructors and reads its temporary password once; the instructor signs in with it, chooses their own, lands on
 * their day (/today, docs/decisions/023), opens Manage Bookings and sees their own lesson only (no Edit, no Delete, no price), moves its time, and is sent back
 * from the owner's pages.
 */
const nextMonth = addMonths(startOfMonth(new Date()), 1);
const day = (n: number) => format(setDate(nextMonth, n), "yyyy-MM-dd");

const family = (firstName: string): NewClient => ({
  firstName,
  lastName: uniqueName("Staff"),
  packType: "4_60",
  choosePassword: false,
});

async function signInWithModal(page: Page, email: string, password: string) {
  await page.goto("/services");
  const wide = (page.viewportSize()?.width ?? 0) > 768;
  if (!wide) await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
}

test("the owner creates an instructor, who signs in to their own lessons only and moves a lesson's time", async ({
  page,
  signedInAs,
  newClient,
  adminApi,
  browser,
}, testInfo) => {
  test.slow();
  await signedInAs("admin");
  const email = uniqueEmail("ivy");
  const lastName = uniqueName("Teach");
  await page.goto("/instructors");
  await expect(page.getByRole("heading", { level: 1, name: "Instructors" })).toBeVisible();
  const form = page.getByRole("region", { name: "New instructor account" });
  await form.getByLabel("First name").fill("Ivy");
  await form.getByLabel("Last name").fill(lastName);
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Create Instructor Account" }).click();
  const shown = page.getByRole("dialog", { name: "Temporary password" });
  const temporary = await shown.getByLabel(`Temporary password for Ivy ${lastName}`).inputValue();
  expect(temporary).toMatch(/^[A-Za-z0-9]{8}$/);
  await expectNoSeriousA11yViolations(page);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toContainText("Instructor");

  // Two families: Ivy teaches Nora's class, the owner Omar's.
  const { instructors } = (await (await adminApi.get("/api/instructors")).json()) as {
    instructors: { id: string; email: string }[];
  };
  const ivy = instructors.find((each) => each.email === email)?.id as string;
  const nora = await newClient(family("Nora"));
  const omar = await newClient(family("Omar"));
  for (const client of [nora, omar]) await buyPackageAsAdmin(page, client, "4_60");
  const n = (testInfo.project.name === "mobile" ? 6 : 16) + testInfo.retry;
  for (const [client, body] of [
    [nora, { startTime: "09:00", instructorId: ivy }],
    [omar, { startTime: "09:00" }],
  ] as const) {
    const saved = await adminApi.post("/api/bookings", {
      data: { clientId: client.id, dates: [day(n)], ...body },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }

  // Ivy, in a browser of her own.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const ivyPage = await context.newPage();
  await signInWithModal(ivyPage, email, temporary);
  await expect(ivyPage).toHaveURL(/\/change-password$/);
  await ivyPage.getByLabel("Temporary password").fill(temporary);
  await ivyPage.getByLabel("New password", { exact: true }).fill("chosen-by-ivy");
  await ivyPage.getByLabel("Confirm new password").fill("chosen-by-ivy");
  await ivyPage.getByRole("button", { name: "Save password" }).click();
  await expect(ivyPage).toHaveURL(/\/today$/);
  await ivyPage.goto("/manage-bookings");

  const list = ivyPage.getByRole("list", { name: "Bookings" });
  await expect(list.getByRole("heading", { name: nora.name })).toBeVisible();
  await expect(list.getByRole("heading", { name: omar.name })).toHaveCount(0);
  const item = list.getByRole("listitem").filter({ has: ivyPage.getByRole("heading", { name: nora.name }) });
  await expect(item).not.toContainText("$");
  await expect(item.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  await expect(item.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(ivyPage);

  await item.getByRole("button", { name: /^Times and instructors of / }).click();
  const dialog = ivyPage.getByRole("dialog", { name: "Times and instructors" });
  await expect(dialog.getByLabel("Instructor")).toBeDisabled();
  await dialog.getByLabel("Start time").selectOption("09:30");
  await dialog.getByRole("button", { name: "Save Times" }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByRole("list", { name: "Classes" })).toContainText(/9:30\sAM\s–\s10:00\sAM · Ivy/);

  // The owner's pages send her back to her lessons; the server refuses them too.
  await ivyPage.goto("/clients-list");
  await expect(ivyPage).toHaveURL(/\/today$/);
  expect((await ivyPage.request.get("/api/clients?search=a")).status()).toBe(403);
  expect((await ivyPage.request.get(`/api/subscriptions/used-classes/${nora.id}`)).status()).toBe(403);
  await context.close();
});
