import path from "node:path";
import { serve } from "@hono/node-server";
import { inactivitySignOutMs } from "../domain/timing.ts";
import { createApp } from "./app.ts";
import { AdminAccountError, ensureAdmin } from "./auth/admin-account.ts";
import { pruneSessions } from "./auth/repository.ts";
import { loadOrCreateSecret } from "./auth/secret.ts";
import { type Config, ConfigError, localPaymentsWarning } from "./config.ts";
import { queueCreditExpiryNotices } from "./credits/expiry-notices.ts";
import { migrateToLatest, openDatabase, sqliteFileIn } from "./db/database.ts";
import { createPrivately, tightenDataDir } from "./durability/private-files.ts";
import { createLog, type Log } from "./http/log.ts";
import { overviewCount } from "./overview/service.ts";
import { queueDueReminders } from "./reminders/service.ts";
import { reportsCount } from "./reports/service.ts";
import { hasBuiltSite } from "./web/static-site.ts";
import { wire } from "./wiring.ts";

export interface RunningServer {
  port: number;
  stop(): Promise<void>;
}

/** How long an idle keep-alive connection stays open (see startServer). */
export const keepAliveMs = 65_000;

/**
 * Start-up, in order: database and migrations, mail, auth secret, the first admin, the app, background jobs,
 * then listening. `npm start` and the browser tests' server both come through here.
 */
export async function startServer(
  initial: Config,
  options: { log?: Log; siteRoot?: string } = {},
): Promise<RunningServer> {
  let config = initial;
  const log = options.log ?? createLog(config.LOG_LEVEL);
  createPrivately();
  const notClosed = tightenDataDir(config.DATA_DIR);
  if (notClosed)
    log("warn", "DATA_DIR is readable by other users and could not be closed", { error: notClosed });
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: sqliteFileIn(config.DATA_DIR),
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleTimeoutMs: config.DATABASE_IDLE_TIMEOUT_MS,
    log,
  });
  await migrateToLatest(db);

  if (!config.BETTER_AUTH_SECRET) {
    config = {
      ...config,
      BETTER_AUTH_SECRET: loadOrCreateSecret(path.resolve(config.DATA_DIR, "auth-secret")),
    };
  }
  const wiring = wire(config, db, { log });
  if (config.NODE_ENV === "production" && config.PAYMENTS === "local") log("warn", localPaymentsWarning);
  const { auth, outbox, clock } = wiring;
  if (config.ADMIN_EMAIL) {
    try {
      const result = await ensureAdmin(
        { auth, db },
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      );
      log("info", result === "created" ? "admin created" : "admin exists", { email: config.ADMIN_EMAIL });
    } catch (error) {
      if (error instanceof AdminAccountError) {
        throw new ConfigError(`Invalid environment variable ADMIN_EMAIL: ${error.message}`);
      }
      throw error;
    }
  }
  const siteRoot = options.siteRoot ?? path.resolve("dist/client");
  const withSite = hasBuiltSite(siteRoot);
  if (!withSite) log("warn", "no built site in dist/client: serving the API only (run npm run build)");

  const app = createApp({ ...wiring, siteRoot: withSite ? siteRoot : undefined });
  wiring.counter.warmUp([overviewCount, reportsCount]);

  const retry = setInterval(() => {
    outbox.deliverDue().catch((error) => log("error", "mail retry failed", { error: String(error) }));
  }, config.MAIL_RETRY_SECONDS * 1000);
  // Mails due at a time of the school's day, each queued once by whichever instance claims it first: each class's
  // day-before reminder (reminders/service.ts), each credit's week-before expiry (credits/expiry-notices.ts).
  const minuteSweeps = { "class reminder": queueDueReminders, "credit expiry": queueCreditExpiryNotices };
  const reminderSweep = setInterval(() => {
    for (const [name, sweep] of Object.entries(minuteSweeps)) {
      sweep(wiring).catch((error) => log("error", `${name} sweep failed`, { error: String(error) }));
    }
  }, 60_000);
  const sessionSweep = setInterval(() => {
    pruneSessions(db, clock.now(), inactivitySignOutMs).catch((error) =>
      log("error", "session sweep failed", { error: String(error) }),
    );
  }, 10 * 60_000);

  // An idle keep-alive connection is closed after 65 s, not Node's 5: a client (a load balancer, a proxy, the browser
  // tests' API client) that reuses one just as the server closes it loses that request ("socket hang up"). Load
  // balancers keep theirs up to 60 s, so the server must wait longer than they do.
  const server = serve({
    fetch: app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    serverOptions: { keepAliveTimeout: keepAliveMs },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("listening", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : config.PORT);
    });
    server.once("error", reject);
  });
  log("info", "listening", {
    url: `http://localhost:${port}`,
    database: config.DATABASE_URL ? "postgres" : "sqlite",
  });

  return {
    port,
    async stop() {
      clearInterval(retry);
      clearInterval(reminderSweep);
      clearInterval(sessionSweep);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await wiring.close();
      await db.destroy();
    },
  };
}
