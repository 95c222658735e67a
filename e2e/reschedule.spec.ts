import { formatLessonTime } from "../src/domain/lesson-schedule.ts";
import { todayPath } from "../src/domain/paths.ts";
import { addDays, formatDay } from "../src/domain/school-day.ts";
import { type ClientAccount, expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
  withE2eLock,
} from "./support.ts";

/**
 * A parent moves a class at 375 px (issue 29, docs/decisions/033): Reschedule in Booking Details offers the
 * instructor's free times (the new instructor sets no weekly hours: any half hour from 06:00 to 20:30), says
 * before confirming what happens, and the request waits; the instructor accepts it on /today, where the moved class
 * says from when and by whom; the parent sees the new date. Then the school's automatic setting: the class moves
 * as the time is chosen. The setting is the school's, so both run under one lock and leave it off; the classes are
 * booked under the cancellation-policy lock, so they keep the default policy (24 hours, 2 reschedules a package).
 */
const dayLabel = (day: string) => formatDay(day, { weekday: "long", month: "long", day: "numeric" });
const full = (day: string) => formatDay(day, { dateStyle: "full" });

test.describe.configure({ mode: "serial" });

test("a parent asks to move a class, the instructor accepts it, the parent sees the new date @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const instructor = await newInstructor(adminApi, baseURL as string);
  const parent = await newClient({ firstName: "Rita", lastName: uniqueName("Move"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${parent.id}`)).json()) as {
    today: string;
  };
  const from = addDays(today, 5);
  const to = addDays(today, 6);
  await withE2eLock("cancellation-policy", async () => {
    const booked = await adminApi.post("/api/bookings", {
      data: { clientId: parent.id, dates: [from], startTime: "10:00", instructorId: instructor.id },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  });

  await withE2eLock("reschedule-setting", async () => {
    await signedInAs(parent);
    await page.goto("/client-panel");
    await page.getByRole("button", { name: "Details of 1-Class Booking" }).click();
    const details = page.getByRole("dialog", { name: "Booking Details" });
    await details.getByRole("button", { name: `Reschedule the class of ${full(from)}` }).click();
    await expect(details.getByRole("heading", { name: `Move the class of ${full(from)}` })).toBeFocused();
    await expect(details).toContainText(
      "Your request goes to the school, and the class moves once they accept it. If accepted, this is reschedule 1 of 2 for this package.",
    );
    await details.getByLabel("New day").selectOption({ label: dayLabel(to) });
    await details.getByLabel("New time").selectOption({ label: formatLessonTime("15:00") });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
    await details.getByRole("button", { name: "Ask to move the class" }).click();
    await expect(details.getByRole("status")).toContainText(
      "Your request was sent to the school. The class moves once they accept it.",
    );
    const item = details.getByRole("listitem").filter({ hasText: full(from) });
    await expect(item).toContainText(
      `Move to ${dayLabel(to)}, ${formatLessonTime("15:00")} requested: waiting for the school.`,
    );
    await expect(item.getByRole("button", { name: /^Reschedule/ })).toHaveCount(0);
    await expect(
      item.getByRole("button", { name: `Withdraw the request for the class of ${full(from)}` }),
    ).toBeVisible();

    // The instructor accepts it from their day.
    await signedInAs(instructor as unknown as ClientAccount);
    await page.goto(todayPath(to));
    const requests = page.getByRole("region", { name: "Requests to move a class" });
    const request = requests.getByRole("article").filter({ hasText: parent.name });
    await expect(request).toContainText(
      `From ${formatDay(from, { dateStyle: "full" })}, ${formatLessonTime("10:00")}`,
    );
    await expectNoSeriousA11yViolations(page);
    await request.getByRole("button", { name: /^Accept/ }).click();
    await expect(requests.getByRole("status")).toContainText(
      `The class was moved to ${full(to)}, ${formatLessonTime("15:00")}.`,
    );
    const lesson = page
      .getByRole("article")
      .filter({ hasText: parent.name })
      .filter({ hasText: "Moved from" });
    await expect(lesson).toContainText(
      `Moved from ${dayLabel(from)}, ${formatLessonTime("10:00")} by ${instructor.name}`,
    );
    await expectNoSidewaysScroll(page);

    // The parent sees the new date, and who moved it.
    await signedInAs(parent);
    await page.goto("/client-panel");
    await page.getByRole("button", { name: "Details of 1-Class Booking" }).click();
    const moved = details.getByRole("listitem").filter({ hasText: full(to) });
    await expect(moved).toContainText(formatLessonTime("15:00"));
    await expect(moved).toContainText(
      `Moved from ${dayLabel(from)}, ${formatLessonTime("10:00")} by ${instructor.name}`,
    );
    await expect(details.getByRole("listitem").filter({ hasText: full(from) })).toHaveCount(0);
  });
});

test("with the school's automatic setting, a chosen free time moves the class at once @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const instructor = await newInstructor(adminApi, baseURL as string);
  const parent = await newClient({ firstName: "Tomas", lastName: uniqueName("Auto"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${parent.id}`)).json()) as {
    today: string;
  };
  const from = addDays(today, 7);
  const to = addDays(today, 8);
  await withE2eLock("cancellation-policy", async () => {
    const booked = await adminApi.post("/api/bookings", {
      data: { clientId: parent.id, dates: [from], startTime: "10:00", instructorId: instructor.id },
    });
    expect(booked.ok(), await booked.text()).toBe(true);
  });

  await withE2eLock("reschedule-setting", async () => {
    // The owner turns it on in School settings.
    await adminPage.goto("/admin-settings");
    const section = adminPage.getByRole("region", { name: "Reschedules" });
    await section.getByLabel("Move a class at once when a free time is chosen").check();
    await section.getByRole("button", { name: "Save reschedule setting" }).click();
    await expect(adminPage.getByText("Reschedule setting saved.")).toBeVisible();
    try {
      await signedInAs(parent);
      await page.goto("/client-panel");
      await page.getByRole("button", { name: "Details of 1-Class Booking" }).click();
      const details = page.getByRole("dialog", { name: "Booking Details" });
      await details.getByRole("button", { name: `Reschedule the class of ${full(from)}` }).click();
      await expect(details).toContainText(
        "The class moves at once to the time you choose. This is reschedule 1 of 2 for this package.",
      );
      await details.getByLabel("New day").selectOption({ label: dayLabel(to) });
      await details.getByLabel("New time").selectOption({ label: formatLessonTime("08:30") });
      await details.getByRole("button", { name: "Move the class", exact: true }).click();
      await expect(details.getByRole("status")).toContainText(
        `The class was moved to ${full(to)}, ${formatLessonTime("08:30")}.`,
      );
      const moved = details.getByRole("listitem").filter({ hasText: full(to) });
      await expect(moved).toContainText(
        `Moved from ${dayLabel(from)}, ${formatLessonTime("10:00")} by ${parent.name}`,
      );
      await expectNoSidewaysScroll(page);
    } finally {
      const off = await adminApi.put("/api/settings/reschedules", { data: { automatic: false } });
      expect(off.ok()).toBe(true);
    }
  });
});
