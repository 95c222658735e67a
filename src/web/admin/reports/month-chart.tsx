import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  /** One value a month; null: nothing to show that month (a rate of nothing). */
  values: (number | null)[];
}

const colors = ["#0b5cad", "#c2410c", "#15803d", "#7c3aed", "#be123c", "#0e7490", "#a16207", "#4b5563"];

/**
 * A chart of values by month, drawn by uPlot (docs/decisions/035): bars for one series, lines for several. It is a
 * picture for the eye only (hidden from screen readers): the table under it holds the same figures.
 */
export function MonthChart({
  months,
  labels,
  series,
  kind,
}: {
  months: readonly string[];
  /** How each month is written on the axis. */
  labels: readonly string[];
  series: readonly ChartSeries[];
  kind: "bars" | "lines";
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || months.length === 0 || series.length === 0) return;
    const width = () => Math.max(260, Math.floor(element.getBoundingClientRect().width));
    const bars = kind === "bars" ? uPlot.paths.bars?.({ size: [0.6, 48] }) : undefined;
    const chart = new uPlot(
      {
        width: width(),
        height: 240,
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: false, range: () => [-0.5, months.length - 0.5] },
          y: { range: (_chart, _min, max) => [0, Math.max(1, max) * 1.1] },
        },
        axes: [
          {
            space: 44,
            incrs: [1, 2, 3, 6, 12],
            values: (_chart, splits) => splits.map((split) => labels[split] ?? ""),
          },
          { size: 56 },
        ],
        series: [
          {},
          ...series.map((each, index) => {
            const color = colors[index % colors.length] as string;
            return {
              label: each.label,
              stroke: color,
              width: 2,
              ...(bars
                ? { fill: `${color}cc`, paths: bars, points: { show: false } }
                : { points: { show: true, size: 6 } }),
            };
          }),
        ],
      },
      [months.map((_, index) => index), ...series.map((each) => each.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: 240 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [months, labels, series, kind]);
  return (
    <div className="month-chart">
      <div ref={box} className="month-chart__canvas" aria-hidden="true" />
      {series.length > 1 && (
        <ul className="month-chart__legend" aria-hidden="true">
          {series.map((each, index) => (
            <li key={each.label}>
              <span className="month-chart__swatch" style={{ background: colors[index % colors.length] }} />
              {each.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
