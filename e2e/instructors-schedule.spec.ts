import type { Page } from "@playwright/test";
import { addMonths, format, setDate, startOfMonth } from "date-fns";
import { bookingMessages } from "../src/domain/bookings.ts";
import { expect, type NewClient, test, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations } from "./support.ts";

/**
 * Lesson times and instructors (issue 27): Create Booking gives the chosen dates a start time (the admin saving
 * teaches them); a second family at an overlapping time with the same instructor is refused, naming the lesson in
 * the way; Manage Bookings shows each class's time and instructor with the household's address and access notes,
 * and moves a class's time in its Times dialog; the client reads the time and the instructor on /progress.
 * The two browser sizes run at once on one server with one admin as instructor: each books its own day.
 */
const nextMonth = addMonths(startOfMonth(new Date()), 1);
const dayButton = (scope: ReturnType<Page["getByRole"]>, n: number) =>
  scope.getByRole("button", { name: new RegExp(`^${format(setDate(nextMonth, n), "PPPP")}(, selected)?$`) });

const family = (firstName: string): NewClient => ({
  firstName,
  lastName: uniqueName("Sched"),
  packType: "4_60",
  choosePassword: true,
});

async function pickClient(page: Page, client: { lastName: string; name: string }) {
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(client.lastName);
  await page.getByRole("option", { name: new RegExp(client.name) }).click();
}

async function bookAt(page: Page, client: { lastName: string; name: string }, n: number, time: string) {
  await page.goto("/admin?showBooking=true");
  await pickClient(page, client);
  const details = page.getByRole("region", { name: `Booking details for ${client.name}` });
  await details.getByRole("button", { name: "Go to the Next Month" }).click();
  await dayButton(details, n).click();
  const schedule = details.getByRole("group", { name: "Time and instructor of the chosen dates" });
  await schedule.getByLabel("Start time").selectOption(time);
  // The admin saving teaches unless another instructor is chosen.
  await expect(schedule.getByLabel("Instructor")).toBeEnabled();
  await details.getByRole("button", { name: "Create Booking" }).click();
}

test("an admin books two families at set times, is refused an overlap naming the lesson in the way, moves a class; the client reads time and instructor", async ({
  page,
  signedInAs,
  newClient,
  adminApi,
}, testInfo) => {
  // Each browser size, and each retry, on its own day of next month.
  const n = (testInfo.project.name === "mobile" ? 4 : 14) + testInfo.retry;
  await signedInAs("admin");
  const nora = await newClient(family("Nora"));
  const omar = await newClient(family("Omar"));
  for (const client of [nora, omar]) await buyPackageAsAdmin(page, client, "4_60");
  const address = "12 Pool Lane, Springfield";
  const updated = await adminApi.patch(`/api/clients/${nora.id}`, {
    data: { address, accessNotes: "Gate code 4321. Heater switch by the shed." },
  });
  expect(updated.ok()).toBe(true);

  await bookAt(page, nora, n, "10:00");
  await expect(page.getByRole("status").filter({ hasText: bookingMessages.saved })).toBeVisible();

  // Omar at 10:15 with the same instructor: refused, saying whose lesson is then.
  await bookAt(page, omar, n, "10:15");
  await expect(page.getByRole("alert").filter({ hasText: /already teaches/ })).toContainText(
    `already teaches Nora (${nora.name}) at 10:00`,
  );
  await page.getByRole("button", { name: "Close message" }).click();
  // Back to back is fine.
  const details = page.getByRole("region", { name: `Booking details for ${omar.name}` });
  await details
    .getByRole("group", { name: "Time and instructor of the chosen dates" })
    .getByLabel("Start time")
    .selectOption("10:30");
  await details.getByRole("button", { name: "Create Booking" }).click();
  await expect(page.getByRole("status").filter({ hasText: bookingMessages.saved })).toBeVisible();

  // Manage Bookings: Nora's class with its time, instructor, address and access notes.
  await page.goto("/manage-bookings");
  await page.getByRole("searchbox", { name: "Search by client name" }).fill(nora.lastName);
  const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: nora.name }) });
  await expect(item.getByRole("list", { name: "Classes" })).toContainText(/10:00\sAM\s–\s10:30\sAM · Admin/);
  await expect(item).toContainText(address);
  await expect(item).toContainText("Gate code 4321.");
  await expectNoSeriousA11yViolations(page);

  // Nora's class moved onto Omar's time: refused; to 11:00: saved.
  await item.getByRole("button", { name: /^Times and instructors of / }).click();
  const dialog = page.getByRole("dialog", { name: "Times and instructors" });
  const start = dialog.getByLabel("Start time");
  await start.selectOption("10:45");
  await dialog.getByRole("button", { name: "Save Times" }).click();
  await expect(dialog.getByRole("alert")).toContainText(`already teaches Omar (${omar.name}) at 10:30`);
  await start.selectOption("11:00");
  await dialog.getByRole("button", { name: "Save Times" }).click();
  await expect(dialog).toBeHidden();
  await expect(item.getByRole("list", { name: "Classes" })).toContainText(/11:00\sAM\s–\s11:30\sAM/);

  // Nora reads when and with whom on /progress.
  await signedInAs(nora);
  await page.goto("/progress");
  const classes = page.locator(".progress__dates");
  await expect(classes).toContainText(/11:00\sAM\s–\s11:30\sAM · with Admin/);
  await expectNoSeriousA11yViolations(page);
});
