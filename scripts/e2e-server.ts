/**
 * The server the browser tests talk to: the real start-up (src/server/server.ts) on the production build, a fresh
 * SQLite database with two admins (e2e/e2e-env.ts), mailing a real SMTP server on loopback. A control port lets a test take the SMTP
 * server down and up again, and read what it got.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { e2eAdmin, e2eOwner, e2ePort, e2eSignInFailureLimit } from "../e2e/e2e-env.ts";
import { ensureAdmin } from "../src/server/auth/admin-account.ts";
import { loadConfig } from "../src/server/config.ts";
import { migrateToLatest, openDatabase, sqliteFileIn } from "../src/server/db/database.ts";
import { silentLog } from "../src/server/http/log.ts";
import { startServer } from "../src/server/server.ts";
import { wire } from "../src/server/wiring.ts";
import { type ReceivedMail, startSmtpSink } from "../test/support/smtp-sink.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "swim-e2e-"));
let smtp = await startSmtpSink();
const smtpPort = smtp.port;
const received: ReceivedMail[] = smtp.received;

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  PORT: String(e2ePort),
  PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  SCHOOL_INBOX: "school@example.com",
  // Every browser test comes from 127.0.0.1; the per-address limits have API tests of their own.
  CONTACT_RATE_LIMIT: "1000",
  PASSWORD_RESET_RATE_LIMIT: "1000",
  SIGN_IN_IP_FAILURE_LIMIT: "1000",
  // The per-account lock is reached by one browser test: a low limit keeps it quick (e2e/e2e-env.ts).
  SIGN_IN_ACCOUNT_FAILURE_LIMIT: String(e2eSignInFailureLimit),
  // One test takes the SMTP server down for a moment; mail that failed then goes out soon after it is back,
  // not 30 s later (the first retry's wait, MAIL_FIRST_RETRY_SECONDS).
  MAIL_RETRY_SECONDS: "1",
  MAIL_FIRST_RETRY_SECONDS: "1",
  ADMIN_EMAIL: e2eAdmin.email,
  ADMIN_PASSWORD: e2eAdmin.password,
});

// The second admin (e2e/e2e-env.ts), made as `npm run admin -- create` makes one, before the server answers.
const ownerDb = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
await migrateToLatest(ownerDb);
const ownerWiring = wire(config, ownerDb, { log: silentLog });
await ensureAdmin(ownerWiring, { ...e2eOwner, name: "Owner" });
await ownerWiring.close();
await ownerDb.destroy();

const server = await startServer(config);

/** Test-only control, never part of the app: POST /smtp/down, POST /smtp/up, GET /smtp/received. */
createServer(async (req, res) => {
  if (req.method === "POST" && req.url === "/smtp/down") {
    await smtp.stop();
  } else if (req.method === "POST" && req.url === "/smtp/up") {
    smtp = await startSmtpSink(smtpPort);
    smtp.received = received;
  } else if (req.method === "GET" && req.url === "/smtp/received") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(received));
    return;
  }
  res.end("ok");
}).listen(e2ePort + 1, "127.0.0.1");

const stop = async () => {
  await server.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
