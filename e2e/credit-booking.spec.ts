import { addDays, formatDay } from "../src/domain/school-day.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
  schoolTimeNow,
  withE2eLock,
} from "./support.ts";

/**
 * Booking with a class credit at 375 px (issue 29, docs/decisions/032): a parent cancels a class in time and sees
 * the credit with its last day; the owner books a new date with that credit in Create Booking; the parent sees the
 * new class marked as booked with a credit, no credit left, and the plan's classes left unchanged. And a parent
 * cancels for the weather a class less than the 24 hours' notice away but more than the weather's 3 hours: the
 * weather rule gives a credit, said before confirming. Classes are booked under the cancellation-policy lock, so
 * they keep the default policy whatever e2e/policy.spec.ts does meanwhile.
 */
const fullDay = (day: string) => formatDay(day, { dateStyle: "full" });

test("a parent's credit from a cancellation books a new class in Create Booking, without using the plan @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const instructor = await newInstructor(adminApi, baseURL as string);
  const parent = await newClient({ firstName: "Hedda", lastName: uniqueName("Credit"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${parent.id}`)).json()) as {
    today: string;
  };
  const cancelDay = addDays(today, 5);
  const keptDay = addDays(today, 6);
  const newDay = addDays(today, 8);
  await withE2eLock("cancellation-policy", async () => {
    const booked = await adminApi.post("/api/bookings", {
      data: {
        clientId: parent.id,
        dates: [cancelDay, keptDay],
        startTime: "10:00",
        instructorId: instructor.id,
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  });
  const lastDay = addDays(today, 60);

  // The parent cancels in time and sees the credit with its last day.
  await signedInAs(parent);
  await page.goto("/client-panel");
  const plan = page.locator(".client-panel__plan");
  await expect(plan).toContainText("2 left to book");
  await page.getByRole("button", { name: "Details of 2-Class Booking" }).click();
  const details = page.getByRole("dialog", { name: "Booking Details" });
  await details.getByRole("button", { name: `Cancel this class of ${fullDay(cancelDay)}` }).click();
  await expect(details).toContainText(`You get a credit for this class, valid until ${formatDay(lastDay)}.`);
  await details.getByRole("button", { name: "Cancel the class", exact: true }).click();
  await expect(details.getByRole("status")).toContainText("The class is cancelled.");
  await page.keyboard.press("Escape");
  const credits = page.getByRole("region", { name: "Your class credits" });
  await expect(credits).toContainText("1 class credit to use");
  await expect(credits.getByRole("listitem").locator("time")).toHaveAttribute("datetime", lastDay);
  const planBefore = await plan.textContent();

  // The owner books a new date with that credit in Create Booking, at 375 px too.
  await adminPage.setViewportSize({ width: 375, height: 812 });
  await adminPage.goto("/admin?showBooking=true");
  await adminPage.getByRole("combobox", { name: "Search clients by name" }).fill(parent.lastName);
  await adminPage.getByRole("option", { name: new RegExp(parent.name) }).click();
  const booking = adminPage.getByRole("region", { name: `Booking details for ${parent.name}` });
  await expect(booking.getByText("Classes left: 2 of 4")).toBeVisible();
  const creditSection = booking.getByRole("region", { name: "Class credits" });
  const theCredit = creditSection.getByRole("radio", {
    name: new RegExp(`Use by ${formatDay(lastDay, { dateStyle: "long" })}`),
  });
  await expect(theCredit).toBeChecked();
  await expectNoSeriousA11yViolations(adminPage);
  await creditSection.getByLabel("Date of the class").fill(newDay);
  await creditSection.getByRole("button", { name: "Book with this credit" }).click();
  await expect(
    adminPage
      .getByRole("status")
      .filter({ hasText: "Class booked with a credit. The plan's classes are unchanged." }),
  ).toBeVisible();
  await expect(creditSection).toContainText("This family has no class credit to book with.");
  await expect(
    creditSection.getByRole("region", { name: "Booked with a credit" }).getByRole("listitem"),
  ).toHaveText([fullDay(newDay)]);
  await expect(booking.getByText("Classes left: 2 of 4")).toBeVisible();
  await expectNoSidewaysScroll(adminPage);

  // The parent sees the new class, marked; no credit left; the plan's classes left unchanged.
  await page.reload();
  await expect(credits).toContainText("You have no class credits right now.");
  await expect(credits).toContainText(`Used for the class of ${fullDay(newDay)}`);
  await expect(plan).toHaveText(planBefore as string);
  await page.getByRole("button", { name: "Details of 3-Class Booking" }).click();
  const newClass = details.getByRole("listitem").filter({ hasText: fullDay(newDay) });
  await expect(newClass).toContainText("Booked with a credit");
  await expect(newClass).toContainText("Upcoming");
  await expect(details.getByRole("listitem").filter({ hasText: fullDay(keptDay) })).not.toContainText(
    "Booked with a credit",
  );
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
});

test("a parent cancels for the weather inside the weather's notice and gets the weather rule's credit @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const instructor = await newInstructor(adminApi, baseURL as string);
  const parent = await newClient({ firstName: "Ivo", lastName: uniqueName("Weather"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${parent.id}`)).json()) as {
    today: string;
  };
  // Tomorrow at the school's time of now: less than 24 hours away, more than the weather's 3.
  const tomorrow = addDays(today, 1);
  await withE2eLock("cancellation-policy", async () => {
    const booked = await adminApi.post("/api/bookings", {
      data: {
        clientId: parent.id,
        dates: [tomorrow],
        startTime: schoolTimeNow(),
        instructorId: instructor.id,
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  });
  const lastDay = addDays(today, 60);

  await signedInAs(parent);
  await page.goto("/client-panel");
  await page.getByRole("button", { name: "Details of 1-Class Booking" }).click();
  const details = page.getByRole("dialog", { name: "Booking Details" });
  await details.getByRole("button", { name: `Cancel this class of ${fullDay(tomorrow)}` }).click();
  const why = details.getByRole("group", { name: "Why are you cancelling?" });
  await expect(why.getByRole("radio", { name: "For another reason" })).toBeChecked();
  await expect(details).toContainText("It is less than 24 hours before the class: the class counts as used.");
  await why.getByRole("radio", { name: "Because of the weather" }).check();
  const weatherWords = `For the weather, 3 hours' notice is enough: you get a credit for this class, valid until ${formatDay(lastDay)}.`;
  await expect(details).toContainText(weatherWords);
  await expectNoSeriousA11yViolations(page);
  await expectNoSidewaysScroll(page);
  await details.getByRole("button", { name: "Cancel the class", exact: true }).click();
  await expect(details.getByRole("status")).toContainText(
    `The class is cancelled. You get a credit for this class, valid until ${formatDay(lastDay)}.`,
  );
  await page.keyboard.press("Escape");
  const credits = page.getByRole("region", { name: "Your class credits" });
  await expect(credits).toContainText("1 class credit to use");
  await expect(credits.getByRole("listitem").locator("time")).toHaveAttribute("datetime", lastDay);
});
