/**
 * How the rest of the server answers while the owner's overview is being counted (issue 31, docs/decisions/042):
 * GET /api/session under load, alone, then with the overview counted again and again beside it (?fresh=1, one
 * request after the other: the worst an owner pressing Refresh can do). SQLite only: PostgreSQL counts on its own
 * server and never held the event loop.
 *
 *   node --import tsx scripts/bench/while-counting.ts --database <seeded swim-school.sqlite>
 *        [--server-root <a checkout to run, default .>] [--duration 5] [--connections 10]
 *
 * Seed a database once (`DATA_DIR=<dir> npm run seed -- --clients 100000 --bookings 100000`) and give its file:
 * each run works on a copy, so two checkouts (before and after a change) are measured on the same rows.
 */
import type { ChildProcess } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort, startProcess } from "./processes.ts";

const { values } = parseArgs({
  options: {
    database: { type: "string" },
    "server-root": { type: "string", default: "." },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
  },
});
if (!values.database) throw new Error("--database <seeded swim-school.sqlite> is required");
const duration = Number(values.duration);
const connections = Number(values.connections);
const admin = { email: "bench-admin@example.com", password: "bench-admin-password" };

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "swim-while-counting-"));
copyFileSync(values.database, path.join(dataDir, "swim-school.sqlite"));
const baseUrl = `http://127.0.0.1:${port}`;

const server: ChildProcess = await startProcess(
  "src/server/main.ts",
  {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: baseUrl,
  },
  { cwd: path.resolve(values["server-root"]) },
);

try {
  const signedIn = await fetch(`${baseUrl}/api/session/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(admin),
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((each) => each.split(";")[0])
    .join("; ");
  const overview = async (query: string) => {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/overview${query}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET /api/overview${query}: ${response.status}`);
    return performance.now() - started;
  };
  console.log(`first (cold) overview: ${Math.round(await overview(""))} ms`);

  const session = () =>
    autocannon({ url: `${baseUrl}/api/session`, connections, duration, headers: { cookie } });
  const rows: string[] = [];
  const row = (name: string, result: Awaited<ReturnType<typeof session>>, counts: number[]) => {
    const countMs = counts.length ? `${Math.round(counts.reduce((a, b) => a + b) / counts.length)}` : "";
    rows.push(
      `| ${name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors + result.timeouts + result.non2xx} | ${counts.length} | ${countMs} |`,
    );
  };

  row("GET /api/session alone", await session(), []);

  let counting = true;
  const counted: number[] = [];
  const refreshing = (async () => {
    while (counting) counted.push(await overview("?fresh=1"));
  })();
  const during = await session();
  counting = false;
  await refreshing;
  row("GET /api/session while the overview is counted over and over", during, counted);

  console.log(
    [
      `\n${connections} connections, ${duration} s each (a shared machine: compare the rows, not the runs)\n`,
      "| load | session req/s | p50 ms | p99 ms | errors | overview counts | ms per count |",
      "|---|---|---|---|---|---|---|",
      ...rows,
    ].join("\n"),
  );
} finally {
  await new Promise((resolve) => {
    if (server.exitCode !== null) return resolve(null);
    server.once("exit", resolve);
    server.kill("SIGTERM");
  });
  rmSync(dataDir, { recursive: true, force: true });
}
