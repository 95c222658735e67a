/**
 * Loaded into the bench's server with BENCH_STATEMENT_TIMES=<dir> (bench.ts): times every SQLite statement the server
 * runs (better-sqlite3 answers on the event loop, so this is the server's own time in the database) and counts
 * requests, both by the path of the request last received. The bench loads one route at a time, so that path is the
 * route's, but for the few probes between routes. When the server stops, the figures go to the file named by
 * BENCH_STATEMENT_TIMES_FILE, which bench.ts reads to print each route's statements and database time per request.
 * PostgreSQL's statements are not timed: under the bench's load a round trip's time is mostly the wait for a
 * saturated event loop, and statements still running when a route's load ends would be counted to the next.
 */
import { writeFileSync } from "node:fs";
import http from "node:http";
import SQLite from "better-sqlite3";

export interface StatementTimes {
  [path: string]: { requests: number; statements: { [sql: string]: { count: number; micros: number } } };
}

const out = process.env.BENCH_STATEMENT_TIMES_FILE;
const times: StatementTimes = {};
let current = "(before the first request)";
const routeOf = (path: string) => {
  times[path] ??= { requests: 0, statements: {} };
  return times[path];
};
const record = (sql: string, micros: number) => {
  const { statements } = routeOf(current);
  statements[sql] ??= { count: 0, micros: 0 };
  statements[sql].count++;
  statements[sql].micros += micros;
};

if (out) {
  const emit = http.Server.prototype.emit as (
    this: http.Server,
    event: string,
    ...args: unknown[]
  ) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
    if (event === "request") {
      current = (args[0] as http.IncomingMessage).url ?? "";
      routeOf(current).requests++;
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;

  const probe = new SQLite(":memory:");
  const statement = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, unknown>;
  probe.close();
  for (const method of ["all", "get", "run", "iterate"]) {
    const original = statement[method] as (...args: unknown[]) => unknown;
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        record(this.source, (performance.now() - started) * 1000);
      }
    };
  }

  process.on("exit", () => writeFileSync(out, JSON.stringify(times)));
}
