import { i18n } from "@lingui/core";
import type { BrowserContext, Page } from "@playwright/test";
import { messages } from "../src/domain/messages.ts";
import { messages as spanishAppShell } from "../src/locales/es/app-shell.ts";
import { messages as spanishCommon } from "../src/locales/es/common.ts";
import { e2eLanguageOwner } from "./e2e-env.ts";
import { baseURL, expect, test, uniqueEmail, uniqueName, type WorkerAccounts } from "./fixtures.ts";
import { buyPackageAsAdmin, expectNoSeriousA11yViolations } from "./support.ts";

/**
 * An owner switches the admin to Spanish on a phone (issue 25): the language link at the foot of the drawer stores
 * the choice, the admin loads again in Spanish (menu, headings, the calendar's months and weekdays, the toasts), and
 * the choice holds across a reload and a new sign-in until the owner switches back to English.
 *
 * It runs as an owner of its own (e2e/e2e-env.ts): every worker shares the first one's session, and the Spanish
 * walk keeps the second one in Spanish, so a page of theirs would load in the language this test just chose.
 */

const englishMenu = [
  "Overview",
  "Reports",
  "Register Client",
  "Create Booking",
  "Clients",
  "Today",
  "Manage Bookings",
  "Add Feedback",
  "Add Milestones",
  "Gallery",
  "Newsletter",
  "Instructors",
  "Curriculum",
  "School settings",
  "Audit log",
];
const spanishMenu = [
  "Resumen",
  "Informes",
  "Registrar cliente",
  "Crear reserva",
  "Clientes",
  "Hoy",
  "Gestionar reservas",
  "Agregar comentarios",
  "Agregar logros",
  "Galería",
  "Boletín",
  "Instructores",
  "Programa",
  "Ajustes de la escuela",
  "Registro de cambios",
];
const spanishMonth =
  /^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)( de)? \d{4}$/;

/** A message of src/domain as a page in Spanish shows it (the English one stays this process's language). */
function inSpanish(read: () => string): string {
  const before = i18n.locale;
  i18n.load("es", { ...spanishCommon, ...spanishAppShell });
  i18n.activate("es");
  try {
    return read();
  } finally {
    i18n.activate(before);
  }
}

/** A new sign-in of the owner in `context` (its own session, as after signing out). */
async function signInOwner(accounts: WorkerAccounts, context: BrowserContext): Promise<void> {
  await context.addCookies((await accounts.session(e2eLanguageOwner, true)).cookies);
}

async function storedLocale(page: Page): Promise<string> {
  const response = await page.request.get("/api/session");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { user: { locale: string } }).user.locale;
}

/** Opens the side menu (a drawer at 375 px) by its button, named in the page's language. */
async function openDrawer(page: Page, menuButton: string) {
  const button = page.getByRole("button", { name: menuButton, exact: true });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
}

test("the owner switches the admin to Spanish in the phone drawer; it holds across a reload and a new sign-in, then back to English", {
  tag: "@mobile-only",
}, async ({ page, context, browser, accounts, adminPage, newClient }) => {
  // One journey through six page loads, a checkout and two sign-ins: about 45 s alone on two cores, more beside others.
  test.slow();
  await signInOwner(accounts, context);
  // Start from English, whatever an earlier run of this test on the same server left.
  expect((await page.request.put("/api/session/locale", { data: { locale: "en" } })).status()).toBe(204);
  await page.goto("/clients-list");
  await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();

  // The top bar's switch is for wide screens; on a phone it is the drawer's last item, reached with the keyboard.
  await expect(page.getByRole("banner").getByRole("link", { name: "Español" })).toBeHidden();
  await openDrawer(page, "Menu");
  const menu = page.getByRole("navigation", { name: "Admin" });
  await expect(menu.getByRole("link", { name: "Clients" })).toBeFocused();
  await menu.getByRole("link").last().focus();
  await page.keyboard.press("Tab");
  const español = page.getByRole("link", { name: "Español" });
  await expect(español).toBeFocused();
  // Named in its own language, and said so to a screen reader.
  await expect(español).toHaveAttribute("lang", "es");
  await expect(español).toHaveAttribute("hreflang", "es");
  await page.keyboard.press("Enter");

  // The admin loads again, in Spanish.
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Buscar por nombre" })).toBeVisible();
  expect(await storedLocale(page)).toBe("es");
  await openDrawer(page, "Menú");
  const menú = page.getByRole("navigation", { name: "Administración" });
  await expect(menú.getByRole("link")).toHaveText(spanishMenu);
  await expect(page.getByRole("link", { name: "English" })).toHaveAttribute("lang", "en");
  await expectNoSeriousA11yViolations(page);
  await menú.getByRole("link", { name: "Registrar cliente" }).click();

  // It fits a phone in Spanish: the longer words of the top bar stay on the screen, nothing scrolls sideways.
  await expect(page.getByRole("heading", { level: 1, name: "Registrar cliente" })).toBeVisible();
  const signOut = page.getByRole("button", { name: "Cerrar sesión" });
  const box = await signOut.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // An action, and its toast in Spanish.
  const form = page.getByRole("region", { name: "Nuevo cliente" });
  const lastName = uniqueName("Espanol");
  await form.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await form.getByLabel("Apellido", { exact: true }).fill(lastName);
  await form.getByLabel("Correo electrónico", { exact: true }).fill(uniqueEmail("lucia"));
  await form.getByLabel("Número de teléfono", { exact: true }).fill("5550104040");
  await form.getByLabel("Paquete", { exact: true }).selectOption("4_55");
  await form.getByRole("button", { name: "Registrar cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Contraseña temporal" });
  const password = await dialog.getByLabel(`Contraseña temporal de Lucía ${lastName}`).inputValue();
  const toast = inSpanish(() => messages.clientRegistered(password));
  expect(toast).not.toBe(messages.clientRegistered(password));
  await expect(page.getByRole("status").filter({ hasText: toast })).toBeVisible();
  await dialog.getByRole("button", { name: "Listo" }).click();

  // The Create Booking calendar speaks Spanish: its month, its weekdays, its own buttons.
  const client = await newClient({ lastName: uniqueName("Calendario"), packType: "4_60" });
  await buyPackageAsAdmin(adminPage, client, "4_60");
  await page.goto("/admin?showBooking=true");
  await expect(page.getByRole("heading", { level: 1, name: "Crear reserva" })).toBeVisible();
  await page.getByRole("combobox", { name: "Buscar clientes por nombre" }).fill(client.lastName);
  await page.getByRole("option", { name: new RegExp(client.name) }).click();
  const details = page.getByRole("region", { name: `Detalles de la reserva de ${client.name}` });
  await expect(details.getByText("Clases restantes: 4 de 4")).toBeVisible();
  await expect(details.getByRole("grid")).toHaveAccessibleName(spanishMonth);
  // The weekday row is hidden from screen readers (each day's button names its weekday): read it as seen.
  await expect(details.locator('th[aria-label="lunes"]')).toHaveText("lu");
  await expect(details.getByRole("button", { name: "Ir al mes siguiente" })).toBeVisible();
  await expect(details.getByText("0 de 4 fechas elegidas.")).toBeVisible();

  // A reload keeps it.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Crear reserva" })).toBeVisible();

  // So does a new sign-in, in a browser that never chose it (no cookie, an English browser): the choice is stored.
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/(es\/?)?$/);
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, locale: "en-US" });
  try {
    await signInOwner(accounts, fresh);
    const again = await fresh.newPage();
    await again.goto("/admin");
    await expect(again.locator("html")).toHaveAttribute("lang", "es");
    await expect(again.getByRole("heading", { level: 1, name: "Registrar cliente" })).toBeVisible();

    // Back to English: the spec's words return.
    await openDrawer(again, "Menú");
    await again.getByRole("link", { name: "English" }).click();
    await expect(again.locator("html")).toHaveAttribute("lang", "en");
    await expect(again.getByRole("heading", { level: 1, name: "Register Client" })).toBeVisible();
    await expect(again.getByRole("button", { name: "Logout" })).toBeVisible();
    await openDrawer(again, "Menu");
    await expect(again.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText(englishMenu);
    await expect(again.getByRole("link", { name: "Español" })).toBeVisible();
    expect(await storedLocale(again)).toBe("en");
  } finally {
    await fresh.close();
  }
});
