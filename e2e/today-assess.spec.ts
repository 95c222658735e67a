import type { TodayResponse } from "../src/domain/today.ts";
import { type ClientAccount, expect, test, uniqueName } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
} from "./support.ts";

/**
 * Assessing from /today (issue 28) on a phone (375 px, @mobile-only: the lesson screen is built for it; at 1440 px
 * it is the same one column). I1 places a swimmer in Stage 1, rates two skills with the lesson's save, then one
 * more without signal: the rating waits on the phone as not sent yet, goes with the save when the signal returns,
 * and the new latest ratings show.
 */
test("@mobile-only an instructor rates three skills in a lesson, one without signal, and sees the new ratings", async ({
  page,
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
});
