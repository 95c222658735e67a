/**
 * npm run bench: throughput and latency of the routes people wait on, at several database sizes, on SQLite and
 * PostgreSQL, each beside a bare Hono route measured in the same run (the machines are shared and noisy, so the
 * ratio is the figure to compare, not the raw requests per second; the server's CPU time per request moves even
 * less with what else the machine runs).
 *
 *   npm run bench -- [--sizes 1000,10000,100000] [--bookings 100000] [--duration 8] [--connections 50]
 *                    [--engines sqlite,postgres] [--routes clients,bookings] [--families off]
 *
 * For each engine and size: a fresh database filled by `npm run seed`'s code, then through the test factories an
 * instructor with lessons on the school's today and a family's milestones and gallery items; the real server
 * started as `npm start` runs it (NODE_ENV=production, its JSON log going to /dev/null); the owner, a seeded
 * household's first guardian, a second guardian of a seeded family and the instructor signed in, and the family
 * given class credits by the owner through the API; then each route (routes.ts) asked once, its answer checked (a
 * non-2xx or an answer without rows stops the run), and loaded with autocannon in turn. PostgreSQL is
 * BENCH_DATABASE_URL, else DATABASE_URL, else the local postgres://postgres@127.0.0.1:5432/test; a database
 * bench_<size>_<pid> is made beside it and dropped at the end. At the end: every figure by engine and size, then
 * issue 31's table (report.ts).
 * The client pages the server draws (routes.ts, kind "page") are measured from a built site (`npm run build`), and
 * left out without one.
 * Results also go to reports/bench.json; a non-2xx answer under load ends the run with exit code 1.
 * BENCH_CPU_PROF=<dir> has the server write a CPU profile there. BENCH_STATEMENT_TIMES=<dir> has it time each SQLite
 * statement (statement-times.ts), and prints each route's statements and database time per request.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { addDays, dayInZone } from "../../src/domain/school-day.ts";
import { loadConfig } from "../../src/server/config.ts";
import { curriculumOf } from "../../src/server/curriculum/service.ts";
import { type Db, migrateToLatest, openDatabase, sqliteFileIn } from "../../src/server/db/database.ts";
import { silentLog } from "../../src/server/http/log.ts";
import { wire } from "../../src/server/wiring.ts";
import {
  createBooking,
  createInstructorAccount,
  type NewAssessment,
  type NewGalleryItem,
  type NewMilestone,
  seed,
  seedProgress,
} from "../../test/support/factories.ts";
import { seedDemo } from "../seed.ts";
import { freePort, startProcess } from "./processes.ts";
import {
  bareRoute,
  detailedTables,
  type Engine,
  type Figure,
  issueTable,
  missedBars,
  rssFigure,
} from "./report.ts";
import { type BenchIds, type Caller, type Route, routes } from "./routes.ts";
import type { StatementTimes } from "./statement-times.ts";

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

/** How many milestones and gallery items the family has: a few pages of each. */
const familyMedia = 20;

/**
 * A second guardian of a seeded family (docs/decisions/019) who may book and see progress, in a household with an
 * active plan and children with assessments: the parent whose family dashboard, /progress, credits and media are
 * benched. None with `--families off`.
 */
async function familyOf(db: Db, notClientId: string) {
  return db
    .selectFrom("guardian")
    .innerJoin("user", "user.id", "guardian.userId")
    .innerJoin("subscriptionPlan", "subscriptionPlan.clientId", "guardian.clientId")
    .select(["guardian.clientId as householdId", "user.email"])
    .whereRef("guardian.userId", "!=", "guardian.clientId")
    .where("guardian.canBook", "=", 1)
    .where("guardian.canSeeProgress", "=", 1)
    .where("subscriptionPlan.isActive", "=", 1)
    .where("guardian.clientId", "!=", notClientId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("swimmer")
          .innerJoin("assessment", "assessment.swimmerId", "swimmer.id")
          .select("swimmer.id")
          .whereRef("swimmer.clientId", "=", "guardian.clientId")
          .where("swimmer.userId", "is", null),
      ),
    )
    .orderBy("guardian.clientId")
    .executeTakeFirst();
}

/**
 * Milestones and gallery items for the household's swimmers, one every five days back from `now`, through the
 * factories (the seed gives about one household in five a single video, and no milestone).
 */
async function familyMediaOf(db: Db, householdId: string, now: Date) {
  const swimmers = await db
    .selectFrom("swimmer")
    .select("id")
    .where("clientId", "=", householdId)
    .orderBy("id")
    .execute();
  const at = (index: number) => new Date(now.getTime() - index * 5 * 86_400_000).toISOString();
  const swimmerOf = (index: number) => swimmers[index % swimmers.length]?.id;
  const milestones: NewMilestone[] = Array.from({ length: familyMedia }, (_, index) => ({
    clientId: householdId,
    swimmerId: swimmerOf(index),
    timestamp: at(index),
  }));
  const galleryItems: NewGalleryItem[] = Array.from({ length: familyMedia }, (_, index) => ({
    clientId: householdId,
    swimmerId: swimmerOf(index),
    mediaType: index % 4 === 0 ? "video" : "image",
    date: at(index).slice(0, 10),
    uploadedAt: at(index),
  }));
  await seed(db, { milestones, galleryItems });
}

/** The instructor's lessons on the benched day, on the hour from 9:00: a full morning and afternoon. */
const instructorLessons = 8;

/**
 * An instructor with a day to show on /today (the seed's lessons have no instructor nor time): through the
 * factories, one new booking each for households with an active plan and no class today nor a week ago, with a
 * lesson today at its hour and one a week ago left unrecorded (the day's "still to record" list).
 */
async function instructorWithADay(db: Db, passwordHash: string, today: string) {
  const instructor = await createInstructorAccount(db, {
    name: "Bench Instructor",
    email: "bench-instructor@example.com",
    passwordHash,
  });
  const weekAgo = addDays(today, -7);
  const households = await db
    .selectFrom("subscriptionPlan")
    .select("clientId")
    .where("isActive", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("lesson")
            .select("lesson.id")
            .whereRef("lesson.clientId", "=", "subscriptionPlan.clientId")
            .where("lesson.date", "in", [today, weekAgo]),
        ),
      ),
    )
    .orderBy("clientId")
    .limit(instructorLessons)
    .execute();
  for (const [index, { clientId }] of households.entries()) {
    const startTime = `${String(9 + index).padStart(2, "0")}:00`;
    await createBooking(db, {
      clientId,
      dates: [
        { date: weekAgo, startTime, instructorId: instructor.id },
        { date: today, startTime, instructorId: instructor.id },
      ],
      createdAt: new Date().toISOString(),
    });
  }
  return instructor;
}

/**
 * The family's class credits, issued by the owner through the API as Edit Client does (there is no factory for
 * them): one of each kind the school gives, usable for two months.
 */
async function issueCredits(baseUrl: string, cookie: string, householdId: string, today: string) {
  for (const kind of ["goodwill", "weather", "school"]) {
    const response = await fetch(`${baseUrl}/api/clients/${householdId}/credits`, {
      method: "POST",
      headers: { cookie, origin: baseUrl, "content-type": "application/json" },
      body: JSON.stringify({ kind, reason: `Bench: a ${kind} credit`, expiresOn: addDays(today, 60) }),
    });
    if (!response.ok) throw new Error(`issuing a credit failed: ${response.status} ${await response.text()}`);
  }
}

/**
 * Asks a route once before its load: anything but a 2xx, or an answer without the rows the route should list, stops
 * the run, since its figures would not measure what a person waits for. Returns the answer's time (ms).
 */
async function probe(route: Route, url: string, cookie: string | undefined): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { cookie } : {} });
  const text = await response.text();
  const took = performance.now() - started;
  if (!response.ok) {
    throw new Error(`${route.name} answered ${response.status} as ${route.as}: ${text.slice(0, 300)}`);
  }
  const rows = route.rows?.(route.kind === "page" ? text : JSON.parse(text));
  if (rows === 0) throw new Error(`${route.name} answered no rows as ${route.as}: ${text.slice(0, 300)}`);
  console.error(
    `  ${route.name}: ${response.status}${rows === undefined ? "" : `, ${rows} rows`}, ${text.length} bytes`,
  );
  return took;
}

const admin = { email: "bench-admin@example.com", password: "bench-admin-password" };
const clientPassword = "demo-password-1";

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

/** The server draws client pages only from a built site (`npm run build`); without one, the pages are left out. */
const siteBuilt = existsSync(path.resolve("dist/render/entry-server.js"));

/** BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools). */
function profileFlags(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`] : [];
}

/** BENCH_STATEMENT_TIMES=<dir>: the file the server writes its statements' times to (statement-times.ts; SQLite). */
function statementTimesFile(engine: Engine, clients: number): string | undefined {
  const dir = process.env.BENCH_STATEMENT_TIMES;
  if (!dir || engine !== "sqlite") return undefined;
  mkdirSync(dir, { recursive: true });
  return path.resolve(dir, `${engine}-${clients}.json`);
}

/** Each route's statements per request, database time per request, and its three costliest statements. */
function printStatementTimes(file: string, chosen: Route[], ids: BenchIds): void {
  const times = JSON.parse(readFileSync(file, "utf8")) as StatementTimes;
  console.error(`  statements by route (${file}):`);
  for (const route of chosen) {
    const measured = times[route.path(ids)];
    if (!measured || measured.requests === 0) continue;
    const perRequest = (value: number) => value / measured.requests;
    const statements = Object.entries(measured.statements).sort(([, a], [, b]) => b.micros - a.micros);
    const count = statements.reduce((sum, [, each]) => sum + each.count, 0);
    const micros = statements.reduce((sum, [, each]) => sum + each.micros, 0);
    console.error(
      `  ${route.name}: ${perRequest(count).toFixed(2)} statements, ${Math.round(perRequest(micros))} µs a request`,
    );
    for (const [sql, each] of statements.slice(0, 3)) {
      const text = sql.replace(/\s+/g, " ").trim().slice(0, 110);
      console.error(
        `    ${Math.round(perRequest(each.micros))} µs (${perRequest(each.count).toFixed(2)}×) ${text}`,
      );
    }
  }
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
    non2xx: result.non2xx,
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
    // The process id keeps two benches at once (two worktrees) out of each other's database.
    const name = `bench_${clients}_${process.pid}`;
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
    const now = new Date();
    const started = performance.now();
    await seedDemo(db, { clients, bookings, families, passwordHash, timeZone: config.TZ_SCHOOL, now });
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
    await longHistory(db, client.id, now);
    // With `--families off` there is no second guardian: the family's routes are then the client's.
    const family = (await familyOf(db, client.id)) ?? { email: client.email, householdId: client.id };
    await familyMediaOf(db, family.householdId, now);
    const today = dayInZone(now, config.TZ_SCHOOL);
    const instructor = await instructorWithADay(db, passwordHash, today);
    const setupSeconds = (performance.now() - started) / 1000 - seedSeconds;
    return { env, dataDir, client, family, instructor, today, seedSeconds, setupSeconds };
  } finally {
    await db.destroy();
  }
}

async function benchOne(
  engine: Engine,
  clients: number,
  opts: ReturnType<typeof options>,
): Promise<Figure[]> {
  const prepared = await prepare(engine, clients, opts.bookings, opts.families);
  const { env, dataDir, client, family, instructor, today, seedSeconds, setupSeconds } = prepared;
  console.error(
    `# ${engine}, ${clients} clients, ${opts.bookings} bookings: seeded in ${seedSeconds.toFixed(1)} s, the bench's own rows (200 assessments, family media, instructor's day) in ${setupSeconds.toFixed(1)} s`,
  );
  if (family.householdId === client.id) {
    console.error("  no second guardian in this seed (--families off): the family routes are the client's");
  }
  const barePort = await freePort();
  const port = await freePort();
  const bare = await startProcess("scripts/bench/bare-server.ts", { PORT: String(barePort) });
  const timesFile = statementTimesFile(engine, clients);
  const server = await startProcess(
    "src/server/main.ts",
    {
      ...env,
      ...(timesFile ? { BENCH_STATEMENT_TIMES_FILE: timesFile } : {}),
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    {
      nodeFlags: [
        ...profileFlags(),
        ...(timesFile
          ? ["--import", "tsx", "--import", path.resolve("scripts/bench/statement-times.ts")]
          : []),
      ],
    },
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
  const chosen = routes.filter(
    (route) =>
      (opts.routes.length === 0 || opts.routes.some((word) => route.name.includes(word))) &&
      (route.kind !== "page" || siteBuilt),
  );
  const ids: BenchIds = { clientId: client.id, familyId: family.householdId };
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const cookies: Record<Caller, string | undefined> = {
      visitor: undefined,
      admin: await signIn(baseUrl, admin.email, admin.password),
      client: await signIn(baseUrl, client.email, clientPassword),
      guardian: await signIn(baseUrl, family.email, clientPassword),
      instructor: await signIn(baseUrl, instructor.email, clientPassword),
    };
    await issueCredits(baseUrl, cookies.admin as string, family.householdId, today);
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
    figures.push(row(bareRoute, bareFigure));
    for (const route of chosen) {
      const url = baseUrl + route.path(ids);
      // A slow route leaves requests queued after autocannon stops; the next route is measured once they drained.
      await untilIdle(baseUrl);
      const first = await probe(route, url, cookies[route.as]);
      if (route.warm) console.log(`  ${route.name}: first (cold) answer in ${Math.round(first)} ms`);
      routePeakRss = 0;
      const cpuBefore = server.pid ? cpuMilliseconds(server.pid) : 0;
      const measured = await load(url, cookies[route.as], opts.duration, opts.connections);
      await untilIdle(baseUrl);
      const cpuUsed = server.pid ? cpuMilliseconds(server.pid) - cpuBefore : 0;
      const cpuPerRequest = measured.requests > 0 ? (cpuUsed * 1000) / measured.requests : 0;
      const figure = {
        ...row(route.name, measured),
        rss: routePeakRss,
        cpuPerRequest: Math.round(cpuPerRequest),
      };
      figures.push(figure);
      const missed = missedBars(figure);
      console.error(
        `  ${route.name}: ${figure.requestsPerSecond} req/s${missed.length > 0 ? ` ✗ ${missed.join(", ")}` : ""}`,
      );
    }
  } finally {
    clearInterval(sampler);
    await stopProcess(server);
    await stopProcess(bare);
    rmSync(dataDir, { recursive: true, force: true });
    await dropBenchDatabase(env.DATABASE_URL);
  }
  if (timesFile) printStatementTimes(timesFile, chosen, ids);
  console.error(`  server RSS peak: ${peakRss} MB`);
  figures.push(rssFigure(engine, clients, opts.bookings, peakRss));
  return figures;
}

const opts = options();
if (!siteBuilt)
  console.error("# no built site (dist/render): the drawn pages are left out; `npm run build` first");
const figures: Figure[] = [];
for (const engine of opts.engines) {
  for (const size of opts.sizes) figures.push(...(await benchOne(engine, size, opts)));
}
console.log(detailedTables(figures));
console.log(issueTable(figures));
mkdirSync("reports", { recursive: true });
writeFileSync("reports/bench.json", `${JSON.stringify(figures, null, 2)}\n`);
const refused = figures.filter((f) => (f.non2xx ?? 0) > 0);
if (refused.length > 0) {
  console.error(
    `\nAnswers other than 2xx under load: ${refused.map((f) => `${f.route} (${f.engine}, ${f.clients}): ${f.non2xx}`).join("; ")}`,
  );
  process.exitCode = 1;
}
