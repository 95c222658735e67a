import { type PackType, packName, packTypes, schoolCurrency } from "../../domain/pack-catalogue.ts";
import {
  type ExportName,
  maxReportMonths,
  monthBoundaries,
  monthsBetween,
  type ReportName,
  type ReportRangeQuery,
  type ReportsResponse,
  rateOf,
} from "../../domain/reports.ts";
import { dayInZone } from "../../domain/school-day.ts";
import { translate } from "../../domain/translate.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { type Counter, countTask } from "../db/counting.ts";
import type { Db } from "../db/database.ts";
import { keptCounts } from "../db/kept-counts.ts";
import type { Log } from "../http/log.ts";
import { paymentRows, salesByPeriod } from "../payments/service.ts";
import { type CsvCell, toCsv } from "./csv.ts";
import * as repository from "./repository.ts";

export interface ReportsDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "TZ_SCHOOL">;
  /** Where the counting runs: off the thread that serves requests on a SQLite file (docs/decisions/042). */
  counter: Counter;
  log: Log;
}

const previousMonths = (month: string, count: number): string => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};

/** The months a report covers: as asked, or the twelve up to this month. */
export function reportMonths(deps: ReportsDeps, query: ReportRangeQuery): string[] {
  const thisMonth = dayInZone(deps.clock.now(), deps.config.TZ_SCHOOL).slice(0, 7);
  const to = query.to ?? (query.from && query.from > thisMonth ? query.from : thisMonth);
  const from = query.from ?? previousMonths(to, 11);
  return monthsBetween(from, to).slice(0, maxReportMonths);
}

const lastDayOf = (month: string): string => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, "0")}`;
};

/** Every report over `months` (consecutive) as of `now`, each month present even when it counts nothing. */
export const reportsCount = countTask(
  import.meta.url,
  "reportsCount",
  async (db: Db, input: { months: string[]; now: string; timeZone: string }): Promise<ReportsResponse> => {
    const { months, timeZone } = input;
    const today = dayInZone(new Date(input.now), timeZone);
    const from = months[0] as string;
    const to = months[months.length - 1] as string;
    const days = { fromDay: `${from}-01`, toDay: lastDayOf(to), today };
    const boundaries = monthBoundaries(months, timeZone);
    const sales = await salesByPeriod(db, boundaries);
    const progress = await repository.progressByPeriod(db, boundaries);
    const attendance = new Map((await repository.attendanceByMonth(db, days)).map((row) => [row.month, row]));
    return {
      from,
      to,
      months,
      currency: schoolCurrency,
      sales: months.map((month, index) => ({ month, ...(sales[index] ?? { packages: 0, revenue: 0 }) })),
      classesByInstructor: await repository.classesByInstructor(db, days),
      attendance: months.map((month) => ({
        month,
        lessons: attendance.get(month)?.lessons ?? 0,
        cancelled: attendance.get(month)?.cancelled ?? 0,
        recorded: attendance.get(month)?.recorded ?? 0,
        attended: attendance.get(month)?.attended ?? 0,
      })),
      progress: months.map((month, index) => ({
        month,
        ...(progress[index] ?? { skillsMastered: 0, levelsPassed: 0 }),
      })),
      countedAt: input.now,
    };
  },
);

/** How long a counting of the reports over one range is served as it is (at 100,000 households: seconds). */
export const reportsTtlMs = 60_000;

/**
 * The reports over `months`, each range counted at most once a minute per instance (docs/decisions/035); after the
 * minute the page is answered with the last counting while the next one runs, a CSV waits for it
 * (db/kept-counts.ts, docs/decisions/042).
 */
export function createReports(deps: ReportsDeps) {
  const kept = keptCounts<ReportsResponse>({
    what: "reports",
    freshForMs: reportsTtlMs,
    maxKeys: 100,
    log: deps.log,
  });
  return (months: string[], { download }: { download: boolean }): Promise<ReportsResponse> => {
    const now = deps.clock.now();
    const timeZone = deps.config.TZ_SCHOOL;
    const key = `${months[0]} ${months[months.length - 1]} ${dayInZone(now, timeZone)}`;
    const count = () => deps.counter.count(reportsCount, { months, now: now.toISOString(), timeZone });
    return kept(key, now, count, { fresh: false, stale: !download });
  };
}

/** A share of 1 as a percentage with one decimal, for a spreadsheet; empty when there was nothing to count. */
const percent = (part: number, whole: number): CsvCell => {
  const rate = rateOf(part, whole);
  return rate === null ? null : Math.round(rate * 1000) / 10;
};

const yesNo = (value: boolean) =>
  value
    ? translate(/*i18n*/ { id: "csv.yes", message: "Yes" })
    : translate(/*i18n*/ { id: "csv.no", message: "No" });

const packLabel = (packType: string | null) =>
  packType && (packTypes as readonly string[]).includes(packType) ? packName(packType as PackType) : packType;

const words = {
  month: () => translate(/*i18n*/ { id: "csv.month", message: "Month" }),
  instructor: () => translate(/*i18n*/ { id: "csv.instructor", message: "Instructor" }),
  noInstructor: () => translate(/*i18n*/ { id: "csv.noInstructor", message: "No instructor" }),
  household: () => translate(/*i18n*/ { id: "csv.household", message: "Household" }),
  email: () => translate(/*i18n*/ { id: "csv.email", message: "Email" }),
  package: () => translate(/*i18n*/ { id: "csv.package", message: "Package" }),
  money: (label: string) =>
    translate(
      /*i18n*/ {
        id: "csv.money",
        message: "{label} ({currency})",
        values: { label, currency: schoolCurrency },
      },
    ),
};

/** A report as CSV (src/server/reports/csv.ts), its header in the reader's language. */
export async function reportCsv(report: ReportsResponse, name: ReportName): Promise<string> {
  switch (name) {
    case "sales":
      return toCsv(
        [
          words.month(),
          translate(/*i18n*/ { id: "csv.packagesSold", message: "Packages sold" }),
          words.money(translate(/*i18n*/ { id: "csv.revenue", message: "Revenue" })),
        ],
        report.sales.map((row) => [row.month, row.packages, row.revenue]),
      );
    case "classes":
      return toCsv(
        [
          words.month(),
          words.instructor(),
          translate(/*i18n*/ { id: "csv.classesTaught", message: "Classes taught" }),
        ],
        report.classesByInstructor.map((row) => [
          row.month,
          row.instructorName ?? words.noInstructor(),
          row.classes,
        ]),
      );
    case "attendance":
      return toCsv(
        [
          words.month(),
          translate(/*i18n*/ { id: "csv.lessons", message: "Lessons" }),
          translate(/*i18n*/ { id: "csv.cancelled", message: "Cancelled" }),
          translate(/*i18n*/ { id: "csv.cancellationRate", message: "Cancellation rate (%)" }),
          translate(/*i18n*/ { id: "csv.recorded", message: "Swimmers recorded" }),
          translate(/*i18n*/ { id: "csv.attended", message: "Attended" }),
          translate(/*i18n*/ { id: "csv.attendanceRate", message: "Attendance rate (%)" }),
        ],
        report.attendance.map((row) => [
          row.month,
          row.lessons,
          row.cancelled,
          percent(row.cancelled, row.lessons),
          row.recorded,
          row.attended,
          percent(row.attended, row.recorded),
        ]),
      );
    case "progress":
      return toCsv(
        [
          words.month(),
          translate(/*i18n*/ { id: "csv.skillsMastered", message: "Skills mastered" }),
          translate(/*i18n*/ { id: "csv.levelsPassed", message: "Levels passed" }),
        ],
        report.progress.map((row) => [row.month, row.skillsMastered, row.levelsPassed]),
      );
  }
}

/** The clients, bookings or payments list as CSV. */
export async function exportCsv(deps: ReportsDeps, name: ExportName): Promise<string> {
  const { db } = deps;
  const timeZone = deps.config.TZ_SCHOOL;
  const day = (iso: string | null) => (iso ? dayInZone(new Date(iso), timeZone) : null);
  switch (name) {
    case "clients":
      return toCsv(
        [
          translate(/*i18n*/ { id: "csv.firstName", message: "First name" }),
          translate(/*i18n*/ { id: "csv.lastName", message: "Last name" }),
          words.email(),
          translate(/*i18n*/ { id: "csv.phone", message: "Phone" }),
          translate(/*i18n*/ { id: "csv.address", message: "Address" }),
          words.package(),
          translate(/*i18n*/ { id: "csv.swimmers", message: "Swimmers" }),
          translate(/*i18n*/ { id: "csv.registered", message: "Registered" }),
        ],
        (await repository.clientRows(db)).map((row) => [
          row.firstName,
          row.lastName,
          row.email,
          row.phoneNumber,
          row.address,
          packLabel(row.defaultPackType),
          row.swimmers,
          day(row.createdAt),
        ]),
      );
    case "bookings":
      return toCsv(
        [
          translate(/*i18n*/ { id: "csv.booking", message: "Booking" }),
          words.household(),
          translate(/*i18n*/ { id: "csv.title", message: "Title" }),
          translate(/*i18n*/ { id: "csv.date", message: "Date" }),
          translate(/*i18n*/ { id: "csv.time", message: "Time" }),
          words.instructor(),
          translate(/*i18n*/ { id: "csv.cancelled", message: "Cancelled" }),
          translate(/*i18n*/ { id: "csv.paid", message: "Paid" }),
        ],
        (await repository.bookingRows(db)).map((row) => [
          row.bookingId,
          row.householdName,
          row.title,
          row.date,
          row.startTime,
          row.instructorName,
          yesNo(row.cancelled),
          yesNo(row.paid),
        ]),
      );
    case "payments":
      return toCsv(
        [
          words.household(),
          words.email(),
          words.package(),
          translate(/*i18n*/ { id: "csv.classes", message: "Classes" }),
          words.money(translate(/*i18n*/ { id: "csv.price", message: "Price" })),
          translate(/*i18n*/ { id: "csv.paidOn", message: "Paid on" }),
          translate(/*i18n*/ { id: "csv.payment", message: "Payment" }),
        ],
        (await paymentRows(db)).map((row) => [
          row.householdName,
          row.email,
          packLabel(row.packType),
          row.classes,
          row.amount,
          day(row.paidAt),
          row.kind === "renewal"
            ? translate(/*i18n*/ { id: "csv.renewal", message: "Renewal" })
            : translate(/*i18n*/ { id: "csv.purchase", message: "Purchase" }),
        ]),
      );
  }
}
