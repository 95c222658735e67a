import { readFile } from "node:fs/promises";
import { parse } from "csv-parse/sync";
import { addDays } from "../src/domain/school-day.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
} from "./support.ts";

/**
 * The owner's overview and reports (issue 30), at 1440 px and at 375 px: a household with a package whose four
 * classes are all booked (today's with a new instructor) shows in today's lessons and among the packages running
 * out; a report shows its chart and its table; the clients list downloads as a CSV that a real CSV parser reads
 * back with "Núñez" intact and "=SUM(A1)" neutralised.
 */
test("the owner's overview, a report with its chart and table, and a CSV a spreadsheet can trust", async ({
  page,
  adminApi,
  baseURL,
  newClient,
  signedInAs,
}) => {
  test.slow();
  await signedInAs("admin");
  const instructor = await newInstructor(adminApi, baseURL as string);
  // "Aa…" sorts first among the packages with no class left, whatever else the run has booked.
  const household = await newClient({ firstName: "Ana", lastName: uniqueName("AaNúñez"), packType: "4_60" });
  // A first name that a spreadsheet would run as a formula.
  const renamed = await adminApi.patch(`/api/clients/${household.id}`, { data: { firstName: "=SUM(A1)" } });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  const householdName = `=SUM(A1) ${household.lastName}`;
  await buyPackageAsAdmin(page, household, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${household.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", {
    data: {
      clientId: household.id,
      dates: [today, addDays(today, 7), addDays(today, 14), addDays(today, 21)],
      startTime: "12:00",
      instructorId: instructor.id,
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  await page.goto("/overview");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // The overview is counted once a minute: count it again now.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();
  const todays = page.getByRole("region", { name: "Today's lessons" });
  const card = todays
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: instructor.name }) });
  await expect(card).toContainText(householdName);
  await expect(card).toContainText("Not recorded");
  await expect(card.getByRole("link", { name: instructor.name })).toHaveAttribute(
    "href",
    new RegExp(`teacher=${instructor.id}`),
  );
  const runningOut = page.getByRole("region", { name: /^Packages running out/ });
  await expect(runningOut.getByRole("link", { name: `${householdName}: no class left` })).toBeVisible();
  await expect(page.getByText("Revenue this month")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // A report: its chart, and the table with the same figures.
  await page.goto("/reports");
  const sales = page.getByRole("region", { name: "Revenue and packages sold" });
  await expect(sales.locator(".month-chart__canvas canvas").first()).toBeVisible();
  const table = sales.getByRole("table", { name: "Revenue and packages sold" });
  await expect(table.getByRole("columnheader")).toHaveText(["Month", "Packages sold", "Revenue"]);
  await expect(table.getByRole("row")).toHaveCount(13);
  const thisMonth = new Date(`${today}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const monthRow = table.getByRole("row", { name: new RegExp(`^${thisMonth}`) });
  await expect(monthRow.getByRole("cell").first()).not.toHaveText("0");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // The clients list as CSV, read back by a real CSV parser.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV: Clients" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("clients.csv");
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes, { bom: true }) as string[][];
  expect(rows[0]?.slice(0, 2)).toEqual(["First name", "Last name"]);
  const row = rows.find((each) => each[1] === household.lastName);
  expect(row?.[1]).toContain("Núñez");
  expect(row?.[0]).toBe("'=SUM(A1)");
});
