import { localeTags } from "./locale.ts";
import { readerLocale } from "./translate.ts";
/**
 * Days as the school counts them: `YYYY-MM-DD` strings in the school's time zone (TZ_SCHOOL). A class is used once
 * its day is past in that zone, whatever the server's or the browser's own zone is.
 */

export const isoDayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isIsoDay(value: string): boolean {
  if (!isoDayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return date.toISOString().slice(0, 10) === value;
}

/**
 * One formatter per language, zone and form, kept: building an Intl.DateTimeFormat costs far more than formatting
 * with one, and "today" is asked on every request of the booking pages, a month's name on every calendar drawn.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** dayInZone's formatter by zone: asked for each assessment of a /progress answer, so found without a key to build. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Each zone's last answer, by the minute it was for: most calls ask for now, several times a request, and formatting
 * a date costs more than the rest of a small read's own work. Zones change day on a minute's boundary (their
 * offsets have been whole minutes since 1972).
 */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The day `moment` falls on in `timeZone`. */
export function dayInZone(moment: Date, timeZone: string): string {
  const minute = Math.floor(moment.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let days = dayFormatters.get(timeZone);
  if (!days) {
    // en-CA formats as YYYY-MM-DD.
    days = formatter("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, days);
  }
  const day = days.format(moment);
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** The hour (0–23) `moment` falls on in `timeZone`. */
export function hourInZone(moment: Date, timeZone: string): number {
  return Number(formatter("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(moment));
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * True once `day` has come: it is `today` (the school's, dayInZone with TZ_SCHOOL) or before. A class has taken
 * place, or takes place today, and can have feedback; a later day is upcoming.
 */
export const hasDayCome = (day: string, today: string): boolean => day <= today;

/** `day` moved by `days` (negative goes back), still YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * "March 5, 2026" in English, "5 de marzo de 2026" in Spanish (the reader's language: domain/translate.ts), for
 * pages, mails and popups; the day is read as written, in no time zone.
 */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: "long" }): string {
  return formatter(localeTags[readerLocale()], { ...options, timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
