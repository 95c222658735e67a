import { todayPath } from "../src/domain/paths.ts";
import { addDays, formatDay } from "../src/domain/school-day.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
  receivedMail,
  withE2eLock,
} from "./support.ts";

/**
 * The owner declares a weather day at 375 px (issue 29, docs/decisions/034): from the instructor's day on /today to
 * /weather-day, the classes listed with their credits before anything is applied, one run, then each family's mail
 * on the test's SMTP server with its credit, and the family sees the credit and the cancelled class. The weather
 * day is limited to a new instructor's classes, so that no other test's lessons on that day are touched. Booked
 * under the cancellation-policy lock, so the classes keep the default policy (credits valid 60 days) whatever
 * e2e/policy.spec.ts does meanwhile.
 */

/** A received mail's text, its quoted-printable soft breaks and escapes undone. */
const textOf = (raw: string) =>
  raw
    .replace(/=\r?\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (codes) => Buffer.from(codes.replace(/=/g, ""), "hex").toString("utf8"));

test("the owner declares a weather day; each family's mail arrives with its credit, and the family sees both @mobile-only", async ({
  page,
  adminPage,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  const instructor = await newInstructor(adminApi, baseURL as string);
  const families = [
    await newClient({ firstName: "Wanda", lastName: uniqueName("Storm"), packType: "4_60" }),
    await newClient({ firstName: "Xavi", lastName: uniqueName("Storm"), packType: "4_60" }),
  ];
  for (const family of families) await buyPackageAsAdmin(adminPage, family, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${families[0]?.id}`)).json()) as {
    today: string;
  };
  const day = addDays(today, 4);
  await withE2eLock("cancellation-policy", async () => {
    for (const [i, family] of families.entries()) {
      const booked = await adminApi.post("/api/bookings", {
        data: { clientId: family.id, dates: [day], startTime: `1${i}:00`, instructorId: instructor.id },
      });
      expect(booked.ok(), await booked.text()).toBe(true);
    }
  });
  const creditDay = formatDay(addDays(today, 60));
  const note = `Thunderstorms ${uniqueName("forecast")}`;

  // The instructor's day, as the owner sees it, links to the weather day.
  await signedInAs("admin");
  await page.goto(todayPath(day, instructor.id));
  const lessons = page.getByRole("list", { name: "Lessons" });
  await expect(lessons.getByRole("article")).toHaveCount(2);
  await page.getByRole("link", { name: "Weather day" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Weather day" })).toBeVisible();
  await expect(page.getByLabel("Day")).toHaveValue(day);
  await page.getByLabel("Instructor").selectOption({ label: instructor.name });
  await page.getByRole("button", { name: "Show the classes" }).click();

  // Before anything is applied: how many, whose, and each credit's last day.
  const classes = page.getByRole("list", { name: "Classes" });
  await expect(classes.getByRole("listitem")).toHaveCount(2);
  for (const family of families) {
    await expect(classes.getByRole("listitem").filter({ hasText: family.lastName })).toContainText(
      `To cancel · credit until ${formatDay(addDays(today, 60), { dateStyle: "medium" })}`,
    );
  }
  await expect(page.getByText("2 classes of 2 families will be cancelled")).toBeVisible();
  // The message is needed: said by its field, nothing applied.
  await page.getByRole("button", { name: "Cancel 2 classes" }).click();
  await expect(page.getByLabel("Message to the families")).toBeFocused();
  await expect(page.getByRole("alert")).toHaveText("Write the message the families will read.");
  await page.getByLabel("Message to the families").fill(note);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Cancel 2 classes" }).click();
  const result = page.locator(".weather-day__result");
  await expect(result).toContainText("2 classes cancelled and credited.");
  await expect(result).toContainText("The mails to 2 families are on their way.");
  await expect(result).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  // Each family's mail, on the test's SMTP server, with its class and its credit.
  for (const family of families) {
    await expect(async () => {
      const mails = (await receivedMail()).filter(
        (mail) => mail.to.includes(family.email) && mail.raw.includes("Subject: Swim class cancelled:"),
      );
      expect(mails).toHaveLength(1);
      const text = textOf(mails[0]?.raw ?? "");
      expect(text).toContain("The school has cancelled it because of the weather.");
      expect(text).toContain(`The school's message: ${note}`);
      expect(text).toContain(`You get a credit for this class, valid until ${creditDay}.`);
    }).toPass({ timeout: 10_000 });
  }

  // The instructor's day says who cancelled and why.
  await page.goto(todayPath(day, instructor.id));
  await expect(lessons.getByRole("article")).toHaveCount(2);
  for (const lesson of await lessons.getByRole("article").all()) {
    await expect(lesson).toContainText("Cancelled for the weather · Admin");
  }
  await expect(lessons.getByRole("link", { name: /^Record/ })).toHaveCount(0);

  // The family: the credit, and the class kept as cancelled.
  await signedInAs(families[0] as (typeof families)[number]);
  await page.goto("/client-panel");
  const credits = page.getByRole("region", { name: "Your class credits" });
  await expect(credits).toContainText("1 class credit to use");
  await expect(credits.getByRole("listitem")).toContainText(`Weather: ${note}`);
  await expect(credits.getByRole("listitem").locator("time")).toHaveAttribute("datetime", addDays(today, 60));
  await page.getByRole("button", { name: "Details of 1-Class Booking" }).click();
  const details = page.getByRole("dialog", { name: "Booking Details" });
  await expect(
    details.getByRole("listitem").filter({ hasText: formatDay(day, { dateStyle: "full" }) }),
  ).toContainText("Cancelled");
  await expectNoSidewaysScroll(page);
});
