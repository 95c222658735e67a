/**
 * The month grid of the client's booked-days calendar and how the keyboard moves between its booked days. Days and
 * months stay strings (`YYYY-MM-DD`, `YYYY-MM`, school time from the API); the arithmetic reads them in UTC, so the
 * browser's own zone never shifts a day.
 */
import { addDays } from "../../../domain/school-day.ts";

/** The weeks a month shows: six, the most a month spans. */
export const weeksShown = 6;

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The `YYYY-MM` month of a `YYYY-MM-DD` day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The `YYYY-MM` month `by` months later (earlier when negative). */
export function addMonths(month: string, by: number): string {
  const [year, index] = month.split("-").map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(year, index - 1 + by, 1))).slice(0, 7);
}

/** A day of the grid; `inMonth` false for the month before's or after's, shown blank. */
export interface GridDay {
  day: string;
  inMonth: boolean;
}

/**
 * The month as six weeks of seven days from Sunday (in both languages: the school's Spanish-speaking families are in
 * the US, where weeks start on Sunday). Always six weeks, the most a month spans, so the calendar keeps one height
 * from month to month.
 */
export function monthWeeks(month: string): GridDay[][] {
  const first = `${month}-01`;
  const start = addDays(first, -dateOf(first).getUTCDay());
  return Array.from({ length: weeksShown }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const day = addDays(start, week * 7 + weekday);
      return { day, inMonth: monthOf(day) === month };
    }),
  );
}

/** The calendar keys that move between booked days. */
export type MoveKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End";
export const isMoveKey = (key: string): key is MoveKey =>
  ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(key);

const distance = (a: string, b: string) => Math.abs(dateOf(a).getTime() - dateOf(b).getTime());

/**
 * The booked day a key moves to from `day`, among the month's booked days (`booked`, in order); `day` itself when
 * there is none that way. Left and right: the previous and next booked day. Up and down: the same weekday a week
 * before or after if it is booked, else the booked day nearest to it on that side of `day` (the earlier of two as
 * near going up, the later going down). Home and End: the month's first and last booked day. The keys stay in the
 * month shown: its arrows change the month.
 */
export function bookedDayFrom(booked: readonly string[], day: string, key: MoveKey): string {
  const before = booked.filter((each) => each < day);
  const after = booked.filter((each) => each > day);
  const nearest = (candidates: string[], target: string) =>
    candidates.reduce<string | undefined>(
      (best, each) => (best === undefined || distance(each, target) < distance(best, target) ? each : best),
      undefined,
    );
  const moved = {
    ArrowLeft: () => before.at(-1),
    ArrowRight: () => after[0],
    // `before` runs earliest first, so a tie keeps the earlier day; `after` reversed keeps the later one.
    ArrowUp: () => nearest(before, addDays(day, -7)),
    ArrowDown: () => nearest([...after].reverse(), addDays(day, 7)),
    Home: () => booked[0],
    End: () => booked.at(-1),
  }[key]();
  return moved ?? day;
}
