/**
 * The server the browser tests talk to: the production build on a fresh SQLite database, mailing a real SMTP
 * server on loopback. A control port lets a test take the SMTP server down and up again, and read what it got.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../src/server/app.ts";
import { systemClock } from "../src/server/clock.ts";
import { loadConfig } from "../src/server/config.ts";
import { migrateToLatest, openDatabase } from "../src/server/db/database.ts";
import { createLog } from "../src/server/http/log.ts";
import { createOutbox } from "../src/server/ports/mail/outbox.ts";
import { createSmtpTransport } from "../src/server/ports/mail/smtp-transport.ts";
import { createMemoryRateLimiter } from "../src/server/ports/rate-limit/rate-limiter.ts";
import { type ReceivedMail, startSmtpSink } from "../src/server/testing/smtp-sink.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = mkdtempSync(path.join(tmpdir(), "swim-e2e-"));
let smtp = await startSmtpSink();
const smtpPort = smtp.port;
const received: ReceivedMail[] = smtp.received;

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  SCHOOL_INBOX: "school@example.com",
  CONTACT_RATE_LIMIT: "1000",
});
const log = createLog(config.LOG_LEVEL, (line) => console.error(line));
const db = openDatabase({ sqliteFile: path.join(dataDir, "e2e.sqlite") });
await migrateToLatest(db);
const outbox = createOutbox({
  db,
  transport: createSmtpTransport(smtp.url, config.MAIL_FROM),
  clock: systemClock,
  log,
});
const app = createApp({
  config,
  db,
  outbox,
  rateLimiter: createMemoryRateLimiter(systemClock),
  clock: systemClock,
  log,
  siteRoot: path.resolve("dist/client"),
});
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });

// Test-only control, never part of the app: POST /smtp/down, POST /smtp/up, GET /smtp/received.
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
}).listen(port + 1, "127.0.0.1");

const stop = () => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
