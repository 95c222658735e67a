import type { Page } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import { messages } from "../src/domain/messages.ts";
import { packCatalogue } from "../src/domain/pack-catalogue.ts";
import { addDays, formatDay } from "../src/domain/school-day.ts";
import { allowPageNoise, expect, test, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations, expectOverlayClosed } from "./support.ts";

/**
 * At 1440 px and 375 px, but for the tests tagged @desktop-only, whose behaviour cannot differ with the width.
 * The e2e server is shared by every test of a run: a test that changes a client's plan makes its own client.
 */

/** The admin's Edit Client dialog for the client, opened from /clients-list. */
async function openEditClient(admin: Page, client: { lastName: string; name: string }) {
  await admin.goto("/clients-list");
  await admin.getByLabel("Search by name").fill(client.lastName);
  // Once the list shows the search's answer: a click while it changes under the pointer lands where the row was.
  await expect(admin.getByRole("row")).toHaveCount(2); // header + the one match
  await admin.getByRole("button", { name: `Edit ${client.name}` }).click();
  return admin.getByRole("dialog", { name: "Edit Client" });
}

/** The page's popup, by its title. */
const popup = (page: Page, title: string) => page.getByRole("dialog", { name: title, exact: true });

test("a client buys its package on the local checkout, sees it active, then cancels it; the admin's package selector is locked meanwhile", async ({
  page,
  adminPage: admin,
  signedInAs,
  newClient,
}) => {
  const client = await signedInAs(await newClient({ firstName: "Lena", lastName: uniqueName("Pay") }));

  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Choose your class package" })).toBeVisible();
  const box = page.getByRole("region", { name: "Your subscription" });
  await expect(box).toContainText("You have no active subscription");
  // The admin chose 8 classes at 55 for this client: that package alone is offered, with its price.
  const packages = page.getByRole("region", { name: "Your package" });
  await expect(packages.getByRole("listitem")).toHaveCount(1);
  await expect(packages.getByRole("listitem")).toContainText("8 classes");
  await expect(packages.getByRole("listitem")).toContainText("$440");
  await expectNoSeriousA11yViolations(page);

  await packages.getByRole("button", { name: "Buy this package" }).click();
  await expect(page).toHaveURL(/\/checkout\/local\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText("8 classes · $55 per class")).toBeVisible();
  await expect(page.getByText("$440")).toBeVisible();
  await expect(page.getByText(client.email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  // Back on /payments: the popup, and the flag gone from the address so a reload does not show it again.
  const thanks = popup(page, "Thank you!");
  await expect(thanks).toContainText(messages.subscriptionSuccessful);
  await expect(page).toHaveURL(/\/payments$/);
  await expectNoSeriousA11yViolations(page);
  await thanks.getByRole("button", { name: "OK" }).click();
  await expect(thanks).toBeHidden();
  await expect(box).toContainText("8 classes · $55 per class");
  await expect(box).toContainText("0 of 8 classes used");
  await expect(packages.getByRole("button", { name: "Buy this package" })).toBeDisabled();

  // Meanwhile the admin sees the plan and cannot change the package (the server refuses it too).
  let dialog = await openEditClient(admin, client);
  await expect(dialog.getByLabel("Package", { exact: true })).toBeDisabled();
  await expect(dialog).toContainText(messages.packLocked);
  await expect(dialog).toContainText("Active plan: 0 of 8 classes used");
  await expect(admin.getByRole("row").filter({ hasText: client.email })).toContainText(
    "Active plan: 0 of 8 classes used",
  );
  const refused = await admin.request.patch(`/api/clients/${client.id}`, {
    data: { defaultPackType: "4_60" },
  });
  expect(refused.status()).toBe(409);

  await box.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(messages.confirmCancelSubscription);
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  // No class of the plan was booked, so all 8 were left.
  const canceled = popup(page, "Subscription canceled");
  await expect(canceled).toContainText(
    "Your subscription has been successfully canceled. You had 8 remaining classes left.",
  );
  await canceled.getByRole("button", { name: "OK" }).click();
  await expect(box).toContainText("You have no active subscription");
  await expect(packages.getByRole("button", { name: "Buy this package" })).toBeEnabled();

  dialog = await openEditClient(admin, client);
  await expect(dialog.getByLabel("Package", { exact: true })).toBeEnabled();
  await expect(dialog).toContainText("No active plan");
});

// Which packs are offered and where Cancel leads; the page, the checkout and their popups are laid out at both
// widths in the test above.
test("/manage-payments is the same page; without a package chosen every pack is offered; Cancel on the checkout shows the cancel popup", {
  tag: "@desktop-only",
}, async ({ page, signedInAs, newClient }) => {
  await signedInAs(await newClient({ firstName: "Lena", packType: null }));

  await page.goto("/manage-payments");
  await expect(page).toHaveURL(/\/manage-payments$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choose your class package" })).toBeVisible();
  const packages = page.getByRole("region", { name: "Our packages" });
  await expect(packages.getByRole("listitem")).toHaveCount(packCatalogue.length);
  await expectNoSeriousA11yViolations(page);

  await packages.getByRole("listitem").filter({ hasText: "$200" }).getByRole("button").click();
  await expect(page.getByText("4 classes · $50 per class")).toBeVisible();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  const canceled = popup(page, "Payment canceled");
  await expect(canceled).toContainText(messages.paymentCanceled);
  await expect(page).toHaveURL(/\/payments$/);
  await canceled.getByRole("button", { name: "OK" }).click();
  await expect(page.getByRole("region", { name: "Your subscription" })).toContainText(
    "You have no active subscription",
  );
  // Back does not return to the finished checkout (once the popup has taken its own entry off, or the two Backs meet).
  await expectOverlayClosed(page, canceled);
  await page.goBack();
  await expect(page).toHaveURL(/\/manage-payments$/);
});

test("buying after the session ended says 'You must be logged in.'", { tag: "@desktop-only" }, async ({
  page,
  signedInAs,
  newClient,
}) => {
  // A client of its own: the test ends its session.
  await signedInAs(await newClient({ firstName: "Lena" }));
  await page.goto("/payments");
  const buy = page.getByRole("button", { name: "Buy this package" });
  await expect(buy).toBeEnabled();
  await page.request.post("/api/session/sign-out");
  await buy.click();
  await expect(popup(page, "Checkout")).toContainText(messages.mustBeLoggedIn);
});

test("/contract shows the contract form in a frame, or the school's contact details when the form cannot load", async ({
  page,
  signedInAs,
}) => {
  await signedInAs("client");
  const formHost = `${new URL(content.contractFormUrl).origin}/**`;

  await page.route(formHost, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="en"><title>Contract</title><main><h1>Swim contract</h1></main></html>',
    }),
  );
  await page.goto("/contract");
  await expect(page.getByRole("heading", { level: 1, name: "View Contract" })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Contract form"]').getByRole("heading")).toHaveText(
    "Swim contract",
  );
  await expectNoSeriousA11yViolations(page);

  await page.unroute(formHost);
  allowPageNoise(/ERR_INTERNET_DISCONNECTED/); // the form's host is made unreachable on purpose
  await page.route(formHost, (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(page.getByText("The contract form cannot be shown right now.")).toBeVisible();
  await expect(page.getByRole("link", { name: content.contact.email })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

// The prerendered HTML is the same at every width; /services is checked with axe at both in public-pages.spec.ts.
test("/services shows every package with its price, in the prerendered page", {
  tag: "@desktop-only",
}, async ({ page }) => {
  const html = await (await page.request.get("/services")).text();
  for (const pack of packCatalogue) expect(html).toContain(`$${pack.price}`);

  await page.goto("/services");
  const table = page.getByRole("table", { name: "Class packages and prices" });
  await expect(table.getByRole("row")).toHaveCount(packCatalogue.length + 1);
  for (const [index, pack] of packCatalogue.entries()) {
    const row = table.getByRole("row").nth(index + 1);
    await expect(row).toContainText(`${pack.classes} classes`);
    await expect(row).toContainText(`$${pack.pricePerClass}`);
    await expect(row).toContainText(`$${pack.price}`);
  }
  await expectNoSeriousA11yViolations(page);
});

// Issue 24, friction 7, met on a parent's phone: after canceling, today's class still said "Upcoming" beside "You
// have no active package", and the message counted today's class among those "left". Before and after the
// confirmation the parent is told what happens to today's class and the later ones.
test("canceling says before and after that today's class still takes place and the later ones are canceled", {
  tag: "@mobile-only",
}, async ({ page, adminPage: admin, signedInAs, newClient }) => {
  const client = await newClient({ firstName: "Lena", lastName: uniqueName("Today"), packType: "4_60" });
  await buyPackageAsAdmin(admin, client, "4_60");
  const { today } = (await (await admin.request.get(`/api/bookings/draft/${client.id}`)).json()) as {
    today: string;
  };
  const later = [addDays(today, 7), addDays(today, 14)];
  const booked = await admin.request.post("/api/bookings", {
    data: { clientId: client.id, dates: [today, ...later] },
  });
  expect(booked.ok()).toBe(true);

  await signedInAs(client);
  await page.goto("/progress");
  const classes = page.getByRole("region", { name: "Your classes" });
  // The date's own item, inside its booking's.
  const todayItem = classes
    .getByRole("listitem")
    .filter({ hasText: formatDay(today, { dateStyle: "full" }) })
    .last();
  await expect(todayItem).toContainText("Today");
  await expect(classes.getByText("Upcoming", { exact: true })).toHaveCount(2);

  await page.goto("/payments");
  const box = page.getByRole("region", { name: "Your subscription" });
  await box.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Please confirm" });
  await expect(confirm).toContainText(messages.confirmCancelSubscription);
  await expect(confirm).toContainText(
    "Today's booked class still takes place. Your 2 classes booked after today will be canceled.",
  );
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  const canceled = popup(page, "Subscription canceled");
  // Four classes bought, none taken, today's kept: three given up.
  await expect(canceled).toContainText(
    "Your subscription has been successfully canceled. You had 3 remaining classes left. Today's booked class still takes place.",
  );
  await canceled.getByRole("button", { name: "OK" }).click();

  await page.goto("/progress");
  await expect(page.getByText("You have no active package.")).toBeVisible();
  await expect(todayItem).toContainText("Today");
  await expect(classes.getByText("Upcoming", { exact: true })).toHaveCount(0);
  for (const day of later) await expect(classes).not.toContainText(formatDay(day, { dateStyle: "full" }));
});
