import type { APIRequestContext, Page } from "@playwright/test";
import { addMonths, format, getDay, setDate, startOfMonth } from "date-fns";
import { bookingMessages } from "../src/domain/bookings.ts";
import { type ClientAccount, expect, type NewClient, test, uniqueEmail, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations, expectNoSidewaysScroll } from "./support.ts";

/**
 * An instructor's weekly hours and time off (issue 27, docs/decisions/024): the owner sets a fresh instructor's
 * Tuesday hours and a time off on /instructors, tries to book them in the time off and outside the hours, reads why,
 * confirms "Book anyway" and the booking lands (Add Feedback then shows the class's time); an instructor adds and
 * removes their own time off; the owner renames an instructor and the family reads the new name. Each test makes
 * its own instructor, so nothing here books the shared admin.
 */
const nextMonth = addMonths(startOfMonth(new Date()), 1);
const dayOf = (n: number) => setDate(nextMonth, n);
const isoDay = (n: number) => format(dayOf(n), "yyyy-MM-dd");
const dayButton = (scope: ReturnType<Page["getByRole"]>, n: number) =>
  scope.getByRole("button", { name: new RegExp(`^${format(dayOf(n), "PPPP")}(, selected)?$`) });
/** Next month's first Tuesday (day 1 to 7). */
const firstTuesday = [1, 2, 3, 4, 5, 6, 7].find((n) => getDay(dayOf(n)) === 2) as number;

/** A fresh instructor account, made by the owner through the API, with the password chosen at the first sign-in. */
async function newInstructor(adminApi: APIRequestContext, firstName: string) {
  const lastName = uniqueName("Avail");
  const email = uniqueEmail(firstName.toLowerCase());
  const created = await adminApi.post("/api/instructors", { data: { firstName, lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const { instructor, temporaryPassword } = (await created.json()) as {
    instructor: { id: string };
    temporaryPassword: string;
  };
  return {
    id: instructor.id,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    email,
    temporaryPassword,
  };
}

test("the owner sets an instructor's hours and time off, is refused a booking outside them with the reason, and books anyway", async ({
  page,
  signedInAs,
  newClient,
  adminApi,
}) => {
  test.slow();
  await signedInAs("admin");
  const ana = await newInstructor(adminApi, "Ana");
  const family: NewClient = { firstName: "Lia", lastName: uniqueName("Avail"), packType: "4_60" };
  const lia = await newClient(family);
  await buyPackageAsAdmin(page, lia, "4_60");

  // Her hours: Tuesdays 9:00 AM – 1:00 PM; her time off: the 20th to the 22nd of next month, a holiday.
  await page.goto("/instructors");
  const card = page.getByRole("listitem").filter({ hasText: ana.email });
  await card.getByRole("button", { name: `Hours and time off of ${ana.name}` }).click();
  const hours = card.getByRole("region", { name: `Weekly hours of ${ana.name}` });
  await expect(hours).toContainText("No hours set: available any time.");
  const tuesday = hours.getByRole("group", { name: "Tuesday", exact: true });
  await tuesday.getByRole("button", { name: "Add hours on Tuesday" }).click();
  await expect(tuesday.getByLabel("From")).toHaveValue("09:00");
  await tuesday.getByLabel("To").selectOption("13:00");
  await hours.getByRole("button", { name: "Save Hours" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Weekly hours saved." })).toBeVisible();

  const timeOff = card.getByRole("region", { name: `Time off of ${ana.name}` });
  await timeOff.getByLabel("First day off").fill(isoDay(20));
  await timeOff.getByLabel("Last day off").fill(isoDay(22));
  await timeOff.getByLabel("Reason (optional)").fill("holiday");
  await timeOff.getByRole("button", { name: "Add Time Off" }).click();
  const first = format(dayOf(20), "MMMM d, yyyy");
  const last = format(dayOf(22), "MMMM d, yyyy");
  await expect(timeOff.getByRole("listitem")).toHaveText(new RegExp(`${first} – ${last} · holiday`));
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);

  // Create Booking: Lia with Ana on the 21st (her time off), refused with the reason and nothing booked.
  await page.goto("/admin?showBooking=true");
  await page.getByRole("combobox", { name: "Search clients by name" }).fill(lia.lastName);
  await page.getByRole("option", { name: new RegExp(lia.name) }).click();
  const details = page.getByRole("region", { name: `Booking details for ${lia.name}` });
  const schedule = details.getByRole("group", { name: "Time and instructor of the chosen dates" });
  await schedule.getByLabel("Start time").selectOption("10:00");
  await schedule.getByLabel("Instructor").selectOption({ label: ana.name });
  await details.getByRole("button", { name: "Go to the Next Month" }).click();
  await dayButton(details, 21).click();
  await details.getByRole("button", { name: "Create Booking" }).click();
  const refusal = details.getByRole("alert");
  await expect(refusal).toContainText(`${ana.name} is off from ${first} to ${last} (holiday).`);
  await expect(refusal.getByRole("button", { name: "Book anyway" })).toBeFocused();

  // The first Tuesday at 7:00 AM instead: outside her Tuesday hours.
  await refusal.getByRole("button", { name: "Don't book" }).click();
  await expect(refusal).toBeHidden();
  await dayButton(details, 21).click();
  await dayButton(details, firstTuesday).click();
  await schedule.getByLabel("Start time").selectOption("07:00");
  await details.getByRole("button", { name: "Create Booking" }).click();
  await expect(refusal).toContainText(
    `${ana.name} does not teach on Tuesdays at 7:00 AM (Tuesday hours: 9:00 AM – 1:00 PM).`,
  );
  await expectNoSeriousA11yViolations(page);
  await refusal.getByRole("button", { name: "Book anyway" }).click();
  await expect(page.getByRole("status").filter({ hasText: bookingMessages.saved })).toBeVisible();
  await expect(refusal).toBeHidden();

  const booked = (await (await adminApi.get(`/api/clients/${lia.id}/bookings`)).json()) as {
    bookings: { dates: { date: string; startTime: string; instructor: { id: string } }[] }[];
  };
  expect(booked.bookings[0]?.dates).toEqual([
    expect.objectContaining({
      date: isoDay(firstTuesday),
      startTime: "07:00",
      instructor: expect.objectContaining({ id: ana.id }),
    }),
  ]);

  // Add Feedback labels the class with its time.
  await page.goto("/admin-feedback");
  await page.getByPlaceholder("Search by title or client name", { exact: true }).fill(lia.lastName);
  await page.getByRole("button", { name: new RegExp(`^1-Class Booking ${lia.name} `) }).click();
  await expect(page.getByRole("textbox", { name: /^Feedback for / })).toHaveAccessibleDescription(
    /^Class time: 7:00\sAM\s–\s7:30\sAM/,
  );
});

test("an instructor adds and removes their own time off @desktop-only", async ({
  page,
  signedInAs,
  adminApi,
}) => {
  const ivy = await newInstructor(adminApi, "Ivy");
  // Her first sign-in, through the API: the change-password page has its own test.
  const first = await page.request.post("/api/session/sign-in", {
    data: { email: ivy.email, password: ivy.temporaryPassword },
  });
  expect(first.ok()).toBe(true);
  const changed = await page.request.post("/api/session/change-password", {
    data: { currentPassword: ivy.temporaryPassword, newPassword: "chosen-by-ivy-1" },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  await page.context().clearCookies();
  await signedInAs({ ...ivy, password: "chosen-by-ivy-1" } as unknown as ClientAccount);

  await page.goto("/manage-bookings");
  await page.getByRole("navigation").getByRole("link", { name: "My hours" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My hours and time off" })).toBeVisible();
  await expect(page.getByRole("region", { name: "New instructor account" })).toHaveCount(0);
  const timeOff = page.getByRole("region", { name: `Time off of ${ivy.name}` });
  await expect(timeOff).toContainText("No time off ahead.");
  const day = dayOf(10);
  await timeOff.getByLabel("First day off").fill(format(day, "yyyy-MM-dd"));
  await timeOff.getByLabel("Reason (optional)").fill("dentist");
  await timeOff.getByRole("button", { name: "Add Time Off" }).click();
  const when = format(day, "MMMM d, yyyy");
  await expect(timeOff.getByRole("listitem")).toHaveText(new RegExp(`${when} · dentist`));
  await expectNoSeriousA11yViolations(page);

  // The server keeps it: the owner reads it too.
  const seen = (await (await adminApi.get(`/api/instructors/${ivy.id}/availability`)).json()) as {
    timeOff: { firstDay: string; reason: string }[];
  };
  expect(seen.timeOff).toEqual([
    expect.objectContaining({ firstDay: format(day, "yyyy-MM-dd"), reason: "dentist" }),
  ]);

  await timeOff.getByRole("button", { name: `Remove time off ${when}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Time off removed." })).toBeVisible();
  await expect(timeOff).toContainText("No time off ahead.");
});

test("the owner renames a staff account and the family reads the new name with their class @desktop-only", async ({
  page,
  signedInAs,
  newClient,
  adminApi,
}) => {
  await signedInAs("admin");
  const tom = await newInstructor(adminApi, "Tom");
  const kim = await newClient({ firstName: "Kim", lastName: uniqueName("Avail"), packType: "4_60" });
  await buyPackageAsAdmin(page, kim, "4_60");
  const saved = await adminApi.post("/api/bookings", {
    data: { clientId: kim.id, dates: [isoDay(firstTuesday + 7)], startTime: "09:00", instructorId: tom.id },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  await page.goto("/instructors");
  const card = page.getByRole("listitem").filter({ hasText: tom.email });
  await card.getByRole("button", { name: `Rename ${tom.name}` }).click();
  const newName = `Tomás ${tom.lastName}`;
  await card.getByLabel("Name families read").fill(newName);
  await card.getByRole("button", { name: "Save Name" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Name saved." })).toBeVisible();
  await expect(card.locator("strong")).toHaveText(newName);

  await signedInAs(kim);
  await page.goto("/progress");
  await expect(page.locator(".progress__dates")).toContainText(
    new RegExp(`9:00\\sAM\\s–\\s9:30\\sAM · with ${newName}`),
  );
});
