import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { messages as client } from "../../../locales/es/client.ts";
import { messages as shared } from "../../../locales/es/shared.ts";
import { BookedCalendar } from "./booked-calendar.tsx";
import { addMonths, bookedDayFrom, monthWeeks } from "./booked-month.ts";

// The suite runs in Node without a DOM: the calendar's markup is read here, and pressing a day, the arrows and the
// keys in a browser by e2e/bookings-client.spec.ts; the moves themselves are booked-month.ts's, tested below.
const render = (bookedDays: string[], today = "2026-11-27") =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <BookedCalendar bookedDays={bookedDays} today={today} onOpenDay={() => {}} />
    </I18nProvider>,
  );
const inSpanish = (markup: () => string) => {
  i18n.load("es", { ...shared, ...client });
  i18n.activate("es");
  return markup();
};
afterEach(() => i18n.activate("en"));

const attribute = (markup: string, name: string) =>
  [...markup.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((match) => match[1] ?? "");
const booked = ["2026-11-03", "2026-11-27", "2026-12-01"];

describe("the client's booked-days calendar", () => {
  it("opens on today's month with its caption, the weekdays from Sunday and six weeks", () => {
    const markup = render(booked);
    expect(markup).toMatch(/role="status"[^>]*>November 2026</);
    expect(markup).toMatch(/<table role="grid" aria-labelledby="([^"]+)"/);
    expect(attribute(markup, 'scope="col" aria-label')).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(markup.match(/<tr>/g)).toHaveLength(7);
    expect(attribute(markup, "aria-label").filter((label) => label.startsWith("Go to"))).toEqual([
      "Go to the Previous Month",
      "Go to the Next Month",
    ]);
  });

  it("makes only the month's booked days buttons, named by their full date, one of them in the tab order", () => {
    const markup = render(booked);
    expect(markup.match(/<button[^>]*class="booked-calendar__button"/g)).toHaveLength(2);
    expect(markup.match(/class="[^"]*calendar-booked/g)).toHaveLength(2);
    expect(attribute(markup, "aria-label").filter((label) => label.endsWith(", booked class"))).toEqual([
      "Tuesday, November 3, 2026, booked class",
      "Friday, November 27, 2026, booked class",
    ]);
    // Today's class is the tab stop: the first booked day from today on.
    expect(markup).toContain('aria-label="Friday, November 27, 2026, booked class" tabindex="0"');
    expect(markup).toContain('aria-label="Tuesday, November 3, 2026, booked class" tabindex="-1"');
    expect(markup).toMatch(/<td class="[^"]*booked-calendar__today" aria-current="date">/);
    expect(markup).toContain(
      'aria-label="Monday, November 2, 2026"><span class="booked-calendar__number">2</span>',
    );
  });

  it("speaks Spanish: caption, weekdays and booked days, weeks still from Sunday", () => {
    const markup = inSpanish(() => render(booked));
    expect(markup).toMatch(/role="status"[^>]*>Noviembre de 2026</);
    expect(attribute(markup, 'scope="col" aria-label')[0]).toBe("domingo");
    expect(attribute(markup, "aria-label")).toContain("Ir al mes siguiente");
    expect(attribute(markup, "aria-label")).toContain("Ir al mes anterior");
    expect(attribute(markup, "aria-label")).toContain("viernes, 27 de noviembre de 2026, clase reservada");
  });
});

describe("the calendar's month", () => {
  it("lays a month out in six weeks from Sunday, the days of the months around it apart", () => {
    const weeks = monthWeeks("2026-02");
    expect(weeks).toHaveLength(6);
    // February 2026 starts on a Sunday and fills four weeks exactly.
    expect(weeks[0]?.[0]).toEqual({ day: "2026-02-01", inMonth: true });
    expect(weeks[3]?.[6]).toEqual({ day: "2026-02-28", inMonth: true });
    expect(weeks[4]?.every(({ inMonth }) => !inMonth)).toBe(true);
    const november = monthWeeks("2026-11").flat();
    expect(november.filter(({ inMonth }) => inMonth)).toHaveLength(30);
    expect(monthWeeks("2026-08")[5]?.[1]).toEqual({ day: "2026-08-31", inMonth: true });
  });

  it("moves across years", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
  });

  it("moves the keyboard between booked days only", () => {
    const days = ["2026-11-03", "2026-11-10", "2026-11-12", "2026-11-20", "2026-11-27"];
    expect(bookedDayFrom(days, "2026-11-10", "ArrowRight")).toBe("2026-11-12");
    expect(bookedDayFrom(days, "2026-11-10", "ArrowLeft")).toBe("2026-11-03");
    expect(bookedDayFrom(days, "2026-11-27", "ArrowRight")).toBe("2026-11-27");
    expect(bookedDayFrom(days, "2026-11-03", "ArrowLeft")).toBe("2026-11-03");
    // Down: the same weekday a week later when booked, else the booked day nearest to it, later.
    expect(bookedDayFrom(days, "2026-11-03", "ArrowDown")).toBe("2026-11-10");
    expect(bookedDayFrom(days, "2026-11-12", "ArrowDown")).toBe("2026-11-20");
    expect(bookedDayFrom(days, "2026-11-20", "ArrowDown")).toBe("2026-11-27");
    expect(bookedDayFrom(days, "2026-11-27", "ArrowDown")).toBe("2026-11-27");
    // Up: a week earlier when booked, else the nearest earlier one.
    expect(bookedDayFrom(days, "2026-11-10", "ArrowUp")).toBe("2026-11-03");
    expect(bookedDayFrom(days, "2026-11-20", "ArrowUp")).toBe("2026-11-12");
    expect(bookedDayFrom(days, "2026-11-03", "ArrowUp")).toBe("2026-11-03");
    expect(bookedDayFrom(days, "2026-11-12", "Home")).toBe("2026-11-03");
    expect(bookedDayFrom(days, "2026-11-12", "End")).toBe("2026-11-27");
  });
});
