import { localeTags } from "../../domain/locale.ts";
import { formatDay, formatter } from "../../domain/school-day.ts";
import { readerLocale } from "../../domain/translate.ts";

/**
 * Formats by the page's language (domain/translate.ts). Days as the reader writes them come from
 * `formatDay` (domain/school-day.ts) and amounts from `formatPrice` (domain/pack-catalogue.ts); these are the
 * browser-only pieces: month names for the filters, the client's calendar and moments. The admin's calendars' own
 * locale is in day-picker-locale.ts, apart: it brings date-fns' words of both languages, which only they need.
 */

/** "January" … "December" (month 1 to 12), "enero" … "diciembre" in Spanish. */
export function monthName(month: number): string {
  return formatter(localeTags[readerLocale()], { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2026, month - 1, 1)),
  );
}

/** "November 2026", "Noviembre de 2026" in Spanish: a calendar's caption for a `YYYY-MM` month. */
export function monthCaption(month: string): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return capitalized(
    formatter(localeTags[readerLocale()], {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(Date.UTC(year, index - 1, 1))),
  );
}

/**
 * The weekdays from Sunday as a calendar's column heads: `short` ("Sun", "dom") shown, `long` ("Sunday", "domingo")
 * for screen readers.
 */
export function weekdayNames(): { short: string; long: string }[] {
  const names = (weekday: "short" | "long") =>
    formatter(localeTags[readerLocale()], { weekday, timeZone: "UTC" });
  const [short, long] = [names("short"), names("long")];
  // 2026-03-01 is a Sunday.
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 2, 1 + index));
    return { short: short.format(date), long: long.format(date) };
  });
}

/** Capitalized as a list item or a heading: "Enero" (Spanish writes month names in lower case inside sentences). */
export const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** "Mar 5, 2026, 4:30 PM", or "5 mar 2026, 4:30 p.m." in Spanish: a moment, such as when a mail was sent. */
export function formatMoment(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
): string {
  return formatter(localeTags[readerLocale()], options).format(date);
}

/**
 * A milestone's or gallery item's day as its tile and preview name it: the spec's YYYY-MM-DD in English (spec §2:
 * "Image with date"), "5 mar 2026" in Spanish, where a YYYY-MM-DD day reads as a foreign notation.
 */
export const formatItemDay = (day: string): string =>
  readerLocale() === "en" ? day : formatDay(day, { dateStyle: "medium" });
