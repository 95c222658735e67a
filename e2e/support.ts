// The spec's words from src/domain are read in English here, as an English page shows them.
import "../test/support/english.ts";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Locator, type Page, request } from "@playwright/test";
import type { NewInstructorResponse } from "../src/domain/lesson-schedule.ts";
import { messages } from "../src/domain/messages.ts";
import { e2eControlUrl as controlUrl, e2eSchoolZone as schoolZone } from "./e2e-env.ts";
import { uniqueEmail, uniqueName } from "./fixtures.ts";

/** Takes the loopback SMTP server the app mails down or up again. */
export async function setSmtp(state: "down" | "up"): Promise<void> {
  const response = await fetch(`${controlUrl}/smtp/${state}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

export async function receivedMail(): Promise<{ to: string[]; raw: string }[]> {
  return (await (await fetch(`${controlUrl}/smtp/received`)).json()) as { to: string[]; raw: string }[];
}

/** The guardian invitation link in the last mail the SMTP server received for `email` (issue 26). */
export async function mailedInvitationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mail = (await receivedMail()).filter((m) => m.to.includes(email)).at(-1);
    link = mail?.raw
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=")
      .match(/https?:\/\/\S+\/accept-invitation\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link as string;
}

/**
 * No serious or critical axe-core violation on the page as it is now.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode): its default run opens a blank page of its own on every
 * call, injects axe again there and assembles the frames' results in it, which was half or more of each scan's time
 * on two cores (2026-11-27: 0.6–2.5 s against 1.3–5.5 s a scan), and the specs scan 120 times, most at both widths.
 * A page holding a frame of another origin (a third party's form, an embed) gets the default run: only it reaches
 * into that frame.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const otherOrigin = page.frames().some((frame) => {
    const url = frame.url();
    return url !== "" && !url.startsWith("about:") && new URL(url).origin !== origin;
  });
  const results = await new AxeBuilder({ page }).setLegacyMode(!otherOrigin).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** The page is no wider than the window: nothing to scroll sideways to. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Buys a package for a client through the local checkout page, signed in as the admin (who may buy any pack for a
 * client, docs/api.md): the one way to an active plan, the same page a client pays on.
 */
export async function buyPackageAsAdmin(
  page: Page,
  client: { email: string; lastName: string },
  packType = "8_55",
): Promise<void> {
  const found = await page.request.get(`/api/clients?${new URLSearchParams({ search: client.lastName })}`);
  expect(found.ok()).toBe(true);
  const { items } = (await found.json()) as { items: { id: string; email: string }[] };
  const userId = items.find((item) => item.email === client.email)?.id;
  expect(userId, `client ${client.email}`).toBeTruthy();
  const started = await page.request.post("/api/subscriptions/create-checkout-session", {
    data: { email: client.email, userId, packType },
  });
  expect(started.ok()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  await page.goto(url);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("dialog").getByText(messages.subscriptionSuccessful)).toBeVisible();
}

const instructorPassword = "chosen-by-i1-1";

/**
 * An instructor account the owner creates (Ines, a unique surname), signed in once to choose their own password (as
 * a client's first sign-in): ready for `signedInAs`.
 */
export async function newInstructor(adminApi: APIRequestContext, baseURL: string) {
  const email = uniqueEmail("i1");
  const lastName = uniqueName("Teach");
  const created = await adminApi.post("/api/instructors", { data: { firstName: "Ines", lastName, email } });
  expect(created.status(), await created.text()).toBe(201);
  const { temporaryPassword } = (await created.json()) as NewInstructorResponse;
  const { instructors } = (await (await adminApi.get("/api/instructors")).json()) as {
    instructors: { id: string; email: string }[];
  };
  const id = instructors.find((each) => each.email === email)?.id as string;
  const api = await request.newContext({ baseURL });
  expect(
    (await api.post("/api/session/sign-in", { data: { email, password: temporaryPassword } })).ok(),
  ).toBe(true);
  const changed = await api.post("/api/session/change-password", {
    data: { currentPassword: temporaryPassword, newPassword: instructorPassword },
  });
  expect(changed.ok()).toBe(true);
  await api.dispose();
  return { id, email, password: instructorPassword, name: `Ines ${lastName}` };
}

/**
 * Resolves two frames from now: what the page's code set going by then (a render, an IntersectionObserver's first
 * report, which comes before the next frame is drawn) has happened. For asserting that something did NOT happen.
 */
export async function twoFramesLater(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Waits until a modal closed by its button or Escape has gone and has taken its history entry off
 * (src/web/components/use-close-on-back.ts does that with history.back a moment later): a page.goto started before
 * then is aborted by that Back.
 */
export async function expectOverlayClosed(page: Page, overlay: Locator): Promise<void> {
  await expect(overlay).toBeHidden();
  await page.waitForFunction(() => !(window.history.state as { closesOnBack?: string } | null)?.closesOnBack);
}

/**
 * Holds the page's requests to `url` (a route pattern) until the returned function is called; they then go on to our
 * server as they were. For what a page shows while an answer is on its way.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return letGo;
}

/**
 * Waits until the app has taken over a client page the server drew (docs/decisions/058). Its first commit replaces
 * the drawn page, disabled in its fieldset, so what a test measured or held before then is gone after. A page the
 * server did not draw passes at once.
 */
export async function untilAppTookOver(page: Page): Promise<void> {
  await expect(page.locator("fieldset.rendered-page")).toHaveCount(0);
}

/** The prerendered pages' app (React, the router, the pages), as its chunk is named in the build. */
export const appScript = /\/assets\/hydrate-[^/]+\.js$/;

/**
 * Opens a page whose app is held back. Not up to the load event: the boot script asks for the app at the first paint,
 * and when that comes before the load event, the load event waits for the held script.
 */
export async function openBeforeApp(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: "domcontentloaded" });
}

/**
 * Holds back a prerendered page's app (asked for once the page has painted, docs/decisions/053) so that a test can act
 * before the page is interactive. `release()` lets it load, and resolves once it has taken the page over: the app
 * then sets the page's title again, after its layout's effects have run.
 */
export async function holdPageApp(page: Page): Promise<{ release: () => Promise<void> }> {
  const releaseApp = await holdRequests(page, appScript);
  return {
    release: async () => {
      const title = await page.title();
      await page.evaluate(() => {
        document.title = "not yet interactive";
      });
      releaseApp();
      await expect(page).toHaveTitle(title);
    },
  };
}

/** Every alt text a content file gives a picture. */
export function altTexts(content: unknown): Set<string> {
  const alts = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (typeof record.alt === "string") alts.add(record.alt);
      Object.values(record).forEach(visit);
    }
  };
  visit(content);
  return alts;
}

/**
 * The two projects run at once against one server: a step that changes or reads what every test shares (the SMTP
 * server's state, the school's one curriculum order) must not overlap its copy in the other project. A directory is
 * the lock (mkdir is atomic across the worker processes); one left by a crashed worker goes after 30 s.
 */
export async function withE2eLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(tmpdir(), `swim-e2e-${name}-${process.env.E2E_PORT ?? 3210}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 30_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The school's clock now, floored to the 5-minute step a class may start on, and no later than 23:30. */
export function schoolTimeNow(): string {
  const [hours, minutes] = new Intl.DateTimeFormat("en-GB", {
    timeZone: schoolZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date())
    .split(":")
    .map(Number) as [number, number];
  const floored = Math.min(hours * 60 + minutes - (minutes % 5), 23 * 60 + 30);
  return `${String(Math.floor(floored / 60)).padStart(2, "0")}:${String(floored % 60).padStart(2, "0")}`;
}
