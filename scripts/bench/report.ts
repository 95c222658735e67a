/**
 * The bench's tables: every figure of a run by engine and size, then issue 31's table (one row per route, one
 * column per engine, at each size) with the rows that miss its bars marked, and how each search grows with size.
 */
import { p99Bar, type RouteKind, ratioBar, routes, searchGrowthBar } from "./routes.ts";

export type Engine = "sqlite" | "postgres";

export interface Figure {
  engine: Engine;
  clients: number;
  bookings: number;
  route: string;
  requestsPerSecond: number;
  /** Answered in the whole load (a route slower than the load's duration answers none, and shows no error). */
  requests?: number;
  p50: number;
  p99: number;
  errors: number;
  /** Of `errors`: answers other than 2xx (the rest are connection errors and timeouts). */
  non2xx?: number;
  ratio: number;
  /** The server's largest RSS while this route was measured (MB). */
  rss?: number;
  /** The server process's CPU time per request answered (µs). */
  cpuPerRequest?: number;
}

export const bareRoute = "bare Hono text route, same run";
const rssRoute = "server RSS peak (MB)";

/** The row that carries a run's peak RSS (no load of its own). */
export function rssFigure(engine: Engine, clients: number, bookings: number, peakRss: number): Figure {
  return {
    engine,
    clients,
    bookings,
    route: `${rssRoute}: ${peakRss}`,
    requestsPerSecond: 0,
    p50: 0,
    p99: 0,
    errors: 0,
    ratio: 0,
  };
}

const isRss = (f: Figure) => f.requestsPerSecond === 0 && f.route.startsWith(rssRoute);
const count = (value: number) => value.toLocaleString("en-US");
const engineName: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
const kindOf = new Map<string, RouteKind>(routes.map((route) => [route.name, route.kind]));

/** Every figure, one table per engine and size, as measured. */
export function detailedTables(figures: Figure[]): string {
  const lines: string[] = [];
  const groups = new Map<string, Figure[]>();
  for (const f of figures) {
    const title = `${engineName[f.engine]}, ${count(f.clients)} clients, ${count(f.bookings)} bookings`;
    groups.set(title, [...(groups.get(title) ?? []), f]);
  }
  for (const [title, rows] of groups) {
    lines.push(
      `\n### ${title}\n`,
      "| request | req/s | ratio to bare | p50 ms | p99 ms | errors | server RSS MB | server CPU µs/request |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const f of rows) {
      if (isRss(f)) {
        lines.push(`| ${f.route} | | | | | | | |`);
        continue;
      }
      lines.push(
        `| ${f.route} | ${count(f.requestsPerSecond)} | ${f.ratio.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.rss ?? ""} | ${f.cpuPerRequest ?? ""} |`,
      );
    }
  }
  return lines.join("\n");
}

/** The bars a figure misses, in a few words each (none: it meets them all, or it is the yardstick). */
export function missedBars(f: Figure): string[] {
  const kind = kindOf.get(f.route);
  if (!kind) return [];
  const missed: string[] = [];
  if (f.requests === 0) missed.push("nothing answered");
  const least = ratioBar[kind];
  if (least !== null && f.ratio < least) missed.push(`< ${least} ×`);
  if (f.p99 > p99Bar) missed.push(`p99 > ${p99Bar} ms`);
  if (f.errors > 0) missed.push("errors");
  return missed;
}

const cell = (f: Figure | undefined) => {
  if (!f) return "";
  const missed = missedBars(f);
  const figure = `${count(f.requestsPerSecond)} (${f.ratio.toFixed(2)} ×) ${f.p50} / ${f.p99} ms, ${f.errors} err`;
  return missed.length > 0 ? `${figure} ✗ ${missed.join(", ")}` : figure;
};

/**
 * Issue 31's table at each size: a row per route with its kind, a column per engine (req/s, ratio to the bare
 * route of that engine's run, p50 / p99 ms, errors), ✗ and the bars missed where a row misses one. Then, with more
 * than one size, each search's p50 at the largest size ÷ its p50 at the smallest, per engine.
 */
export function issueTable(figures: Figure[]): string {
  const engines = [...new Set(figures.map((f) => f.engine))];
  const sizes = [...new Set(figures.map((f) => f.clients))].sort((a, b) => a - b);
  const find = (engine: Engine, clients: number, route: string) =>
    figures.find((f) => f.engine === engine && f.clients === clients && f.route === route);
  const measured = [bareRoute, ...routes.map((route) => route.name)].filter((name) =>
    figures.some((f) => f.route === name),
  );
  const lines: string[] = [
    "\n## Against issue 31's bars",
    "",
    `Per engine: req/s (ratio to the bare route of the same run) p50 / p99 ms, errors. ✗: a bar missed (session ≥ ${ratioBar.session} ×, client reads ≥ ${ratioBar["client read"]} ×, admin lists and searches ≥ ${ratioBar["admin list"]} ×, p99 ≤ ${p99Bar} ms, no errors, every route).`,
  ];
  for (const clients of sizes) {
    const bookings = figures.find((f) => f.clients === clients)?.bookings ?? 0;
    lines.push(
      "",
      `### ${count(clients)} clients, ${count(bookings)} bookings`,
      "",
      `| request | kind | ${engines.map((engine) => engineName[engine]).join(" | ")} |`,
      `|---|---|${engines.map(() => "---|").join("")}`,
    );
    for (const name of measured) {
      const cells = engines.map((engine) => cell(find(engine, clients, name)));
      lines.push(`| ${name} | ${kindOf.get(name) ?? "yardstick"} | ${cells.join(" | ")} |`);
    }
    const rss = engines.map((engine) => {
      const f = figures.find((each) => each.engine === engine && each.clients === clients && isRss(each));
      return f ? f.route.slice(rssRoute.length + 2) : "";
    });
    lines.push(`| server RSS peak, MB | | ${rss.join(" | ")} |`);
  }
  if (sizes.length > 1) lines.push("", ...searchGrowth(figures, engines, sizes));
  return lines.join("\n");
}

/**
 * A search's p50 at the largest size ÷ at the smallest, per engine (issue 31: at most 2 ×). Latencies come in whole
 * milliseconds, so a p50 under one counts as one.
 */
function searchGrowth(figures: Figure[], engines: Engine[], sizes: number[]): string[] {
  const smallest = sizes[0] as number;
  const largest = sizes.at(-1) as number;
  const p50 = (engine: Engine, clients: number, route: string) =>
    figures.find((f) => f.engine === engine && f.clients === clients && f.route === route)?.p50;
  const lines = [
    `### Searches: p50 at ${count(largest)} clients ÷ p50 at ${count(smallest)} (bar ≤ ${searchGrowthBar} ×; a p50 under 1 ms counts as 1)`,
    "",
  ];
  for (const route of routes.filter((each) => each.kind === "search")) {
    const parts = engines.flatMap((engine) => {
      const small = p50(engine, smallest, route.name);
      const large = p50(engine, largest, route.name);
      if (small === undefined || large === undefined) return [];
      const growth = Math.max(large, 1) / Math.max(small, 1);
      const mark = growth > searchGrowthBar ? " ✗" : "";
      return [`${engineName[engine]} ${small} → ${large} ms (${growth.toFixed(1)} ×)${mark}`];
    });
    if (parts.length > 0) lines.push(`- ${route.name}: ${parts.join("; ")}`);
  }
  return lines;
}
