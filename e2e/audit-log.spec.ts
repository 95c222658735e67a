import { readFile } from "node:fs/promises";
import yauzl from "yauzl";
import { type ClientAccount, expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
} from "./support.ts";

/**
 * Issue 30's record of who changed what, on a phone (375 px, @mobile-only): the instructor records a lesson at the
 * pool on their phone, /today's own width; the owner then finds it in the audit log by the instructor's name and
 * downloads the family's data from Edit Client. The audit log and Edit Client are one column at both widths (the
 * entries are cards; at 1440 px they only get wider), so the phone is the layout that can break: no sideways scroll,
 * axe clean. The log's search, paging and refusals are the API's tests (src/server/audit/audit.test.ts).
 */

/** Every entry of a ZIP file by its path. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

test("@mobile-only an instructor records a lesson; the owner finds it in the audit log by the instructor's name and downloads the family's data", async ({
  page,
  context,
  adminPage,
  adminApi,
  newClient,
  signedInAs,
  baseURL,
}) => {
  test.slow();
  const i1 = await newInstructor(adminApi, baseURL as string);
  const family = await newClient({ firstName: "Nuria", lastName: uniqueName("Audit"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, family, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${family.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", {
    data: { clientId: family.id, dates: [today], startTime: "09:00", instructorId: i1.id },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  // The instructor records the lesson on /today: present, with a word for the family.
  const feedback = `Swam a width unaided ${uniqueName("fb")}`;
  await signedInAs(i1 as unknown as ClientAccount);
  await page.goto("/today");
  await page
    .getByRole("article")
    .filter({ hasText: family.name })
    .getByRole("link", { name: `Record ${family.name}` })
    .click();
  const swimmer = page.getByRole("group", { name: family.name, exact: true });
  await swimmer
    .getByRole("group", { name: `Attendance of ${family.name}` })
    .getByRole("radio", { name: "Present" })
    .check();
  await swimmer.getByLabel(`Feedback for ${family.name}`).fill(feedback);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  // The owner, in the audit log, searches by the instructor's surname.
  await context.clearCookies();
  await signedInAs("admin");
  await page.goto("/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const surname = i1.name.split(" ")[1] as string;
  await page.getByLabel("Person").fill(surname);
  await page.getByLabel("From").fill(today);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`person=${surname}`));
  const entry = page.getByRole("listitem").filter({ hasText: "Lesson record recorded" });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`${i1.name} (instructor)`);
  await expect(entry).toContainText(feedback);
  await expect(page.getByRole("heading", { level: 2, name: "1 entry" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // A name nobody has: the empty state.
  await page.getByLabel("Person").fill(uniqueName("Nobody"));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("No change matches this search.")).toBeVisible();

  // Edit Client: the family's data as a ZIP, with the lesson and its feedback in it.
  await page.goto(`/clients-list?q=${encodeURIComponent(family.lastName.toLowerCase())}`);
  await page.getByRole("button", { name: `Edit ${family.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  const link = dialog.getByRole("link", { name: `Download ${family.name}'s data (ZIP)` });
  await link.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^audit.*\.zip$/i);
  const files = await unzip(await readFile((await download.path()) as string));
  expect(JSON.parse(files.get("household.json")?.toString("utf8") ?? "{}").household.email).toBe(
    family.email,
  );
  const lessons = JSON.parse(files.get("lessons.json")?.toString("utf8") ?? "[]") as {
    date: string;
    instructor: string;
    swimmers: { attendance: string; feedback: string }[];
  }[];
  expect(lessons).toEqual([
    expect.objectContaining({
      date: today,
      instructor: i1.name,
      swimmers: [expect.objectContaining({ attendance: "present", feedback })],
    }),
  ]);
  expect(files.get("README.txt")?.toString("utf8")).toContain(family.lastName);

  // The download is in the log too, under the owner.
  await page.goto("/audit-log");
  await expect(
    page
      .getByRole("listitem")
      .filter({ hasText: "Household data downloaded as a ZIP" })
      .filter({ hasText: family.id }),
  ).toHaveCount(1);
});
