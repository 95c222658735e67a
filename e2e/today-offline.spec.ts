import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { chromiumFlags, chromiumPath } from "../scripts/chromium.ts";
import { e2eAdmin } from "./e2e-env.ts";
import { type ClientAccount, expect, test, uniqueName } from "./fixtures.ts";
import { allowPageNoise } from "./page-noise.ts";
import {
  buyPackageAsAdmin,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  newInstructor,
} from "./support.ts";

/**
 * An instructor's day without signal (issue 27, docs/decisions/023), on a phone (375 px, @mobile-only: the page is
 * built for it; at 1440 px it is the same one column). I1 opens /today, loses the signal, records both swimmers of
 * a lesson (attendance, feedback, a camera photo each), reloads without signal and still has the page, the day and
 * the pending save; with the signal back the save is taken, the family sees it, and the same save sent twice more
 * under its idempotency key writes nothing again.
 */

const photo = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** The idempotency keys of the saves waiting on this phone (kept in clear: they are no secret). */
const queuedKeys = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opened = indexedDB.open("swim-school-today");
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const all = opened.result.transaction("saves").objectStore("saves").getAllKeys();
          all.onsuccess = () => {
            resolve(all.result as string[]);
            opened.result.close();
          };
        };
      }),
  );

test("@mobile-only an instructor records a lesson without signal; it is sent once when the signal returns", async ({
  page,
  adminPage,
  adminApi,
  newClient,
  signedInAs,
  browser,
  baseURL,
}) => {
  test.slow();
  // Going offline makes the page's own requests (the session, the heartbeat) fail, as they do on a phone.
  allowPageNoise(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|Failed to load resource/);
  const i1 = await newInstructor(adminApi, baseURL as string);

  // A household of two swimmers, both with photo permission, in a lesson of today that I1 teaches.
  const family = await newClient({ firstName: "Ana", lastName: uniqueName("Offline"), packType: "8_60" });
  const swimmers: { id: string; firstName: string }[] = [];
  for (const firstName of ["Leo", "Mia"]) {
    const added = await adminApi.post(`/api/clients/${family.id}/swimmers`, {
      data: { firstName, lastName: family.lastName, photoPermission: true },
    });
    expect(added.status()).toBe(201);
    swimmers.push({ id: ((await added.json()) as { swimmer: { id: string } }).swimmer.id, firstName });
  }
  const address = "12 Harbour Road, Brighton";
  expect(
    (
      await adminApi.patch(`/api/clients/${family.id}`, { data: { address, accessNotes: "Gate code 4321" } })
    ).ok(),
  ).toBe(true);
  await buyPackageAsAdmin(adminPage, family, "8_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${family.id}`)).json()) as {
    today: string;
  };
  const booked = await adminApi.post("/api/bookings", {
    data: {
      clientId: family.id,
      dates: [today],
      startTime: "10:00",
      instructorId: i1.id,
      swimmerIds: swimmers.map((each) => each.id),
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  // I1 opens their day with signal: the service worker takes the page over and keeps it.
  await signedInAs(i1 as unknown as ClientAccount);
  await page.goto("/today");
  const card = page.getByRole("article").filter({ hasText: family.name });
  await expect(card).toContainText("10:00");
  await expect(card.getByRole("link", { name: new RegExp(address) })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=12\+Harbour/,
  );
  await expect(card).toContainText("Gate code 4321");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(card).toContainText("Not recorded yet");
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);

  // No signal: the lesson on its own screen, both swimmers recorded, one Save.
  await page.context().setOffline(true);
  await card.getByRole("link", { name: `Record ${family.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(family.name) })).toBeVisible();
  const colours = ["#1e90ff", "#ff8c00"];
  for (const [index, swimmer] of swimmers.entries()) {
    const name = `${swimmer.firstName} ${family.lastName}`;
    const group = page.getByRole("group", { name, exact: true });
    await group
      .getByRole("group", { name: `Attendance of ${name}` })
      .getByRole("radio", { name: index === 0 ? "Present" : "Late" })
      .check();
    await group.getByLabel(`Feedback for ${name}`).fill(`${swimmer.firstName} swam a width offline.`);
    await group.getByLabel(`Photo of ${name}`).setInputFiles({
      name: `${swimmer.firstName}.jpg`,
      mimeType: "image/jpeg",
      buffer: await photo(colours[index] as string),
    });
  }
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Pending: kept on this phone until the server takes it.")).toBeVisible();
  await expect(page.getByRole("status").first()).toContainText("1 pending save");
  const [key] = await queuedKeys(page);
  expect(key).toMatch(/^[0-9a-f-]{36}$/);

  // A reload without signal: the page, the day and the pending save are all still there.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(family.name) })).toBeVisible();
  await expect(page.getByText("No signal: showing the day as last loaded.")).toBeVisible();
  await expect(page.getByText("Pending: kept on this phone until the server takes it.")).toBeVisible();
  await expect(page.getByLabel(`Feedback for Leo ${family.lastName}`)).toHaveValue(
    "Leo swam a width offline.",
  );
  await page.getByRole("link", { name: "Back to the day" }).click();
  await expect(card).toContainText("Pending");
  expect(await queuedKeys(page)).toEqual([key]);

  // The signal returns: the save is sent and taken.
  await page.context().setOffline(false);
  await expect(card).toContainText("Recorded", { timeout: 20_000 });
  await expect(page.getByText(/pending save/)).toHaveCount(0);
  expect(await queuedKeys(page)).toEqual([]);

  // The family sees the feedback and the photos.
  const familyContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await familyContext.addCookies(
    (
      await (async () => {
        const { request } = await import("@playwright/test");
        const api = await request.newContext({ baseURL });
        await api.post("/api/session/sign-in", { data: { email: family.email, password: family.password } });
        const state = await api.storageState();
        await api.dispose();
        return state;
      })()
    ).cookies,
  );
  const familyPage = await familyContext.newPage();
  await familyPage.goto("/feedback");
  await expect(familyPage.getByText("Leo swam a width offline.")).toBeVisible();
  await expect(familyPage.getByText("Mia swam a width offline.")).toBeVisible();
  await familyPage.goto("/gallery");
  await expect(familyPage.locator("img.media-thumb")).toHaveCount(2);

  // The same save replayed twice under its key: the stored answer, nothing written again.
  const gallery = async () =>
    ((await (await adminApi.get(`/api/clients/${family.id}/gallery`)).json()) as { total: number }).total;
  expect(await gallery()).toBe(2);
  for (let replay = 0; replay < 2; replay++) {
    const again = await page.request.post(
      `/api/lessons/${(await lessonIdOf(page, family.name)) ?? 0}/record`,
      {
        headers: { "Idempotency-Key": key as string },
        multipart: {
          record: JSON.stringify({
            date: today,
            startTime: "10:00",
            swimmers: swimmers.map((each, index) => ({
              swimmerId: each.id,
              attendance: index === 0 ? "present" : "late",
              feedback: `${each.firstName} swam a width offline.`,
            })),
          }),
          [`photo:${swimmers[0]?.id}`]: {
            name: "Leo.jpg",
            mimeType: "image/jpeg",
            buffer: await photo("#1e90ff"),
          },
        },
      },
    );
    expect(again.status(), await again.text()).toBe(200);
  }
  expect(await gallery()).toBe(2);
  await familyPage.reload();
  await expect(familyPage.locator("img.media-thumb")).toHaveCount(2);
  await familyContext.close();
});

/** The id of the lesson a card opens (its Record link says it). */
async function lessonIdOf(page: Page, householdName: string): Promise<number | null> {
  const href = await page.getByRole("link", { name: `Record ${householdName}` }).getAttribute("href");
  const id = new URL(href ?? "", "http://x").searchParams.get("lesson");
  return id ? Number(id) : null;
}

test("@desktop-only /today can be added to a phone's home screen: Chromium finds nothing against installing it", async ({
  accounts,
  baseURL,
}) => {
  // A browser profile of its own: Chromium never offers to install from a private window, which a test's usual
  // context is ("in-incognito").
  const profile = mkdtempSync(path.join(tmpdir(), "today-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumFlags,
    baseURL,
  });
  try {
    await context.addCookies((await accounts.session(e2eAdmin)).cookies);
    const page = await context.newPage();
    await page.goto("/today");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/today.webmanifest");
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((error) => error.errorId);
      })
      .toEqual([]);
    const manifest = await (await page.request.get("/today.webmanifest")).json();
    expect(manifest).toMatchObject({ start_url: "/today", display: "standalone" });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(["192x192", "512x512"]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("@desktop-only the public pages get no service worker and no manifest", async ({ page }) => {
  await page.goto("/services");
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  const html = await (await page.request.get("/services")).text();
  expect(html).not.toContain("sw.js");
});

test("@desktop-only the owner switches to an instructor's day; a save refused because the lesson moved shows why and keeps the words", async ({
  page,
  adminPage,
  adminApi,
  newClient,
  signedInAs,
  baseURL,
}) => {
  // The same page as at 375 px, one column wider; the refusal is the server's, whatever the width.
  test.slow();
  const i1 = await newInstructor(adminApi, baseURL as string);
  const family = await newClient({ firstName: "Olga", lastName: uniqueName("Moved"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, family, "4_60");
  const { today } = (await (await adminApi.get(`/api/bookings/draft/${family.id}`)).json()) as {
    today: string;
  };
  const saved = await adminApi.post("/api/bookings", {
    data: { clientId: family.id, dates: [today], startTime: "11:00", instructorId: i1.id },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const bookingId = ((await saved.json()) as { booking: { id: number } }).booking.id;

  await signedInAs("admin");
  await page.goto("/today");
  await page.getByLabel("Instructor").selectOption({ label: i1.name });
  await expect(page).toHaveURL(new RegExp(`teacher=${i1.id}`));
  const card = page.getByRole("article").filter({ hasText: family.name });
  await expect(card).toContainText("Not recorded yet");
  await card.getByRole("link", { name: `Record ${family.name}` }).click();

  // Meanwhile the lesson moves to 12:00: the save, made for 11:00, is refused and not written. The page must not
  // hear of the move before it saves (a refetch of the day would show 12:00, and a save for 12:00 is accepted):
  // it keeps getting the day as it was. On the context, not the page: the service worker's own fetches (it refetches
  // the day once it takes the page over) are the context's to route.
  const dayAsShown = await (await adminApi.get(`/api/today?date=${today}&instructorId=${i1.id}`)).json();
  await page.context().route(/\/api\/today\?/, (route) => route.fulfill({ json: dayAsShown }));
  const moved = await adminApi.put(`/api/bookings/${bookingId}/schedule`, {
    data: { date: today, startTime: "12:00", instructorId: i1.id },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  const name = `Olga ${family.lastName}`;
  await page
    .getByRole("group", { name: `Attendance of ${name}` })
    .getByRole("radio", { name: "Absent" })
    .check();
  await page.getByLabel(`Feedback for ${name}`).fill("Olga had a cold.");
  await page.getByRole("button", { name: "Save", exact: true }).click();

  const refusal = page.getByRole("alert", { name: "Refused save" });
  await expect(refusal).toContainText("The server refused this save:");
  await expect(refusal).toContainText("Olga had a cold.");
  await expect(page.getByText("Not saved: the server refused it.")).toBeVisible();
  await expect(page.getByLabel(`Feedback for ${name}`)).toHaveValue("Olga had a cold.");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to the day" }).click();
  await expect(card).toContainText("Refused");

  // Discarded on purpose, it is gone; nothing was written.
  await card.getByRole("link", { name: `Record ${family.name}` }).click();
  await refusal.getByRole("button", { name: "Discard this save" }).click();
  await expect(refusal).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the day" }).click();
  await expect(card).toContainText("Not recorded yet");
});
