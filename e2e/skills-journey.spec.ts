import { readFile } from "node:fs/promises";
import type { TodayResponse } from "../src/domain/today.ts";
import { readPdf } from "../test/support/pdf-text.ts";
import { type ClientAccount, expect, test, uniqueName } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
  receivedMail,
} from "./support.ts";

/**
 * Issue 28 from the pool to the family's fridge, on phones (375 px, @mobile-only: the lesson screen is built for
 * it; at 1440 px it is the same one column). I1 places a swimmer in Stage 1, rates two skills with the lesson's
 * save, then one more without signal: the rating waits on the phone as not sent yet and goes with the save when the
 * signal returns. The parent sees the ratings on Class Progress with the tips to practise at home. I1 then rates
 * every skill of the level mastered: the swimmer passes, the owner approves the certificate, the parent downloads
 * it (the PDF holds the swimmer's name and the level) and shares it; the link shows the certificate to someone
 * signed out, until the parent stops sharing.
 */
test("@mobile-only an instructor rates skills in a lesson, one without signal; the parent sees them; a level passed becomes a certificate the parent downloads and shares", async ({
  page,
  browser,
  adminPage,
  adminApi,
  newClient,
  signedInAs,
  baseURL,
}) => {
  test.slow();
  // Going offline makes the page's own requests (the session, the heartbeat) fail, as they do on a phone.
  allowPageNoise(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|Failed to load resource/);
  const i1 = await newInstructor(adminApi, baseURL as string);
  const family = await newClient({ firstName: "Rosa", lastName: uniqueName("Assess"), packType: "4_60" });
  const added = await adminApi.post(`/api/clients/${family.id}/swimmers`, {
    data: { firstName: "Leo", lastName: family.lastName },
  });
  expect(added.status(), await added.text()).toBe(201);
  const leoId = ((await added.json()) as { swimmer: { id: string } }).swimmer.id;
  await buyPackageAsAdmin(adminPage, family, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${family.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", {
    data: {
      clientId: family.id,
      dates: [today],
      startTime: "09:00",
      instructorId: i1.id,
      swimmerIds: [leoId],
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  // I1 opens their day with signal; the service worker takes the page over and keeps it.
  await signedInAs(i1 as unknown as ClientAccount);
  await page.goto("/today");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const card = page.getByRole("article").filter({ hasText: family.name });
  await card.getByRole("link", { name: `Record ${family.name}` }).click();
  const name = `Leo ${family.lastName}`;
  const leo = page.getByRole("group", { name, exact: true });
  await expect(leo.getByText("Level:")).toBeVisible();

  // Placed in Stage 1: its skills, none assessed yet.
  await leo.getByText("Change level", { exact: true }).click();
  await leo.getByLabel(`New level for ${name}`).selectOption({ label: "Stage 1: Water confidence" });
  await leo.getByRole("button", { name: "Save level" }).click();
  await expect(leo.getByText("Level changed.")).toBeVisible();
  await expect(leo.getByText("Level: Stage 1: Water confidence · 0 of 5 skills mastered")).toBeVisible();
  const skill = (skillName: string) => leo.getByRole("group", { name: skillName, exact: true });
  await expect(skill("Puts the face in")).toContainText("Not assessed yet");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // Two skills rated with the attendance, one tap each, and saved.
  await leo
    .getByRole("group", { name: `Attendance of ${name}` })
    .getByRole("radio", { name: "Present" })
    .check();
  await leo.getByRole("radio", { name: "Gets in and out safely: Introduced" }).check();
  await leo.getByRole("radio", { name: "Blows bubbles: Mastered" }).check();
  // A tap taken back: "Leave unrated" leaves a skill out of the save.
  await leo.getByRole("radio", { name: "Floats on the front: Progressing" }).check();
  await leo.getByRole("radio", { name: "Floats on the front: Leave unrated" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect(skill("Gets in and out safely")).toContainText("Latest: Introduced");
  await expect(skill("Blows bubbles")).toContainText("Latest: Mastered");
  await expect(skill("Floats on the front")).toContainText("Not assessed yet");
  await expect(leo.getByRole("radio", { name: "Blows bubbles: Leave unrated" })).toBeChecked();
  await expect(leo.getByText("1 of 5 skills mastered", { exact: false })).toBeVisible();

  // No signal: a third skill rated and saved; it waits on the phone.
  await page.context().setOffline(true);
  await leo.getByRole("radio", { name: "Puts the face in: Progressing" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Pending: kept on this phone until the server takes it.")).toBeVisible();
  await expect(skill("Puts the face in")).toContainText("Not sent yet: Progressing");
  await expect(skill("Puts the face in")).toContainText("Not assessed yet");

  // The signal returns: the save is sent, and the rating is the latest.
  await page.context().setOffline(false);
  await expect(skill("Puts the face in")).toContainText("Latest: Progressing", { timeout: 20_000 });
  await expect(skill("Puts the face in")).not.toContainText("Not sent yet");
  await expect(page.getByText(/pending save/)).toHaveCount(0);

  // The server holds the three ratings, as the owner's view of I1's day shows.
  const day = (await (
    await adminApi.get(`/api/today?date=${today}&instructorId=${i1.id}`)
  ).json()) as TodayResponse;
  const skills = day.lessons.flatMap((lesson) => lesson.swimmers).find((each) => each.id === leoId)
    ?.level?.skills;
  expect(
    skills
      ?.filter((each) => each.latest)
      .map((each) => [each.name, each.latest?.label, each.lessonsSinceAssessed]),
  ).toEqual([
    ["Gets in and out safely", "Introduced", 0],
    ["Blows bubbles", "Mastered", 0],
    ["Puts the face in", "Progressing", 0],
  ]);

  // The parent, on Class Progress: the three ratings, and tips for the two skills in progress.
  await page.context().clearCookies();
  await signedInAs(family);
  await page.goto("/progress");
  const leoSkills = page.getByRole("article", { name: name, exact: true });
  await expect(leoSkills.getByText("1 of 5 skills mastered")).toBeVisible();
  const tips = leoSkills.getByRole("region", { name: "Practise at home this week" });
  await expect(tips.getByRole("listitem")).toHaveCount(2);
  await expect(tips).toContainText("Puts the face in:");
  await expect(tips).toContainText("Gets in and out safely:");
  await expect(leoSkills.getByText("After the last class")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // A later save rates every skill of Stage 1 mastered: Leo passes, and the certificate waits for the owner.
  await page.context().clearCookies();
  await signedInAs(i1 as unknown as ClientAccount);
  await page.goto("/today");
  await page
    .getByRole("article")
    .filter({ hasText: family.name })
    .getByRole("link", { name: `Record ${family.name}` })
    .click();
  for (const skillName of [
    "Gets in and out safely",
    "Blows bubbles",
    "Puts the face in",
    "Floats on the front",
    "Floats on the back",
  ]) {
    await leo.getByRole("radio", { name: `${skillName}: Mastered` }).check();
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  // The owner approves it from the count on /admin.
  await page.context().clearCookies();
  await signedInAs("admin");
  await page.goto("/admin");
  await page
    .getByRole("region", { name: "Certificates" })
    .getByRole("link", { name: "Review certificates" })
    .click();
  const title = `${name} passed Stage 1: Water confidence`;
  const draft = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(draft.getByRole("table", { name: "Report card" })).toContainText("Puts the face in");
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await draft.getByRole("button", { name: "Approve and publish" }).click();
  await expect(
    page.getByText("Approved and published: the family can download it now and gets a mail."),
  ).toBeVisible();
  await expect(async () => {
    const mail = (await receivedMail()).find((m) => m.to.includes(family.email) && m.raw.includes("passed"));
    expect(mail).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  // The parent downloads the certificate: the swimmer's name and the level are in the PDF.
  await page.context().clearCookies();
  await signedInAs(family);
  await page.goto("/progress");
  const passed = page
    .getByRole("region", { name: "Certificates of Leo" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Stage 1: Water confidence" }) });
  const downloading = page.waitForEvent("download");
  await passed.getByRole("link", { name: "Download certificate (A4)" }).click();
  const download = await downloading;
  const pdf = await readPdf(new Uint8Array(await readFile((await download.path()) as string)));
  expect(pdf.text).toContain(name);
  expect(pdf.text).toContain("Stage 1: Water confidence");
  expect(pdf.pages).toEqual([{ width: 842, height: 595 }]);

  // A share link, opened by someone signed out: the certificate and nothing else of the family, until it stops.
  await passed.getByRole("button", { name: "Share link" }).click();
  const linkBox = passed.getByRole("textbox", {
    name: "Share link of the certificate Stage 1: Water confidence",
  });
  await expect(linkBox).toHaveValue(/\/certificate\/[A-Za-z0-9_-]{43}$/);
  const link = await linkBox.inputValue();
  const stranger = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole("heading", { name: "Certificate of achievement" })).toBeVisible();
  await expect(visitor.getByText(name, { exact: true })).toBeVisible();
  await expect(visitor.getByText("Stage 1: Water confidence", { exact: true })).toBeVisible();
  await expect(visitor.getByText(family.email)).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expectNoSidewaysScroll(visitor);
  await expectNoSeriousA11yViolations(visitor);

  await passed.getByRole("button", { name: "Stop sharing" }).click();
  await expect(passed.getByText("Sharing stopped: the link no longer works.")).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole("alert")).toHaveText("This certificate link was stopped by the family.");
  await expect(visitor.getByText(name)).toHaveCount(0);
  const pdfAfter = await stranger.request.get(
    `${new URL(link).origin}/api/shared-certificates/${link.split("/").pop()}.pdf`,
  );
  expect(pdfAfter.status()).toBe(404);
  await stranger.close();
});
