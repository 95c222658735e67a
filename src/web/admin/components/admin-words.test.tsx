import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { BookingPageResponse } from "../../../domain/bookings.ts";
import type { ClientPlan } from "../../../domain/clients.ts";
import { messages as adminEs } from "../../../locales/es/admin.ts";
import { messages as appShellEs } from "../../../locales/es/app-shell.ts";
import { messages as commonEs } from "../../../locales/es/common.ts";
import { BookingListStatus } from "./booking-list-status.tsx";
import { ClientFields } from "./client-fields.tsx";
import { PlanSummary } from "./plan-summary.tsx";

/** The page's text as a person reads it (tags dropped, one space between words). */
function text(node: ReactNode, locale: "en" | "es"): string {
  if (locale === "es") i18n.load("es", { ...commonEs, ...appShellEs, ...adminEs });
  i18n.activate(locale);
  const html = renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// Vitest's setup speaks English (test/support/english.ts), and the files after this one share its i18n.
afterEach(() => i18n.activate("en"));

describe("the admin's words in English and Spanish", () => {
  it("counts a plan's classes by each language's plural rules, the English as before", () => {
    const plan = (usedClasses: number, totalClasses: number): ClientPlan => ({
      usedClasses,
      totalClasses,
      packType: "8_55",
    });
    expect(text(<PlanSummary plan={plan(0, 8)} />, "en")).toBe("Active plan: 0 of 8 classes used");
    expect(text(<PlanSummary plan={plan(1, 1)} />, "en")).toBe("Active plan: 1 of 1 class used");
    expect(text(<PlanSummary plan={plan(2, 8)} />, "es")).toBe("Plan activo: 2 de 8 clases usadas");
    expect(text(<PlanSummary plan={plan(0, 1)} />, "es")).toBe("Plan activo: 0 de 1 clase usada");
    expect(text(<PlanSummary plan={null} />, "es")).toBe("Sin plan activo");
  });

  it("labels the client fields in the page's language, read when the form is drawn", () => {
    expect(text(<ClientFields />, "en")).toBe("First name Last name Email Phone number");
    expect(text(<ClientFields />, "es")).toBe("Nombre Apellido Correo electrónico Número de teléfono");
  });

  it("says why a booking list is empty, in Spanish too", () => {
    const data: BookingPageResponse = { items: [], page: 1, pageSize: 10, total: 0, today: "2026-03-05" };
    const status = (search: string, page: number) => (
      <BookingListStatus query={{ isError: false, data }} search={search} page={page}>
        {() => null}
      </BookingListStatus>
    );
    expect(text(status("ana", 1), "en")).toBe("No bookings match this search.");
    expect(text(status("", 1), "es")).toBe("Todavía no hay reservas.");
    expect(text(status("", 2), "es")).toBe("No hay reservas en esta página.");
    expect(text(status("ana", 1), "es")).toBe("Ninguna reserva coincide con esta búsqueda.");
  });
});
