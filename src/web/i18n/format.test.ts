import { i18n } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { dayPickerLocale } from "./day-picker-locale.ts";
import { capitalized, formatItemDay, monthName } from "./format.ts";

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

  it("keeps a media item's YYYY-MM-DD day in English and writes it out in Spanish", () => {
    expect(formatItemDay("2026-03-05")).toBe("2026-03-05");
    inSpanish();
    expect(formatItemDay("2026-03-05")).toBe("5 mar 2026");
  });
});
