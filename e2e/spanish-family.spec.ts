import { i18n } from "@lingui/core";
import type { Page } from "@playwright/test";
import type { ClientBookingsResponse, SaveBookingResponse } from "../src/domain/bookings.ts";
import { messages } from "../src/domain/messages.ts";
import { addDays } from "../src/domain/school-day.ts";
import { messages as spanishAppShell } from "../src/locales/es/app-shell.ts";
import { messages as spanishCommon } from "../src/locales/es/common.ts";
import { e2eControlUrl } from "./e2e-env.ts";
import { expect, test, uniqueName } from "./fixtures.ts";
import { expectNoSeriousA11yViolations, receivedMail } from "./support.ts";

/**
 * A family that reads Spanish, on a phone (issue 25): the parent signs in, picks Español with the language switch,
 * buys a package, follows /progress and /feedback with Spanish month names, and gets the class reminder in Spanish.
 * Dates are today, tomorrow and a week later (school time, from the API), so no assertion depends on today's date.
 */

/** A spec message from src/domain as a Spanish page shows it (the test process itself reads them in English). */
function inSpanish(read: () => string): string {
  i18n.load("es", { ...spanishCommon, ...spanishAppShell });
  i18n.activate("es");
  try {
    return read();
  } finally {
    i18n.activate("en");
  }
}

/** A day as a Spanish page writes it, e.g. { month: "long" } → "marzo". */
const spanishDay = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("es-US", { ...options, timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

/** Signs in through the Login dialog, from the phone's menu, as a parent does. */
async function signInFromTheMenu(page: Page, account: { email: string; password: string }) {
  await page.goto("/services");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog", { name: "Login" });
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/client-panel$/);
}

/** The language switch, in the header or behind the phone's menu button. */
async function chooseSpanish(page: Page) {
  const spanish = page.getByRole("link", { name: "Español" });
  if (!(await spanish.isVisible())) await page.getByRole("button", { name: "Open menu" }).click();
  await spanish.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

/** A mail's Subject header as a mail program shows it (RFC 2047 words decoded, folded lines joined). */
function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0] ?? "";
  const line = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(header)?.[1] ?? "";
  return line
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuoted(text),
    )
    .trim();
}

/** Quoted-printable text of an encoded word: "_" is a space, "=C3=B1" are the bytes of "ñ". */
function decodeQuoted(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === "=" && /^[0-9a-f]{2}$/i.test(text.slice(index + 1, index + 3))) {
      bytes.push(Number.parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(char === "_" ? 0x20 : char.charCodeAt(0));
  }
  return Buffer.from(bytes).toString("utf8");
}

test("a parent who reads Spanish buys a package, follows progress and feedback with Spanish months, and gets the reminder in Spanish", {
  tag: "@mobile-only",
}, async ({ page, newClient, adminApi }) => {
  // A whole journey (sign-in, a checkout, five page loads, a mail): 15 to 25 s alone, past 60 s on two cores
  // shared with the rest of the run.
  test.slow();
  const parent = await newClient({ firstName: "Lucia", lastName: uniqueName("Familia"), packType: "4_60" });

  await signInFromTheMenu(page, parent);
  await chooseSpanish(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `¡Te damos la bienvenida, ${parent.name}!`,
  );
  const session = (await (await page.request.get("/api/session")).json()) as { user: { locale: string } };
  expect(session.user.locale).toBe("es");

  // The package, in Spanish and in dollars.
  await page.goto("/payments");
  await expect(page.getByRole("heading", { level: 1, name: "Elige tu paquete de clases" })).toBeVisible();
  const box = page.getByRole("region", { name: "Tu suscripción" });
  await expect(box).toContainText("No tienes ninguna suscripción activa");
  const card = page.getByRole("region", { name: "Tu paquete" }).getByRole("listitem");
  await expect(card).toContainText("4 clases");
  await expect(card).toContainText("$240");
  await expect(card).toContainText("$60 por clase · clases de 30 minutos");
  await expectNoSeriousA11yViolations(page);
  await card.getByRole("button", { name: "Comprar este paquete" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "4 clases" })).toBeVisible();
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  const thanks = page.getByRole("dialog", { name: "¡Gracias!" });
  await expect(thanks).toContainText(inSpanish(() => messages.subscriptionSuccessful));
  await thanks.getByRole("button", { name: "Aceptar" }).click();
  await expect(box).toContainText("0 de 4 clases usadas");

  // The instructor books today, tomorrow and a week later, and writes about today's class (feedback is written from
  // a class's day on).
  const bookings = await adminApi.get(`/api/clients/${parent.id}/bookings`);
  const { today } = (await bookings.json()) as ClientBookingsResponse;
  const tomorrow = addDays(today, 1);
  const dates = [today, tomorrow, addDays(today, 8)];
  const saved = await adminApi.post("/api/bookings", { data: { clientId: parent.id, dates } });
  expect(saved.ok(), await saved.text()).toBe(true);
  const { booking } = (await saved.json()) as SaveBookingResponse;
  const feedback = `¡Muy bien las patadas, ${parent.firstName}!`;
  const written = await adminApi.put(`/api/bookings/${booking.id}/feedback`, {
    data: { feedbacks: { [today]: feedback } },
  });
  expect(written.ok()).toBe(true);

  // /progress: the calendar names today's month and the weekdays in Spanish; the counts read as Spanish does.
  await page.goto("/progress");
  await expect(page.getByRole("heading", { level: 1, name: "Progreso de clases" })).toBeVisible();
  const month = new RegExp(`^${spanishDay(today, { month: "long" })} (de )?${today.slice(0, 4)}$`, "i");
  await expect(page.locator(".booked-calendar__caption")).toHaveText(month);
  const calendar = page.getByRole("grid", { name: month });
  await expect(
    calendar.getByRole("gridcell", { name: spanishDay(today, { dateStyle: "full" }) }),
  ).toBeAttached();
  await expect(page.getByText("0 de 4 completadas")).toBeVisible();
  await expect(page.getByText("3 próximas; queda 1 por reservar.")).toBeVisible();
  const classes = page.getByRole("region", { name: "Tus clases" });
  await expect(
    classes.getByRole("listitem").getByText(spanishDay(tomorrow, { dateStyle: "full" })),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await classes.getByRole("button", { name: /^Detalles de / }).click();
  const details = page.getByRole("dialog", { name: "Detalles de la reserva" });
  await expect(details).toContainText("Pagada: Sí");
  await details.getByRole("button", { name: "Cerrar" }).click();

  // /feedback: the month filter offers the months in Spanish; each date button shows a Spanish month.
  await page.goto("/feedback");
  await expect(page.getByRole("heading", { level: 1, name: "Ver comentarios" })).toBeVisible();
  const months = page.getByLabel("Mes").locator("option");
  await expect(months).toHaveCount(13);
  await expect(months.nth(0)).toHaveText("Todos los meses");
  await expect(months.nth(1)).toHaveText("Enero");
  await expect(months.nth(12)).toHaveText("Diciembre");
  await expect(page.getByLabel("Año").locator("option").first()).toHaveText("Todos los años");
  const longDay = spanishDay(today, { dateStyle: "long" });
  const dayButton = page.getByRole("button", { name: `${longDay}, tiene comentarios` });
  await expect(dayButton).toContainText(spanishDay(today, { month: "short" }));
  await expectNoSeriousA11yViolations(page);
  await page
    .getByLabel("Mes")
    .selectOption({ label: spanishDay(today, { month: "long" }).replace(/^./, (c) => c.toUpperCase()) });
  await expect(dayButton).toBeVisible();
  await dayButton.click();
  const note = page.getByRole("dialog", { name: longDay });
  await expect(note).toContainText(feedback);
  await note.getByRole("button", { name: "Cerrar" }).click();

  // Tomorrow's class reminder goes out in the language the parent chose.
  const sweep = await fetch(`${e2eControlUrl}/reminders/sweep`, { method: "POST" });
  expect(sweep.ok).toBe(true);
  await expect
    .poll(async () =>
      (await receivedMail())
        .filter((mail) => mail.to.includes(parent.email))
        .map((mail) => subjectOf(mail.raw)),
    )
    .toContain("Recordatorio: tu clase de natación es mañana");
});
