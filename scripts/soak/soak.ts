/**
 * `npm run soak`: two real server processes on one PostgreSQL database and one Redis, under mixed traffic for a
 * bounded time (3 minutes by default), then a verdict:
 *
 *   npm run soak -- [--minutes 3] [--clients 8] [--demo-clients 500]
 *                   [--database-url postgres://postgres@127.0.0.1:5432/test] [--redis-url redis://127.0.0.1:6379]
 *
 * It creates a database of its own on the PostgreSQL of --database-url (dropped at the end), fills it with the demo
 * data of `npm run seed`, starts two `node --import tsx src/server/main.ts` on free ports of 127.0.0.1 with the same
 * DATABASE_URL, REDIS_URL and session secret, and sends every request to the next instance in turn: signed-in
 * clients reading their dashboard, an admin searching and booking dates and writing feedback, visitors' contact
 * messages under the limit, heartbeats. Each instance's RSS is read every 5 seconds.
 *
 * It passes when no request failed (any status other than the one its action expects, or no answer) and each
 * instance's RSS at the end is at most 10 % above its RSS at minute one (the first sample at or after 60 s, or
 * after a third of a shorter run). It exits 1 otherwise. See docs/soak.md.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import pg from "pg";
import { loadConfig } from "../../src/server/config.ts";
import { migrateToLatest, openDatabase } from "../../src/server/db/database.ts";
import { silentLog } from "../../src/server/http/log.ts";
import { wire } from "../../src/server/wiring.ts";
import { seedDemo } from "../seed.ts";
import { type Instance, residentBytes, startInstance, stopInstance } from "./instances.ts";
import { type Account, adminLoop, clientLoop, contactLoop, percentile, signIn, Traffic } from "./traffic.ts";

const usage =
  "Usage: npm run soak -- [--minutes 3] [--clients 8] [--demo-clients 500] [--database-url postgres://…] [--redis-url redis://…]";

/** Growth of RSS from minute one to the end that still counts as flat. */
const rssTolerance = 0.1;
const sampleEveryMs = 5000;
const demoPassword = "demo-password-1";

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      minutes: { type: "string", default: "3" },
      clients: { type: "string", default: "8" },
      "demo-clients": { type: "string", default: "500" },
      "database-url": {
        type: "string",
        default:
          process.env.SOAK_DATABASE_URL ||
          process.env.TEST_DATABASE_URL ||
          "postgres://postgres@127.0.0.1:5432/test",
      },
      "redis-url": { type: "string", default: process.env.REDIS_URL || "redis://127.0.0.1:6379" },
    },
  });
  const number = (name: string, value: string, min: number, max: number) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < min || n > max)
      throw new Error(`--${name} must be a number from ${min} to ${max}`);
    return n;
  };
  return {
    minutes: number("minutes", values.minutes, 0.25, 60),
    clients: Math.round(number("clients", values.clients, 1, 100)),
    demoClients: Math.round(number("demo-clients", values["demo-clients"], 20, 100_000)),
    databaseUrl: values["database-url"],
    redisUrl: values["redis-url"],
  };
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  const run = randomBytes(2).toString("hex");
  const databaseName = `soak_${run}_${Date.now().toString(36)}`;
  const databaseUrl = Object.assign(new URL(args.databaseUrl), { pathname: `/${databaseName}` }).toString();
  const folder = mkdtempSync(path.join(tmpdir(), "soak-"));
  const server = new pg.Client({ connectionString: args.databaseUrl });
  const instances: Instance[] = [];
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  try {
    await server.connect();
    await server.query(`create database "${databaseName}"`);
    console.log(`database ${databaseName} created; filling it with the demo data of npm run seed…`);

    const adminEmail = `soak-admin-${run}@example.com`;
    const adminPassword = `soak-admin-${randomBytes(6).toString("hex")}`;
    const env = {
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      REDIS_URL: args.redisUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DATA_DIR: folder,
      // The soak's users come through one trusted proxy: X-Forwarded-For is each one's address.
      TRUST_PROXY: "true",
      SMTP_URL: "",
    };

    const { clients, withPlan } = await fillDatabase(databaseUrl, args.demoClients, args.clients);

    instances.push(await startInstance("instance 1", env, folder));
    instances.push(await startInstance("instance 2", env, folder));
    console.log(
      `${instances.map((each) => `${each.name} ${each.url} (pid ${each.pid})`).join(", ")}; Redis ${args.redisUrl}`,
    );

    const traffic = new Traffic(instances);
    const admin: Account = {
      id: "",
      email: adminEmail,
      address: `2001:db8:${run}:a::1`,
      cookie: await signIn(traffic, adminEmail, adminPassword, `2001:db8:${run}:a::1`),
    };
    const signedIn: Account[] = [];
    for (const [i, client] of clients.entries()) {
      const address = `2001:db8:${run}:c::${(i + 1).toString(16)}`;
      signedIn.push({
        ...client,
        address,
        cookie: await signIn(traffic, client.email, demoPassword, address),
      });
    }

    const durationMs = args.minutes * 60_000;
    const started = Date.now();
    const until = started + durationMs;
    const referenceAtMs = Math.min(60_000, durationMs / 3);
    const samples = new Map<string, { atMs: number; bytes: number }[]>(
      instances.map((each) => [each.name, []]),
    );
    const sample = () => {
      for (const each of instances) {
        const bytes = residentBytes(each.pid);
        if (bytes !== null) samples.get(each.name)?.push({ atMs: Date.now() - started, bytes });
      }
    };
    sample();
    const sampler = setInterval(sample, sampleEveryMs);
    const progress = setInterval(() => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      console.log(`${minutes} min: ${traffic.requests} requests, ${traffic.errorCount} errors`);
    }, 30_000);
    const stopEarly = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (interrupted || instances.some((each) => each.process.exitCode !== null)) {
          clearInterval(check);
          resolve();
        }
        if (Date.now() >= until) clearInterval(check);
      }, 500);
    });
    console.log(
      `traffic for ${args.minutes} min: ${signedIn.length} signed-in clients, 1 admin, contact visitors (demo data: ${args.demoClients} clients)`,
    );
    await Promise.race([
      Promise.all([
        ...signedIn.map((client) => clientLoop(traffic, client, until)),
        adminLoop(traffic, admin, withPlan, until),
        // Default CONTACT_RATE_LIMIT is 5 per address per 10 minutes: 4 per address stays under it.
        contactLoop(traffic, until, { everyMs: 2000, perAddress: 4, run }),
      ]),
      stopEarly,
    ]);
    sample();
    clearInterval(sampler);
    clearInterval(progress);
    const elapsedMs = Date.now() - started;

    return report({ traffic, instances, samples, referenceAtMs, elapsedMs, durationMs, interrupted });
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await Promise.all(instances.map((each) => stopInstance(each)));
    try {
      await server.query(`drop database if exists "${databaseName}"`);
    } catch (error) {
      console.error(`could not drop database ${databaseName}: ${String(error)}`);
    }
    await server.end().catch(() => {});
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Migrates, seeds, and picks the clients who will sign in (all with an active plan, so their pages have data). */
async function fillDatabase(databaseUrl: string, demoClients: number, signedInClients: number) {
  const db = openDatabase({ databaseUrl });
  try {
    await migrateToLatest(db);
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "silent",
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    });
    const wiring = wire(config, db, { log: silentLog });
    const passwordHash = await (await wiring.auth.$context).password.hash(demoPassword);
    await wiring.close();
    const made = await seedDemo(db, {
      clients: demoClients,
      bookings: demoClients,
      passwordHash,
      timeZone: config.TZ_SCHOOL,
      now: new Date(),
    });
    console.log(`seeded ${made.clients} clients, ${made.plans} plans, ${made.bookings} bookings`);
    const rows = await db
      .selectFrom("client")
      .innerJoin("subscriptionPlan", "subscriptionPlan.clientId", "client.id")
      .select(["client.id", "client.email"])
      .where("subscriptionPlan.isActive", "=", 1)
      .orderBy(sql`random()`)
      .execute();
    if (rows.length < signedInClients)
      throw new Error("the demo data has too few clients with an active plan");
    return { clients: rows.slice(0, signedInClients), withPlan: rows.map((row) => row.id) };
  } finally {
    await db.destroy();
  }
}

function report(input: {
  traffic: Traffic;
  instances: Instance[];
  samples: Map<string, { atMs: number; bytes: number }[]>;
  referenceAtMs: number;
  elapsedMs: number;
  durationMs: number;
  interrupted: boolean;
}): number {
  const { traffic, instances, samples, referenceAtMs, elapsedMs } = input;
  const failures: string[] = [];
  const seconds = elapsedMs / 1000;
  console.log(
    `\nSoak: ${(seconds / 60).toFixed(1)} min, ${instances.length} instances on PostgreSQL and Redis`,
  );
  console.log(
    `requests: ${traffic.requests} (${(traffic.requests / seconds).toFixed(0)}/s; ${instances
      .map((each) => `${each.name}: ${traffic.perInstance.get(each.name) ?? 0}`)
      .join(", ")}), errors: ${traffic.errorCount}`,
  );
  console.log("action                    requests  errors  p50 ms  p95 ms");
  for (const [action, stats] of [...traffic.stats].sort()) {
    console.log(
      `${action.padEnd(26)}${String(stats.count).padStart(8)}${String(stats.errors).padStart(8)}${percentile(stats.durationsMs, 50).toFixed(1).padStart(8)}${percentile(stats.durationsMs, 95).toFixed(1).padStart(8)}`,
    );
  }
  for (const error of traffic.errors)
    console.log(`  error (${error.instance}) ${error.action}: ${error.detail}`);
  if (traffic.errorCount > 0) failures.push(`${traffic.errorCount} requests failed`);
  if (input.interrupted) failures.push("interrupted");
  if (elapsedMs < input.durationMs - 5000) failures.push("stopped early (an instance exited?)");

  console.log(
    `RSS (MiB), sampled every ${sampleEveryMs / 1000} s; minute one = first sample at or after ${referenceAtMs / 1000} s:`,
  );
  for (const each of instances) {
    const list = samples.get(each.name) ?? [];
    const reference = list.find((s) => s.atMs >= referenceAtMs);
    const end = list.at(-1);
    if (!reference || !end || end === reference) {
      failures.push(`${each.name}: too few RSS samples`);
      continue;
    }
    const growth = (end.bytes - reference.bytes) / reference.bytes;
    const peak = Math.max(...list.map((s) => s.bytes));
    const ok = growth <= rssTolerance;
    console.log(
      `  ${each.name} (pid ${each.pid}): start ${mib(list[0]?.bytes ?? 0)}, minute one ${mib(reference.bytes)}, end ${mib(end.bytes)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %), peak ${mib(peak)}: ${ok ? "flat" : "GREW"}`,
    );
    if (!ok)
      failures.push(`${each.name}: RSS grew ${(growth * 100).toFixed(1)} % after minute one (limit 10 %)`);
  }
  console.log(failures.length === 0 ? "PASS" : `FAIL: ${failures.join("; ")}`);
  return failures.length === 0 ? 0 : 1;
}

// Exits at once: user loops still waiting on a stopped instance (after an interruption) must not hold the process.
process.exit(await main(process.argv.slice(2)));
