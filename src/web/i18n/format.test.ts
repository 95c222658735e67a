import { i18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { dayPickerLocale } from "./day-picker-locale.ts";
import { capitalized, formatItemDay, monthCaption, monthName, weekdayNames } from "./format.ts";

/** The page's language for one test; the suite's setup speaks English (test/support/english.ts) and gets it back. */
const inSpanish = () => i18n.loadAndActivate({ locale: "es", messages: {} });
afterEach(() => i18n.activate("en"));

describe("formatting by the page's language", () => {
  it("names the months of the filters: January to December in English, enero to diciembre in Spanish", () => {
    expect(Array.from({ length: 12 }, (_, index) => monthName(index + 1))).toEqual([
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]);
    inSpanish();
    expect([monthName(1), monthName(3), monthName(12)]).toEqual(["enero", "marzo", "diciembre"]);
    expect(capitalized(monthName(1))).toBe("Enero");
  });

  it("gives the calendars the spec's en-US locale in English and Spanish names in Spanish", () => {
    expect(dayPickerLocale().code).toBe("en-US");
    inSpanish();
    expect(dayPickerLocale().code).toBe("es");
  });

  it("captions the client's calendar and names its weekdays from Sunday, in both languages", () => {
    expect(monthCaption("2026-11")).toBe("November 2026");
    expect(weekdayNames().map(({ short }) => short)).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);
    expect(weekdayNames()[0]?.long).toBe("Sunday");
    inSpanish();
    expect(monthCaption("2027-01")).toBe("Enero de 2027");
    expect(weekdayNames().map(({ long }) => long)).toEqual([
      "domingo",
      "lunes",
      "martes",
      "miércoles",
      "jueves",
      "viernes",
      "sábado",
    ]);
  });

  it("keeps a media item's YYYY-MM-DD day in English and writes it out in Spanish", () => {
    expect(formatItemDay("2026-03-05")).toBe("2026-03-05");
    inSpanish();
    expect(formatItemDay("2026-03-05")).toBe("5 mar 2026");
  });
});
