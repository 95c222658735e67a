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
 * A parent cancels classes at 375 px (issue 29): one in time (told the credit and its last day before confirming,
 * and the credit shows among the family's credits after), one late (told the class counts as used before
 * confirming). "Late" is a class tomorrow at the school's time of now, floored: less than the 24 hours' notice away
 * by the server's own clock (the e2e server runs on this machine's clock, in the school's zone of e2e/e2e-env.ts).
 * Booked under the cancellation-policy lock, so the classes keep the default policy (24 hours, credits valid 60 days)
 * whatever e2e/policy.spec.ts does meanwhile.
 */
test("a parent cancels a class in time for a credit, and one late that counts as used @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const api = adminApi;
  const instructor = await newInstructor(api, baseURL as string);
  const parent = await newClient({ firstName: "Greta", lastName: uniqueName("Cancel"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await api.get(`/api/bookings/draft/${parent.id}`)).json()) as { today: string };
  const lateDay = addDays(today, 1);
  const inTimeDay = addDays(today, 5);
  await withE2eLock("cancellation-policy", async () => {
    const booked = await api.post("/api/bookings", {
      data: {
        clientId: parent.id,
        dates: [lateDay, inTimeDay],
        startTime: schoolTimeNow(),
        instructorId: instructor.id,
      },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  });
  const creditDay = formatDay(addDays(today, 60));

  await signedInAs(parent);
  await page.goto("/client-panel");
  const credits = page.getByRole("region", { name: "Your class credits" });
  await expect(credits).toContainText("You have no class credits right now.");
  await page.getByRole("button", { name: "Details of 2-Class Booking" }).click();
  const details = page.getByRole("dialog", { name: "Booking Details" });
  await expect(details.getByRole("button", { name: /^Cancel this class of/ })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  // In time: the credit and its last day, said before confirming.
  await details
    .getByRole("button", { name: `Cancel this class of ${formatDay(inTimeDay, { dateStyle: "full" })}` })
    .click();
  await expect(details.getByRole("heading", { name: /^Cancel the class of/ })).toBeFocused();
  await expect(details).toContainText(`You get a credit for this class, valid until ${creditDay}.`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await details.getByRole("button", { name: "Cancel the class", exact: true }).click();
  await expect(details.getByRole("status")).toContainText(
    `The class is cancelled. You get a credit for this class, valid until ${creditDay}.`,
  );
  const inTimeItem = details
    .getByRole("listitem")
    .filter({ hasText: formatDay(inTimeDay, { dateStyle: "full" }) });
  await expect(inTimeItem).toContainText("Cancelled");
  await expect(inTimeItem.getByRole("button")).toHaveCount(0);

  // Late: the class counts as used, said before confirming; "Keep the class" first leaves it as it was.
  const lateName = `Cancel this class of ${formatDay(lateDay, { dateStyle: "full" })}`;
  await details.getByRole("button", { name: lateName }).click();
  await expect(details).toContainText("It is less than 24 hours before the class: the class counts as used.");
  await details.getByRole("button", { name: "Keep the class" }).click();
  await expect(details.getByRole("button", { name: lateName })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(details).toContainText("It is less than 24 hours before the class: the class counts as used.");
  await details.getByRole("button", { name: "Cancel the class", exact: true }).click();
  await expect(details.getByRole("status")).toContainText(
    "The class is cancelled. The class counts as used.",
  );
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // One credit, for the class cancelled in time, with its last day.
  await expect(credits).toContainText("1 class credit to use");
  await expect(credits.getByRole("listitem")).toContainText(
    `Cancelled in time: the class of ${formatDay(inTimeDay)}`,
  );
  await expect(credits.getByRole("listitem").locator("time")).toHaveAttribute("datetime", addDays(today, 60));
  await expectNoSidewaysScroll(page);
});
