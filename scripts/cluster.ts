/**
 * `npm run start:cluster`: INSTANCES copies of the server (default 2) on one machine, behind one port. Node's
 * cluster module does the sharing: the primary holds the listening socket and hands each new connection to the
 * next instance in turn. Every instance is the real start-up (src/server/server.ts) and they share everything
 * through PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as instances on several machines would; see
 * docs/several-instances.md for a reverse proxy in front of several machines.
 *
 * Before forking, the primary runs the migrations once (an instance's own start-up then finds nothing to do; on
 * PostgreSQL Kysely's migrator also holds an advisory lock, so even instances started apart never migrate at the
 * same moment) and settles the session secret once, so every instance signs cookies with the same one.
 */
import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import { loadOrCreateSecret } from "../src/server/auth/secret.ts";
import { type Config, ConfigError, loadConfig } from "../src/server/config.ts";
import { migrateToLatest, openDatabase } from "../src/server/db/database.ts";
import { createLog, type Log } from "../src/server/http/log.ts";

/** How long a stopping instance may take to finish its requests before it is killed. */
const stopGraceMs = 10_000;
/** A crashed instance is started again after this pause, so a crash at every start does not spin. */
const restartDelayMs = 1000;

function instanceCount(value = "2"): number {
  const count = Number(value.trim() || "2");
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new ConfigError("Invalid environment variable INSTANCES: must be a whole number from 1 to 64");
  }
  return count;
}

/** Instances share state only through these services; without them each would keep its own. */
function requireSharedServices(config: Config): void {
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment variable DATABASE_URL: start:cluster needs PostgreSQL (postgres://…), shared by every instance",
    );
  }
  if (!config.REDIS_URL) {
    throw new ConfigError(
      "Invalid environment variable REDIS_URL: start:cluster needs Redis (redis://…) so the instances share rate limits",
    );
  }
}

async function runPrimary(): Promise<void> {
  const config = loadConfig();
  const instances = instanceCount(process.env.INSTANCES);
  requireSharedServices(config);
  const log = createLog(config.LOG_LEVEL);

  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
    log,
  });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  const secret =
    config.BETTER_AUTH_SECRET || loadOrCreateSecret(path.resolve(config.DATA_DIR, "auth-secret"));

  const env = { BETTER_AUTH_SECRET: secret };
  const alive = new Set<Worker>();
  const listening = new Set<Worker>();
  let ready = false;
  let stopping = false;
  let exitCode = 0;

  function fork(): void {
    alive.add(cluster.fork(env));
  }

  cluster.on("listening", (worker) => {
    listening.add(worker);
    if (!ready && listening.size === instances) {
      ready = true;
      log("info", "cluster listening", {
        url: `http://localhost:${config.PORT}`,
        instances,
        pids: [...listening].map((each) => each.process.pid),
      });
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    const wasListening = listening.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    if (!wasListening) {
      // It never started (a bad setting, the port taken, the database away): starting it again would fail again.
      log("error", "an instance failed to start; stopping the cluster", { pid: worker.process.pid, code });
      stop(1);
      return;
    }
    log("error", "an instance stopped unexpectedly; starting another", {
      pid: worker.process.pid,
      code,
      signal,
    });
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelayMs);
  });

  function stop(code = 0): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of alive) worker.process.kill("SIGKILL");
      process.exit(exitCode);
    }, stopGraceMs).unref();
  }
  process.on("SIGTERM", () => stop());
  process.on("SIGINT", () => stop());

  for (let i = 0; i < instances; i++) fork();
}

async function runInstance(): Promise<void> {
  const config = loadConfig();
  // Each line names the instance that wrote it.
  const base = createLog(config.LOG_LEVEL);
  const instance = cluster.worker?.id;
  const log: Log = (level, message, fields) =>
    base(level, message, { ...fields, instance, pid: process.pid });
  // Loaded here only: the primary never serves, so it need not load the app.
  const { startServer } = await import("../src/server/server.ts");
  const server = await startServer(config, { log });

  let stopped = false;
  const shutdown = () => {
    if (stopped) return;
    stopped = true;
    setTimeout(() => process.exit(0), stopGraceMs / 2).unref();
    server.stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  // The primary went away (killed, crashed): nobody hands this instance connections any more.
  process.on("disconnect", shutdown);
}

try {
  if (cluster.isPrimary) await runPrimary();
  else await runInstance();
} catch (error) {
  // A bad setting is one line naming the variable, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
