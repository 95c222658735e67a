import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { messages as client } from "../../locales/es/client.ts";
import { messages as shared } from "../../locales/es/shared.ts";
import { MonthSelect } from "../components/month-year-selects.tsx";
import { Pager } from "../components/pager.tsx";
import { ClassState, DetailsLabel } from "./bookings/booked-class.tsx";
import { ClassCount } from "./payments/class-count.tsx";

/** The client's words as a Spanish page shows them; the suite's setup speaks English and gets it back. */
function spanish(node: ReactNode): string {
  i18n.load("es", { ...shared, ...client });
  i18n.activate("es");
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>);
}
afterEach(() => i18n.activate("en"));
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the client's pages in Spanish", () => {
  it("count classes by Spanish plural rules", () => {
    expect(text(spanish(<ClassCount classes={1} />))).toBe("1 clase");
    expect(text(spanish(<ClassCount classes={8} />))).toBe("8 clases");
  });

  it("name the months of the filter and the pager's page in Spanish", () => {
    const months = spanish(<MonthSelect value={null} onChange={() => {}} />);
    expect(months).toContain(">Todos los meses</option>");
    expect(months).toContain('<option value="1">Enero</option>');
    expect(months).toContain('<option value="12">Diciembre</option>');
    expect(text(spanish(<Pager page={1} pages={3} onPage={() => {}} label="Páginas" />))).toBe(
      "AnteriorPágina 1 de 3Siguiente",
    );
  });

  it("say a class's state and what a Details button opens", () => {
    expect(text(spanish(<ClassState day="2026-03-09" today="2026-03-10" />))).toBe("Completada");
    expect(text(spanish(<ClassState day="2026-03-10" today="2026-03-10" />))).toBe("Hoy");
    expect(text(spanish(<ClassState day="2026-03-11" today="2026-03-10" />))).toBe("Próxima");
    expect(text(spanish(<DetailsLabel title="Reserva de 3 clases" />))).toBe(
      "Detalles de Reserva de 3 clases",
    );
  });
});
