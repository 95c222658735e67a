import type { Locator } from "@playwright/test";
import { addMonths, format, parseISO, setDate, startOfMonth } from "date-fns";
import { bookingMessages, type ClientBookingsResponse } from "../src/domain/bookings.ts";
import { formatDay } from "../src/domain/school-day.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations } from "./support.ts";

/**
 * Siblings in one home lesson (issue 26), at both widths (Create Booking's swimmer choice and the client pages'
 * switch sit differently on a phone): Ana swims herself and has two children, Leo and Mia. The admin books today's
 * class for both children and a class next month for Leo alone, then writes each child's feedback for today's
 * class; Ana reads each child's feedback under that child only.
 */
const nextMonth = addMonths(startOfMonth(new Date()), 1);
const dayButton = (scope: Locator, date: Date) =>
  scope.getByRole("button", { name: new RegExp(`${format(date, "PPPP")}(, selected)?$`) });

test("one class with both children and one with Leo alone; each child's feedback shows only under that child", async ({
  page,
  adminPage,
  adminApi,
  newClient,
  signedInAs,
}) => {
  // A journey through Create Booking, Add Feedback and two client pages.
  test.slow();
  const ana = await newClient({ firstName: "Ana", lastName: uniqueName("Siblings"), packType: "8_60" });
  // The children, added as Edit Client's Swimmers section adds them (family-register.spec.ts tests that form).
  for (const firstName of ["Leo", "Mia"]) {
    const added = await adminApi.post(`/api/clients/${ana.id}/swimmers`, {
      data: { firstName, lastName: ana.lastName, photoPermission: true },
    });
    expect(added.status()).toBe(201);
  }
  await buyPackageAsAdmin(adminPage, ana, "8_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${ana.id}`)).json()) as { today: string };
  const leoDay = format(setDate(nextMonth, 10), "yyyy-MM-dd");

  // Create Booking: who swims is asked for a household of several; Ana herself is left out.
  await adminPage.goto("/admin?showBooking=true");
  await adminPage.getByRole("combobox", { name: "Search clients by name" }).fill(ana.lastName);
  await adminPage.getByRole("option", { name: new RegExp(ana.name) }).click();
  const details = adminPage.getByRole("region", { name: `Booking details for ${ana.name}` });
  const who = details.getByRole("group", { name: "Who swims in the chosen dates" });
  await expect(who.getByRole("checkbox")).toHaveCount(3);
  await who.getByRole("checkbox", { name: `Ana ${ana.lastName}` }).uncheck();
  await dayButton(details, parseISO(today)).click();
  await details.getByRole("button", { name: "Create Booking" }).click();
  await expect(adminPage.getByRole("status").filter({ hasText: bookingMessages.saved })).toBeVisible();
  // One class of the package, though two swim in it.
  await expect(details.getByText("Classes left: 7 of 8")).toBeVisible();
  await expectNoSeriousA11yViolations(adminPage);

  await who.getByRole("checkbox", { name: `Mia ${ana.lastName}` }).uncheck();
  await details.getByRole("button", { name: "Go to the Next Month" }).click();
  await dayButton(details, parseISO(leoDay)).click();
  await details.getByRole("button", { name: "Update Booking" }).click();
  await expect(details.getByText("Classes left: 6 of 8")).toBeVisible();

  // Add Feedback: a text box for each child of today's class.
  await adminPage.goto("/admin-feedback");
  await adminPage.getByPlaceholder("Search by title or client name", { exact: true }).fill(ana.lastName);
  await adminPage.getByRole("button", { name: new RegExp(`^2-Class Booking ${ana.name} `) }).click();
  const todayLong = formatDay(today, { dateStyle: "full" });
  await adminPage
    .getByRole("textbox", { name: `Feedback for ${todayLong} · Leo` })
    .fill("Leo floated alone.");
  await adminPage
    .getByRole("textbox", { name: `Feedback for ${todayLong} · Mia` })
    .fill("Mia put her face in.");
  await adminPage.getByRole("button", { name: "Save Feedback" }).click();
  await expect(
    adminPage.getByRole("status").filter({ hasText: bookingMessages.feedbackSaved }),
  ).toBeVisible();

  // Manage Bookings: Mia joins Leo's class next month; today's class keeps her, as she has feedback there.
  await adminPage.goto("/manage-bookings");
  await adminPage.getByRole("searchbox").fill(ana.lastName);
  await adminPage.getByRole("button", { name: `Who swims in 2-Class Booking for ${ana.name}` }).click();
  const swimmers = adminPage.getByRole("dialog", { name: "Who swims" });
  const leoClass = swimmers.getByRole("group", { name: formatDay(leoDay, { dateStyle: "full" }) });
  await expect(leoClass.getByRole("checkbox", { name: "Leo" })).toBeChecked();
  await leoClass.getByRole("checkbox", { name: "Mia" }).check();
  await swimmers.getByRole("group", { name: todayLong }).getByRole("checkbox", { name: "Mia" }).uncheck();
  await swimmers.getByRole("button", { name: "Save Swimmers" }).click();
  await expect(swimmers.getByRole("alert")).toHaveText(bookingMessages.swimmerHasFeedback("Mia", today));
  await swimmers.getByRole("group", { name: todayLong }).getByRole("checkbox", { name: "Mia" }).check();
  await swimmers.getByRole("button", { name: "Save Swimmers" }).click();
  await expect(
    adminPage.getByRole("status").filter({ hasText: bookingMessages.swimmersSaved }),
  ).toBeVisible();

  // Ana reads each child's feedback under that child.
  await signedInAs(ana);
  await page.goto("/feedback");
  const swimmer = page.getByRole("combobox", { name: "Swimmer" });
  await expect(swimmer.getByRole("option")).toHaveText([
    "All swimmers",
    `Ana ${ana.lastName}`,
    `Leo ${ana.lastName}`,
    `Mia ${ana.lastName}`,
  ]);
  const todayButton = page.getByRole("button", { name: `${formatDay(today)}, has feedback` });
  const dialog = page.getByRole("dialog", { name: formatDay(today) });

  await swimmer.selectOption({ label: `Leo ${ana.lastName}` });
  await todayButton.click();
  await expect(dialog).toContainText("Leo floated alone.");
  await expect(dialog).not.toContainText("Mia put her face in.");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  await swimmer.selectOption({ label: `Mia ${ana.lastName}` });
  await todayButton.click();
  await expect(dialog).toContainText("Mia put her face in.");
  await expect(dialog).not.toContainText("Leo floated alone.");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // All of them: each child's words under their name.
  await swimmer.selectOption({ label: "All swimmers" });
  await todayButton.click();
  await expect(dialog.getByRole("term")).toHaveText(["Leo", "Mia"]);
  await expect(dialog.getByRole("definition")).toHaveText(["Leo floated alone.", "Mia put her face in."]);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

  // /progress for Mia lists her two classes; for Ana, who swims in none, nothing.
  await page.goto(`/progress?swimmer=${await swimmerId(page, "Mia")}`);
  const classes = page.getByRole("region", { name: "Your classes" });
  await expect(classes.locator("time")).toHaveCount(2);
  await expect(classes).toContainText("Swims: Mia");
  await expect(classes).toContainText(formatDay(today, { dateStyle: "full" }));
  await expect(classes).toContainText(formatDay(leoDay, { dateStyle: "full" }));
  await page.goto(`/progress?swimmer=${await swimmerId(page, "Ana")}`);
  await expect(page.getByRole("region", { name: "Your classes" })).toContainText("No classes booked yet");
});

/** A swimmer's id, read from the household's bookings as the page fetches them. */
async function swimmerId(page: import("@playwright/test").Page, firstName: string): Promise<string> {
  const session = (await (await page.request.get("/api/session")).json()) as {
    user: { guardianOf: { householdId: string } };
  };
  const bookings = (await (
    await page.request.get(`/api/clients/${session.user.guardianOf.householdId}/bookings`)
  ).json()) as ClientBookingsResponse;
  return bookings.swimmers.find((swimmer) => swimmer.firstName === firstName)?.id ?? "";
}
