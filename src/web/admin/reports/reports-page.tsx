import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useCallback, useId, useMemo, useState } from "react";
import { formatPrice } from "../../../domain/pack-catalogue.ts";
import {
  maxReportMonths,
  monthInputType,
  monthPattern,
  monthsBetween,
  type ReportsResponse,
  rateOf,
} from "../../../domain/reports.ts";
import { errorMessageOf } from "../../api/http.ts";
import { CountedAt } from "../components/counted-at.tsx";
import { exportCsvPath, type MonthRange, reportCsvPath, useReports } from "./api.ts";
import { MonthChart } from "./month-chart.tsx";
import "./reports.css";

/**
 * /reports (issue 30, docs/decisions/035), the owner's: sales, classes by instructor, attendance and cancellations,
 * and progress by month over a range of months, each a chart with its table (the table is the accessible form) and
 * its CSV; then the clients, bookings and payments lists as CSV.
 */
export function ReportsPage() {
  const { t } = useLingui();
  const [range, setRange] = useState<MonthRange | null>(null);
  const reports = useReports(range);
  return (
    <section className="admin-page admin-page--wide reports" aria-busy={reports.isFetching}>
      <h1>
        <Trans>Reports</Trans>
      </h1>
      {reports.data && <RangeForm shown={reports.data} onChoose={setRange} />}
      {reports.isPending ? (
        <p role="status">
          <Trans>Loading the reports…</Trans>
        </p>
      ) : reports.isError ? (
        <div className="admin-form__error" role="alert">
          <p>
            {t`Could not load the reports.`} {errorMessageOf(reports.error)}
          </p>
          <button type="button" className="admin-button" onClick={() => void reports.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <Reports data={reports.data} />
      )}
      <Exports />
    </section>
  );
}

function RangeForm({ shown, onChoose }: { shown: ReportsResponse; onChoose: (range: MonthRange) => void }) {
  const { t } = useLingui();
  const fromId = useId();
  const toId = useId();
  const errorId = useId();
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!monthPattern.test(from) || !monthPattern.test(to)) {
      setError(t`Choose a month for both ends of the range.`);
      return;
    }
    if (from > to || monthsBetween(from, to).length > maxReportMonths) {
      setError(t`The range starts on or before its end, and spans at most ${maxReportMonths} months.`);
      return;
    }
    setError(null);
    onChoose({ from, to });
  };
  return (
    <form
      className="reports__range"
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
    >
      <div className="field">
        <label htmlFor={fromId}>{t`From`}</label>
        <input
          id={fromId}
          type={monthInputType}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          required
        />
      </div>
      <div className="field">
        <label htmlFor={toId}>{t`To`}</label>
        <input
          id={toId}
          type={monthInputType}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          required
        />
      </div>
      <button type="submit" className="admin-button">
        {t`Show`}
      </button>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function useMonthLabel() {
  const { i18n } = useLingui();
  return useCallback(
    (month: string, style: "short" | "long" = "short") =>
      new Date(`${month}-15T12:00:00Z`).toLocaleDateString(i18n.locale, {
        month: style,
        year: style === "short" ? "2-digit" : "numeric",
        timeZone: "UTC",
      }),
    [i18n.locale],
  );
}

const percentText = (part: number, whole: number) => {
  const rate = rateOf(part, whole);
  return rate === null ? "–" : `${Math.round(rate * 1000) / 10} %`;
};

function Reports({ data }: { data: ReportsResponse }) {
  const { t } = useLingui();
  const label = useMonthLabel();
  const range = { from: data.from, to: data.to };
  const labels = useMemo(() => data.months.map((month) => label(month)), [data.months, label]);
  const instructors = useMemo(() => {
    const names = new Map<string, string>();
    for (const row of data.classesByInstructor)
      names.set(row.instructorId ?? "", row.instructorName ?? t`No instructor`);
    return [...names];
  }, [data.classesByInstructor, t]);
  const classesOf = useCallback(
    (id: string, month: string) =>
      data.classesByInstructor.find((row) => (row.instructorId ?? "") === id && row.month === month)
        ?.classes ?? 0,
    [data.classesByInstructor],
  );
  const charts = useMemo(
    () => ({
      sales: [{ label: t`Revenue`, values: data.sales.map((row) => row.revenue) }],
      classes: instructors.map(([id, name]) => ({
        label: name,
        values: data.months.map((month) => classesOf(id, month)),
      })),
      attendance: [
        {
          label: t`Attendance rate`,
          values: data.attendance.map((row) => {
            const rate = rateOf(row.attended, row.recorded);
            return rate === null ? null : Math.round(rate * 1000) / 10;
          }),
        },
        {
          label: t`Cancellation rate`,
          values: data.attendance.map((row) => {
            const rate = rateOf(row.cancelled, row.lessons);
            return rate === null ? null : Math.round(rate * 1000) / 10;
          }),
        },
      ],
      progress: [
        { label: t`Skills mastered`, values: data.progress.map((row) => row.skillsMastered) },
        { label: t`Levels passed`, values: data.progress.map((row) => row.levelsPassed) },
      ],
    }),
    [data, instructors, classesOf, t],
  );
  return (
    <>
      <p className="reports__note">
        <CountedAt at={data.countedAt} />
      </p>
      <Report
        id="report-sales"
        title={t`Revenue and packages sold`}
        csv={reportCsvPath("sales", range)}
        chart={<MonthChart months={data.months} labels={labels} series={charts.sales} kind="bars" />}
        head={[t`Month`, t`Packages sold`, t`Revenue`]}
        rows={data.sales.map((row) => [label(row.month, "long"), row.packages, formatPrice(row.revenue)])}
      />
      <Report
        id="report-classes"
        title={t`Classes taught by instructor`}
        csv={reportCsvPath("classes", range)}
        chart={
          instructors.length === 0 ? null : (
            <MonthChart
              months={data.months}
              labels={labels}
              series={charts.classes}
              kind={instructors.length > 1 ? "lines" : "bars"}
            />
          )
        }
        head={[t`Month`, ...instructors.map(([, name]) => name)]}
        rows={data.months.map((month) => [
          label(month, "long"),
          ...instructors.map(([id]) => classesOf(id, month)),
        ])}
        empty={instructors.length === 0 ? t`No class taught in these months.` : undefined}
      />
      <Report
        id="report-attendance"
        title={t`Attendance and cancellations`}
        csv={reportCsvPath("attendance", range)}
        chart={<MonthChart months={data.months} labels={labels} series={charts.attendance} kind="lines" />}
        head={[
          t`Month`,
          t`Lessons`,
          t`Cancelled`,
          t`Cancellation rate`,
          t`Swimmers recorded`,
          t`Attended`,
          t`Attendance rate`,
        ]}
        rows={data.attendance.map((row) => [
          label(row.month, "long"),
          row.lessons,
          row.cancelled,
          percentText(row.cancelled, row.lessons),
          row.recorded,
          row.attended,
          percentText(row.attended, row.recorded),
        ])}
      />
      <Report
        id="report-progress"
        title={t`Skills mastered and levels passed`}
        csv={reportCsvPath("progress", range)}
        chart={<MonthChart months={data.months} labels={labels} series={charts.progress} kind="lines" />}
        head={[t`Month`, t`Skills mastered`, t`Levels passed`]}
        rows={data.progress.map((row) => [label(row.month, "long"), row.skillsMastered, row.levelsPassed])}
      />
    </>
  );
}

function Report({
  id,
  title,
  csv,
  chart,
  head,
  rows,
  empty,
}: {
  id: string;
  title: string;
  csv: string;
  chart: ReactNode;
  head: string[];
  rows: (string | number)[][];
  empty?: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={id} className="admin-card reports__report">
      <div className="reports__report-head">
        <h2 id={id}>{title}</h2>
        <a className="admin-button admin-button--secondary admin-button--small" href={csv} download>
          {t`Download CSV`}
          <span className="visually-hidden">: {title}</span>
        </a>
      </div>
      {empty ? (
        <p className="reports__empty">{empty}</p>
      ) : (
        <>
          {chart}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls sideways, by keyboard too */}
          <section className="reports__table-scroll" tabIndex={0} aria-label={title}>
            <table className="reports__table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {head.map((cell, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are its positions
                    <th key={index} scope="col">
                      {cell}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, index) =>
                      index === 0 ? (
                        <th key="row-head" scope="row">
                          {cell}
                        </th>
                      ) : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are its positions
                        <td key={index}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}

function Exports() {
  const { t } = useLingui();
  const lists = [
    { name: "clients", label: t`Clients` },
    { name: "bookings", label: t`Bookings` },
    { name: "payments", label: t`Payments` },
  ];
  return (
    <section aria-labelledby="reports-exports" className="admin-card reports__report">
      <h2 id="reports-exports">{t`Lists as CSV`}</h2>
      <p className="reports__empty">
        <Trans>Each list whole, for a spreadsheet: UTF-8, formulas neutralised.</Trans>
      </p>
      <ul className="reports__exports">
        {lists.map((list) => (
          <li key={list.name}>
            <a className="admin-button admin-button--secondary" href={exportCsvPath(list.name)} download>
              {t`Download CSV`}
              <span>: {list.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
