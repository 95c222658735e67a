import path from "node:path";
import { serve } from "@hono/node-server";
import { inactivitySignOutMs } from "../domain/auth.ts";
import { createApp } from "./app.ts";
import { AdminAccountError, ensureAdmin } from "./auth/admin-account.ts";
import { createAuth } from "./auth/auth.ts";
import { pruneSessions } from "./auth/repository.ts";
import { loadOrCreateSecret } from "./auth/secret.ts";
import { systemClock } from "./clock.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { migrateToLatest, openDatabase } from "./db/database.ts";
import { createLog } from "./http/log.ts";
import { createOutbox } from "./ports/mail/outbox.ts";
import { createSmtpTransport } from "./ports/mail/smtp-transport.ts";
import { createMemoryRateLimiter } from "./ports/rate-limit/rate-limiter.ts";
import { hasBuiltSite } from "./web/static-site.ts";

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLog(config.LOG_LEVEL);
  const clock = systemClock;
  const db = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.resolve(config.DATA_DIR, "swim-school.sqlite"),
  });
  await migrateToLatest(db);

  const transport = config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined;
  const outbox = createOutbox({ db, transport, clock, log });
  if (!config.BETTER_AUTH_SECRET) {
    config = {
      ...config,
      BETTER_AUTH_SECRET: loadOrCreateSecret(path.resolve(config.DATA_DIR, "auth-secret")),
    };
  }
  const auth = createAuth({ config, db, outbox, clock, log });
  if (config.ADMIN_EMAIL) {
    try {
      const result = await ensureAdmin(
        { auth, db },
        { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      );
      log("info", result === "created" ? "admin created" : "admin exists", { email: config.ADMIN_EMAIL });
    } catch (error) {
      if (error instanceof AdminAccountError) {
        console.error(`Invalid environment variable ADMIN_EMAIL: ${error.message}`);
        process.exit(1);
      }
      throw error;
    }
  }
  const siteRoot = path.resolve("dist/client");
  if (!hasBuiltSite(siteRoot))
    log("warn", "no built site in dist/client: serving the API only (run npm run build)");

  const app = createApp({
    config,
    db,
    outbox,
    rateLimiter: createMemoryRateLimiter(clock),
    clock,
    log,
    auth,
    siteRoot: hasBuiltSite(siteRoot) ? siteRoot : undefined,
  });

  const retry = setInterval(() => {
    outbox.deliverDue().catch((error) => log("error", "mail retry failed", { error: String(error) }));
  }, config.MAIL_RETRY_SECONDS * 1000);
  const sessionSweep = setInterval(() => {
    pruneSessions(db, clock.now(), inactivitySignOutMs).catch((error) =>
      log("error", "session sweep failed", { error: String(error) }),
    );
  }, 10 * 60_000);

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log("info", "listening", {
      url: `http://localhost:${info.port}`,
      database: config.DATABASE_URL ? "postgres" : "sqlite",
    });
  });

  const shutdown = () => {
    clearInterval(retry);
    clearInterval(sessionSweep);
    server.close(() => {
      db.destroy().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
