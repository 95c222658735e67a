import { readFile } from "node:fs/promises";
import { readPdf } from "../test/support/pdf-text.ts";
import { e2eControlUrl } from "./e2e-env.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  receivedMail,
} from "./support.ts";

/**
 * Issue 28's certificates on a phone (375 px): the owner approves a level a swimmer passed, the parent downloads its
 * certificate (the PDF holds the swimmer's name and the level) and shares it; the link shows the certificate to
 * someone signed out, until the parent stops sharing. The API tests hold the rules (certificates.test.ts); here a
 * person goes through them.
 */
test("the owner approves a passed level; the parent downloads and shares its certificate, then stops sharing", {
  tag: "@mobile-only",
}, async ({ page, browser, signedInAs, newClient, adminPage, adminApi }) => {
  test.slow();
  const parent = await newClient({ firstName: "Nina", lastName: uniqueName("Swim") });
  // A family with a package and a class, as every swimmer who passes a level has.
  await buyPackageAsAdmin(adminPage, parent, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${parent.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", { data: { clientId: parent.id, dates: [today] } });
  expect(booked.ok(), await booked.text()).toBe(true);
  // The first swimmer of a household registered by the owner is its first guardian (docs/decisions/019).
  const made = await fetch(`${e2eControlUrl}/level-results/draft`, {
    method: "POST",
    body: JSON.stringify({ swimmerId: parent.id, certificateNumber: uniqueName("E2E") }),
  });
  expect(made.ok).toBe(true);
  const draft = (await made.json()) as { id: number; level: string };
  const title = `${parent.name} passed ${draft.level}`;

  // The owner: the count on /admin, then the draft with its report card, approved.
  await signedInAs("admin");
  await page.goto("/admin");
  await page
    .getByRole("region", { name: "Certificates" })
    .getByRole("link", { name: "Review certificates" })
    .click();
  await expect(page).toHaveURL(/\/certificates$/);
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card.getByRole("table", { name: "Report card" }).getByRole("row").nth(1)).toContainText(
    "Mastered",
  );
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole("button", { name: "Approve and publish" }).click();
  await expect(
    page.getByText("Approved and published: the family can download it now and gets a mail."),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Published" }).getByRole("heading", { name: title }),
  ).toBeVisible();
  await expect(async () => {
    const mail = (await receivedMail()).find((m) => m.to.includes(parent.email) && m.raw.includes("passed"));
    expect(mail).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  // The parent: Class Progress lists the level; the certificate downloads, with the name and the level in it.
  await page.context().clearCookies();
  await signedInAs(parent);
  await page.goto("/progress");
  const certificates = page.getByRole("region", { name: `Certificates of ${parent.firstName}` });
  const level = certificates
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: draft.level }) });
  const downloading = page.waitForEvent("download");
  await level.getByRole("link", { name: "Download certificate (A4)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^certificate-.*\.pdf$/);
  const pdf = await readPdf(new Uint8Array(await readFile((await download.path()) as string)));
  expect(pdf.text).toContain(parent.name);
  expect(pdf.text).toContain(draft.level);
  expect(pdf.pages).toEqual([{ width: 842, height: 595 }]);
  await expectNoSidewaysScroll(page);

  // A share link, opened by someone signed out: the certificate, and nothing else of the family.
  await level.getByRole("button", { name: "Share link" }).click();
  const linkBox = level.getByRole("textbox", { name: `Share link of the certificate ${draft.level}` });
  await expect(linkBox).toHaveValue(/\/certificate\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  await expectNoSeriousA11yViolations(page);

  const stranger = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Certificate of achievement" })).toBeVisible();
  await expect(visitor.getByText(parent.name, { exact: true })).toBeVisible();
  await expect(visitor.getByText(draft.level, { exact: true })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Download PDF" })).toBeVisible();
  await expect(visitor.getByText(parent.email)).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoSidewaysScroll(visitor);
  await expectNoSeriousA11yViolations(visitor);

  // The parent stops sharing: the link now says only that.
  await level.getByRole("button", { name: "Stop sharing" }).click();
  await expect(level.getByText("Sharing stopped: the link no longer works.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("alert")).toHaveText("This certificate link was stopped by the family.");
  await expect(visitor.getByText(parent.name)).toHaveCount(0);
  await expect(visitor.getByRole("link", { name: "Download PDF" })).toHaveCount(0);
  const pdfAfter = await stranger.request.get(
    `${new URL(link).origin}/api/shared-certificates/${link.split("/").pop()}.pdf`,
  );
  expect(pdfAfter.status()).toBe(404);
  await stranger.close();
});
