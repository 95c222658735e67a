import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import content from "../src/content/site.json" with { type: "json" };
import type { ClientBookingsResponse, SaveBookingResponse } from "../src/domain/bookings.ts";
import { e2eAdmin, e2eSecondAdmin } from "./e2e-env.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import { buyPackageAsAdmin } from "./support.ts";

/**
 * Every page in Spanish, read the way a Spanish-speaking parent or owner reads it: no text node, label, placeholder,
 * title or alternative text may be an English message of the catalogues (src/locales/en, where its Spanish reads
 * differently), and none may be English prose that never reached a catalogue (a sentence with "the", "your",
 * "please"…). Names, e-mail addresses and what people wrote are data, not the interface: the test writes its own in
 * Spanish. A fragment marked with another `lang` (the switch's "English") is in that language on purpose.
 */

type Compiled = Record<string, string | (string | unknown[])[]>;

/** The English catalogues' texts that read differently in Spanish: whole messages, and long literal fragments. */
async function englishCatalogueTexts(): Promise<{ whole: Set<string>; fragments: string[] }> {
  const whole = new Set<string>();
  const fragments: string[] = [];
  const dir = path.resolve("src/locales");
  for (const file of readdirSync(path.join(dir, "en")).filter((name) => name.endsWith(".ts"))) {
    const load = async (locale: string) =>
      ((await import(pathToFileURL(path.join(dir, locale, file)).href)) as { messages: Compiled }).messages;
    const [en, es] = await Promise.all([load("en"), load("es")]);
    for (const [id, tokens] of Object.entries(en)) {
      if (JSON.stringify(tokens) === JSON.stringify(es[id])) continue;
      const parts = typeof tokens === "string" ? [tokens] : tokens;
      const literals = parts.filter((part): part is string => typeof part === "string");
      if (literals.length === parts.length) whole.add(literals.join("").trim());
      else
        for (const literal of literals)
          if (literal.trim().split(/\s+/).length >= 3) fragments.push(literal.trim());
    }
  }
  return { whole, fragments };
}

/** Words of English prose that Spanish never writes. */
const englishProse = /\b(the|your|you|please|with|this|our|and|were|will)\b/i;

/** Every text a person reads or hears on the page now, with where it is. */
async function textsOf(page: Page): Promise<{ text: string; where: string }[]> {
  return page.evaluate(() => {
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${
        element.className && typeof element.className === "string"
          ? `.${element.className.split(" ")[0]}`
          : ""
      }`;
    const otherLanguage = (element: Element | null) => {
      const tagged = element?.closest("[lang]");
      return Boolean(
        tagged && tagged !== document.documentElement && !tagged.getAttribute("lang")?.startsWith("es"),
      );
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, noscript") || otherLanguage(parent)) continue;
      const text = node.textContent?.replace(/\s+/g, " ").trim();
      if (text) found.push({ text, where: describe(parent) });
    }
    for (const element of document.body.querySelectorAll("[aria-label], [placeholder], [title], [alt]")) {
      if (otherLanguage(element)) continue;
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const text = element.getAttribute(name)?.trim();
        if (text) found.push({ text, where: `${describe(element)}[${name}]` });
      }
    }
    found.push({ text: document.title, where: "title" });
    return found;
  });
}

let catalogue: Awaited<ReturnType<typeof englishCatalogueTexts>>;
test.beforeAll(async () => {
  catalogue = await englishCatalogueTexts();
});

/** Opens `address` and fails on any English the page shows, once its data has loaded. */
async function expectAllSpanish(page: Page, address: string, known: readonly string[] = []) {
  await page.goto(address);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText(/Cargando/)).toHaveCount(0);
  const english = (await textsOf(page))
    .filter(({ text }) => !known.some((data) => text.includes(data)))
    .filter(
      ({ text }) =>
        catalogue.whole.has(text) ||
        catalogue.fragments.some((fragment) => text.includes(fragment)) ||
        englishProse.test(text),
    )
    .map(({ text, where }) => `${address} ${where}: ${text}`);
  expect(english).toEqual([]);
}

const publicAddresses = [
  "/es/",
  "/es/services",
  "/es/about",
  "/es/our-team",
  "/es/contact",
  "/es/shop",
  "/es/cart",
];

test("every public page in Spanish, the 404 page and the Login dialog speak Spanish only @desktop-only", async ({
  page,
}) => {
  for (const address of publicAddresses) await expectAllSpanish(page, address);
  await expectAllSpanish(page, "/es/no-such-page");
  await page.goto("/es/");
  await page.getByRole("button", { name: "Iniciar sesión" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const inDialog = (await textsOf(page)).filter(
    ({ text }) => catalogue.whole.has(text) || englishProse.test(text),
  );
  expect(inDialog).toEqual([]);
});

test("a Spanish-speaking family's client area speaks Spanish only @desktop-only", async ({
  page,
  accounts,
  browser,
}) => {
  const client = await accounts.register({ firstName: "Lucia", lastName: uniqueName("Núñez") });
  // The owner books today's class and two next month, and writes feedback in Spanish about today's (feedback is
  // written from a class's day on), as a Spanish-speaking school would (the first owner reads English:
  // buyPackageAsAdmin presses the checkout's English Pay).
  const owner = await browser.newPage();
  await owner.context().addCookies((await accounts.session(e2eAdmin)).cookies);
  const { today } = (await (
    await owner.request.get(`/api/clients/${client.id}/bookings`)
  ).json()) as ClientBookingsResponse;
  const [year, month] = today.split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
  const dates = [today, `${next}-12`, `${next}-19`];
  await buyPackageAsAdmin(owner, client, "8_55");
  const saved = await owner.request.post("/api/bookings", { data: { clientId: client.id, dates } });
  expect(saved.ok()).toBe(true);
  const { booking } = (await saved.json()) as SaveBookingResponse;
  const feedback = "Muy buenas patadas hoy. Próximo paso: flotar de espaldas.";
  const written = await owner.request.put(`/api/bookings/${booking.id}/feedback`, {
    data: { feedbacks: { [dates[0] as string]: feedback } },
  });
  expect(written.ok()).toBe(true);
  await owner.context().close();

  await page.context().addCookies((await accounts.session(client)).cookies);
  const chosen = await page.request.put("/api/session/locale", { data: { locale: "es" } });
  expect(chosen.status()).toBe(204);
  const data = [client.name, client.firstName, client.lastName, client.email, feedback];
  // /contract frames the school's form, on a host outside this machine: answered here, at the HTTP boundary.
  await page.route(`${new URL(content.contractFormUrl).origin}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="es"><title>Contrato</title></html>',
    }),
  );
  for (const address of [
    "/client-panel",
    "/progress",
    "/feedback",
    "/milestones",
    "/gallery",
    "/payments",
    "/manage-payments",
    "/contract",
    "/family",
  ])
    await expectAllSpanish(page, address, data);
});

test("the owner's admin area speaks Spanish only once the owner chose Spanish @desktop-only", async ({
  page,
  accounts,
}) => {
  await page.context().addCookies((await accounts.session(e2eSecondAdmin, true)).cookies);
  const chosen = await page.request.put("/api/session/locale", { data: { locale: "es" } });
  expect(chosen.status()).toBe(204);
  for (const address of [
    "/admin",
    "/admin?showBooking=true",
    "/manage-bookings",
    "/admin-feedback",
    "/admin-milestones",
    "/admin-gallery",
    "/clients-list",
    "/admin-newsletter",
    "/certificates",
  ])
    await expectAllSpanish(page, address);
});
