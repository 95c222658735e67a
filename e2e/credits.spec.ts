import { expect, test, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from "./support.ts";

/**
 * Class credits (issue 29): the owner issues a credit with a reason on Edit Client at 1440 px; the parent sees it
 * with its last day on the dashboard at 375 px; the owner voids it and the parent no longer has it to use. Tagged
 * @mobile-only: the parent's page is the phone's, the owner's second browser is set to 1440 px.
 */
test("the owner issues and voids a class credit, and the parent sees it come and go @mobile-only", async ({
  page,
  adminPage,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const parent = await newClient({ firstName: "Carla", lastName: uniqueName("Credit") });
  const reason = `Instructor ill on ${uniqueName("day")}`;

  // The owner, at 1440 px: Edit Client, Class credits, Issue a credit.
  await adminPage.setViewportSize({ width: 1440, height: 900 });
  await adminPage.goto(`/clients-list?q=${encodeURIComponent(parent.lastName.toLowerCase())}`);
  await adminPage.getByRole("button", { name: `Edit ${parent.name}` }).click();
  const credits = adminPage
    .getByRole("dialog", { name: "Edit Client" })
    .getByRole("region", { name: "Class credits" });
  await expect(credits).toContainText("This family has no credits.");
  await credits.getByRole("button", { name: "Issue a credit" }).click();
  const form = credits.getByRole("form", { name: "New credit" });
  await form.getByLabel("Given for").selectOption({ label: "Cancelled by the school" });
  await form.getByLabel("Reason").fill(reason);
  await form.getByLabel("Last day to use it").fill("2027-01-31");
  await form.getByRole("button", { name: "Issue credit" }).click();
  await expect(adminPage.getByRole("status").getByText("Credit issued.")).toBeVisible();
  const item = credits.getByRole("listitem").filter({ hasText: reason });
  await expect(item).toContainText(`Cancelled by the school: ${reason}`);
  await expect(item).toContainText("Available");
  await expect(item).toContainText("Use by January 31, 2027");
  await expect(credits).toContainText("1 credit available");
  await expectNoSeriousA11yViolations(adminPage);

  // The parent, at 375 px: the credit and its last day on the dashboard.
  await signedInAs(parent);
  await page.goto("/client-panel");
  const own = page.getByRole("region", { name: "Your class credits" });
  await expect(own).toContainText("1 class credit to use");
  const listed = own.getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Cancelled by the school: ${reason}`);
  await expect(listed.locator("time")).toHaveAttribute("datetime", "2027-01-31");
  await expect(listed).toContainText("Use by January 31, 2027");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The owner voids it, with a reason: it stays in the family's ledger, voided.
  await item.getByRole("button", { name: `Void credit: ${reason}` }).click();
  await item.getByLabel("Why is it voided?").fill("Given twice by mistake");
  await item.getByRole("button", { name: "Void credit" }).click();
  await expect(adminPage.getByRole("status").getByText("Credit voided.")).toBeVisible();
  await expect(item).toContainText("Voided: Given twice by mistake");
  await expect(credits).toContainText("0 credits available");

  // The parent has nothing to use any more, on the dashboard and on /payments.
  await page.reload();
  await expect(own).toContainText("You have no class credits right now.");
  await expect(own.getByRole("listitem")).toHaveCount(0);
  await page.goto("/payments");
  const onPayments = page.getByRole("region", { name: "Your class credits" });
  await expect(onPayments).toContainText("You have no class credits right now.");
  await expectNoSidewaysScroll(page);
});
