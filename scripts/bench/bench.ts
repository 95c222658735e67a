/**
 * npm run bench: throughput and latency of the routes people wait on, at several database sizes, on SQLite and
 * PostgreSQL, each beside a bare Hono route measured in the same run (the machines are shared and noisy, so the
 * ratio is the figure to compare, not the raw requests per second; the server's CPU time per request moves even
 * less with what else the machine runs).
 *
 *   npm run bench -- [--sizes 1000,10000,100000] [--bookings 100000] [--duration 8] [--connections 50]
 *                    [--engines sqlite,postgres] [--routes clients,bookings] [--families off]
 *
 * For each engine and size: a fresh database filled by `npm run seed`'s code, the real server started as
 * `npm start` runs it (NODE_ENV=production, its JSON log going to /dev/null), an admin and a seeded client signed
 * in, then autocannon on each route in turn. PostgreSQL is BENCH_DATABASE_URL, else DATABASE_URL, else the local
 * postgres://postgres@127.0.0.1:5432/test; a database bench_<size> is made beside it. Results also go to
 * reports/bench.json. BENCH_CPU_PROF=<dir> has the server write a CPU profile there.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { loadConfig } from "../../src/server/config.ts";
import { curriculumOf } from "../../src/server/curriculum/service.ts";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "../../src/server/db/database.ts";
import { silentLog } from "../../src/server/http/log.ts";
import { wire } from "../../src/server/wiring.ts";
import { type NewAssessment, seedProgress } from "../../test/support/factories.ts";
import { seedDemo } from "../seed.ts";

type Engine = "sqlite" | "postgres";
type Caller = "visitor" | "admin" | "client";
interface Route {
  name: string;
  path: (ids: { clientId: string }) => string;
  as: Caller;
  /**
   * Asked once before the load, with its time printed: a route that serves a counting it keeps for a while (the
   * overview, the reports) is measured as served, and its first, cold counting is reported beside it.
   */
  warm?: boolean;
}

const routes: Route[] = [
  { name: "GET /healthz", path: () => "/healthz", as: "visitor" },
  { name: "GET /api/session, signed in", path: () => "/api/session", as: "admin" },
  { name: "GET /api/clients page 1", path: () => "/api/clients", as: "admin" },
  { name: "GET /api/clients?search=vega", path: () => "/api/clients?search=vega", as: "admin" },
  { name: "GET /api/clients?search=zzzz (no match)", path: () => "/api/clients?search=zzzz", as: "admin" },
  // One and two letters (issue 31): what an admin types first.
  { name: "GET /api/clients?search=g", path: () => "/api/clients?search=g", as: "admin" },
  { name: "GET /api/clients?search=ga", path: () => "/api/clients?search=ga", as: "admin" },
  {
    name: "GET /api/clients?search=zq (no name starts so)",
    path: () => "/api/clients?search=zq",
    as: "admin",
  },
  {
    name: "GET /api/clients?search=fe (a few dozen at 1,000)",
    path: () => "/api/clients?search=fe",
    as: "admin",
  },
  { name: "Manage Bookings: GET /api/bookings page 1", path: () => "/api/bookings", as: "admin" },
  {
    name: "Manage Bookings: GET /api/bookings?search=garcia",
    path: () => "/api/bookings?search=garcia",
    as: "admin",
  },
  { name: "Manage Bookings: GET /api/bookings?search=g", path: () => "/api/bookings?search=g", as: "admin" },
  {
    name: "Manage Bookings: GET /api/bookings?search=ga",
    path: () => "/api/bookings?search=ga",
    as: "admin",
  },
  {
    name: "Manage Bookings: GET /api/bookings?search=zq",
    path: () => "/api/bookings?search=zq",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=g",
    path: () => "/api/bookings/feedback-list?search=g",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=ga",
    path: () => "/api/bookings/feedback-list?search=ga",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=zq",
    path: () => "/api/bookings/feedback-list?search=zq",
    as: "admin",
  },
  {
    name: "Admin feedback: GET /api/bookings/feedback-list?search=lopez",
    path: () => "/api/bookings/feedback-list?search=lopez",
    as: "admin",
  },
  // The owner's overview (issue 30): as served (counted at most once a minute) and counted afresh each request.
  { name: "Overview: GET /api/overview", path: () => "/api/overview", as: "admin", warm: true },
  {
    name: "Overview counted afresh: GET /api/overview?fresh=1",
    path: () => "/api/overview?fresh=1",
    as: "admin",
  },
  { name: "Reports: GET /api/reports (12 months)", path: () => "/api/reports", as: "admin", warm: true },
  {
    name: "Dashboard: GET /api/clients/:id/bookings",
    path: ({ clientId }) => `/api/clients/${clientId}/bookings`,
    as: "client",
  },
  {
    name: "Dashboard: GET /api/subscriptions/used-classes/:id",
    path: ({ clientId }) => `/api/subscriptions/used-classes/${clientId}`,
    as: "client",
  },
  {
    name: "/progress for a swimmer with 200 assessments: GET /api/clients/:id/progress",
    path: ({ clientId }) => `/api/clients/${clientId}/progress`,
    as: "client",
  },
];

/** How many assessments the signed-in client's first swimmer has: the longest history /progress reads here. */
const benchAssessments = 200;

/**
 * Tops the swimmer's history up to `benchAssessments` through the test data factories: two lessons' worth a week
 * back from `now`, across every skill offered, rated up the current scale and now and then down again.
 */
async function longHistory(db: Db, swimmerId: string, now: Date): Promise<void> {
  const { skills, scale } = await curriculumOf(db);
  const offered = skills.filter((skill) => skill.retiredAt === null);
  const ratings = [...scale.ratings].sort((a, b) => a.position - b.position);
  const had = await db
    .selectFrom("assessment")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("swimmerId", "=", swimmerId)
    .executeTakeFirst();
  const missing = benchAssessments - Number(had?.count ?? 0);
  const assessments: NewAssessment[] = Array.from({ length: Math.max(0, missing) }, (_, index) => {
    const skill = offered[index % offered.length] as (typeof offered)[number];
    const round = Math.floor(index / offered.length);
    const rating = ratings[
      Math.min(ratings.length - 1, round % (ratings.length + 1))
    ] as (typeof ratings)[number];
    return {
      swimmerId,
      skillId: skill.id,
      ratingId: rating.id,
      scaleVersion: scale.version,
      at: new Date(now.getTime() - (missing - index) * 3.5 * 24 * 3600_000).toISOString(),
      note: index % 7 === 0 ? "Steadier than last week." : "",
    };
  });
  await seedProgress(db, { assessments, levelResults: [] });
}

const admin = { email: "bench-admin@example.com", password: "bench-admin-password" };
const clientPassword = "demo-password-1";

interface Figure {
  engine: Engine;
  clients: number;
  bookings: number;
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
  /** The server's largest RSS while this route was measured (MB). */
  rss?: number;
  /** The server process's CPU time per request answered (µs). */
  cpuPerRequest?: number;
}

function options() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      sizes: { type: "string", default: "1000,10000,100000" },
      bookings: { type: "string", default: "100000" },
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "50" },
      engines: { type: "string", default: "sqlite,postgres" },
      // Only the routes whose name contains one of these words (all when empty).
      routes: { type: "string", default: "" },
      // "off": one person per client, the data seeded before families (issue 26), to compare with older trees.
      families: { type: "string", default: "on" },
    },
  });
  return {
    sizes: values.sizes.split(",").map(Number),
    bookings: Number(values.bookings),
    duration: Number(values.duration),
    connections: Number(values.connections),
    engines: values.engines.split(",") as Engine[],
    families: values.families !== "off",
    routes: values.routes.split(",").filter(Boolean),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts a Node script and resolves once it logs that it listens. */
async function startProcess(
  script: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"listening"')) {
        // From here on the log goes nowhere, as it would to a file or journald.
        child.stdout?.removeAllListeners("data").resume();
        child.stderr?.removeAllListeners("data").resume();
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return child;
}

/** BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

/**
 * CPU time the process has used (user + system, ms). Per request it is a figure that other work on a shared machine
 * hardly moves, unlike requests per second. On PostgreSQL it leaves out the database server's own time.
 */
function cpuMilliseconds(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, counted after the command name (which may hold spaces) closes.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / clockTicksPerSecond;
}
const clockTicksPerSecond = 100;

function rssMegabytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok)
    throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Waits (at most a minute) until /healthz answers within 50 ms: the server has nothing else queued. */
async function untilIdle(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/healthz`).then((response) => response.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function load(url: string, cookie: string | undefined, duration: number, connections: number) {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: cookie ? { cookie } : {},
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function onMaintenanceDatabase(url: URL, work: (client: pg.Client) => Promise<unknown>) {
  const maintenance = new pg.Client({ connectionString: url.toString() });
  await maintenance.connect();
  try {
    await work(maintenance);
  } finally {
    await maintenance.end();
  }
}

/** The PostgreSQL the bench makes its databases beside (and connects to, to make and drop them). */
const maintenanceUrl = () =>
  new URL(
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test",
  );

/** Drops the PostgreSQL database a run made (its name is the last part of DATABASE_URL). */
async function dropBenchDatabase(databaseUrl: string) {
  if (!databaseUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  await onMaintenanceDatabase(maintenanceUrl(), (maintenance) =>
    maintenance.query(`drop database if exists ${name} with (force)`),
  );
}

/** A fresh database of `clients` seeded clients, and the id of a client with an active plan and bookings. */
async function prepare(engine: Engine, clients: number, bookings: number, families: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `swim-bench-${engine}-`));
  let databaseUrl = "";
  if (engine === "postgres") {
    const base = maintenanceUrl();
    const name = `bench_${clients}`;
    await onMaintenanceDatabase(base, async (maintenance) => {
      await maintenance.query(`drop database if exists ${name} with (force)`);
      await maintenance.query(`create database ${name}`);
    });
    base.pathname = `/${name}`;
    databaseUrl = base.toString();
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl };
  const config = loadConfig({ ...env, NODE_ENV: "production", LOG_LEVEL: "silent" });
  const db: Db = openDatabase({ databaseUrl, sqliteFile: sqliteFileIn(dataDir) });
  try {
    await migrateToLatest(db);
    const { auth } = wire(config, db, { log: silentLog });
    const passwordHash = await (await auth.$context).password.hash(clientPassword);
    const started = performance.now();
    await seedDemo(db, {
      clients,
      bookings,
      families,
      passwordHash,
      timeZone: config.TZ_SCHOOL,
      now: new Date(),
    });
    const seedSeconds = (performance.now() - started) / 1000;
    const client = await db
      .selectFrom("client")
      .innerJoin("subscriptionPlan", "subscriptionPlan.clientId", "client.id")
      .innerJoin("booking", "booking.planId", "subscriptionPlan.id")
      .select(["client.id", "client.email"])
      .where("subscriptionPlan.isActive", "=", 1)
      // Still learning: /progress lists a level's skills (a swimmer who passed the top level has none to list).
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("levelResult")
              .select("levelResult.id")
              .whereRef("levelResult.swimmerId", "=", "client.id"),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    // The household's first swimmer has the household's id (docs/decisions/019).
    await longHistory(db, client.id, new Date());
    return { env, dataDir, client, seedSeconds };
  } finally {
    await db.destroy();
  }
}

async function benchOne(
  engine: Engine,
  clients: number,
  opts: ReturnType<typeof options>,
): Promise<Figure[]> {
  const { env, dataDir, client, seedSeconds } = await prepare(engine, clients, opts.bookings, opts.families);
  console.error(
    `# ${engine}, ${clients} clients, ${opts.bookings} bookings: seeded in ${seedSeconds.toFixed(1)} s`,
  );
  const barePort = await freePort();
  const port = await freePort();
  const bare = await startProcess("scripts/bench/bare-server.ts", { PORT: String(barePort) });
  const server = await startProcess(
    "src/server/main.ts",
    {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    profileFlags(),
  );
  let peakRss = 0;
  let routePeakRss = 0;
  const sampler = setInterval(() => {
    if (!server.pid) return;
    const rss = rssMegabytes(server.pid);
    peakRss = Math.max(peakRss, rss);
    routePeakRss = Math.max(routePeakRss, rss);
  }, 500);
  const figures: Figure[] = [];
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const cookies: Record<Caller, string | undefined> = {
      visitor: undefined,
      admin: await signIn(baseUrl, admin.email, admin.password),
      client: await signIn(baseUrl, client.email, clientPassword),
    };
    const bareFigure = await load(
      `http://127.0.0.1:${barePort}/`,
      undefined,
      opts.duration,
      opts.connections,
    );
    const row = (route: string, f: typeof bareFigure): Figure => ({
      engine,
      clients,
      bookings: opts.bookings,
      route,
      ...f,
      ratio: f.requestsPerSecond / bareFigure.requestsPerSecond,
    });
    figures.push(row("bare Hono text route, same run", bareFigure));
    const chosen = routes.filter(
      (route) => opts.routes.length === 0 || opts.routes.some((word) => route.name.includes(word)),
    );
    for (const route of chosen) {
      const url = baseUrl + route.path({ clientId: client.id });
      // A slow route leaves requests queued after autocannon stops; the next route is measured once they drained.
      await untilIdle(baseUrl);
      if (route.warm) {
        const started = performance.now();
        const first = await fetch(url, { headers: { cookie: cookies[route.as] ?? "" } });
        await first.arrayBuffer();
        console.log(
          `  ${route.name}: first (cold) answer ${first.status} in ${Math.round(performance.now() - started)} ms`,
        );
      }
      routePeakRss = 0;
      const cpuBefore = server.pid ? cpuMilliseconds(server.pid) : 0;
      const measured = await load(url, cookies[route.as], opts.duration, opts.connections);
      await untilIdle(baseUrl);
      const cpuUsed = server.pid ? cpuMilliseconds(server.pid) - cpuBefore : 0;
      const cpuPerRequest = measured.requests > 0 ? (cpuUsed * 1000) / measured.requests : 0;
      figures.push({
        ...row(route.name, measured),
        rss: routePeakRss,
        cpuPerRequest: Math.round(cpuPerRequest),
      });
      console.error(`  ${route.name}: ${figures.at(-1)?.requestsPerSecond} req/s`);
    }
  } finally {
    clearInterval(sampler);
    await stopProcess(server);
    await stopProcess(bare);
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(env.DATABASE_URL);
  }
  console.error(`  server RSS peak: ${peakRss} MB`);
  figures.push({
    engine,
    clients,
    bookings: opts.bookings,
    route: `server RSS peak (MB): ${peakRss}`,
    requestsPerSecond: 0,
    p50: 0,
    p99: 0,
    errors: 0,
    ratio: 0,
  });
  return figures;
}

function table(figures: Figure[]): string {
  const lines: string[] = [];
  const groups = new Map<string, Figure[]>();
  for (const f of figures) {
    const title = `${f.engine}, ${f.clients.toLocaleString("en-US")} clients, ${f.bookings.toLocaleString("en-US")} bookings`;
    groups.set(title, [...(groups.get(title) ?? []), f]);
  }
  for (const [title, rows] of groups) {
    lines.push(
      `\n### ${title}\n`,
      "| request | req/s | ratio to bare | p50 ms | p99 ms | errors | server RSS MB | server CPU µs/request |",
      "|---|---|---|---|---|---|---|---|",
    );
    for (const f of rows) {
      if (f.requestsPerSecond === 0 && f.route.startsWith("server RSS")) {
        lines.push(`| ${f.route} | | | | | | | |`);
        continue;
      }
      lines.push(
        `| ${f.route} | ${f.requestsPerSecond.toLocaleString("en-US")} | ${f.ratio.toFixed(2)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.rss ?? ""} | ${f.cpuPerRequest ?? ""} |`,
      );
    }
  }
  return lines.join("\n");
}

const opts = options();
const figures: Figure[] = [];
for (const engine of opts.engines) {
  for (const size of opts.sizes) figures.push(...(await benchOne(engine, size, opts)));
}
console.log(table(figures));
mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.json", `${JSON.stringify(figures, null, 2)}\n`);
