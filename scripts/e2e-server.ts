/**
 * The server the browser tests talk to: the real start-up (src/server/server.ts) on the production build, a fresh
 * SQLite database with one admin, mailing a real SMTP server on loopback. A control port lets a test take the SMTP
 * server down and up again, read what it got, and run the class reminders' sweep now.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  e2eAdmin,
  e2eLanguageOwner,
  e2ePort,
  e2eSchoolZone,
  e2eSecondAdmin,
  e2eSignInFailureLimit,
} from "../e2e/e2e-env.ts";
import { systemClock } from "../src/server/clock.ts";
import { loadConfig } from "../src/server/config.ts";
import { type Db, openDatabase, sqliteFileIn } from "../src/server/db/database.ts";
import { createLog } from "../src/server/http/log.ts";
import { createOutbox } from "../src/server/ports/mail/outbox.ts";
import { createSmtpTransport } from "../src/server/ports/mail/smtp-transport.ts";
import { queueDueReminders, type ReminderDeps } from "../src/server/reminders/service.ts";
import { startServer } from "../src/server/server.ts";
import { seedProgress } from "../test/support/factories.ts";
import { type ReceivedMail, startSmtpSink } from "../test/support/smtp-sink.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "swim-e2e-"));
let smtp = await startSmtpSink();
const smtpPort = smtp.port;
const received: ReceivedMail[] = smtp.received;

const server = await startServer(
  loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    PORT: String(e2ePort),
    PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    TZ_SCHOOL: e2eSchoolZone,
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
  }),
);

// The other owners, through the same command a school runs (npm run admin -- create).
for (const owner of [e2eSecondAdmin, e2eLanguageOwner]) {
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "create", "--email", owner.email, "--password", owner.password],
    { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" }, stdio: "ignore" },
  );
}

/**
 * The server sweeps for tomorrow's classes each minute from CLASS_REMINDER_HOUR on; a test asks for a sweep now, at
 * any hour, through its own connection to the same database and the same SMTP server.
 */
let sweep: ReminderDeps | undefined;
function reminderSweep(): ReminderDeps {
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    TZ_SCHOOL: e2eSchoolZone,
    CLASS_REMINDER_HOUR: "0",
  });
  const db = openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  const transport = createSmtpTransport(smtp.url, config.MAIL_FROM);
  const outbox = createOutbox({ db, transport, clock: systemClock, log: createLog("warn"), config });
  return { db, outbox, clock: systemClock, config };
}

/** A connection of the test process's own to the server's database, for the factories' rows (test data). */
let factoriesDb: Db | undefined;

async function jsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

/**
 * Test-only control, never part of the app: POST /smtp/down, POST /smtp/up, GET /smtp/received,
 * POST /reminders/sweep (answers how many reminders it queued), and POST /factories/progress (writes the
 * assessments and level results it is sent with test/support/factories.ts's seedProgress: a spec's history of
 * ratings, which no route writes in bulk).
 */
createServer(async (req, res) => {
  if (req.method === "POST" && req.url === "/factories/progress") {
    factoriesDb ??= openDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    const body = (await jsonBody(req)) as Parameters<typeof seedProgress>[1];
    const answer = await seedProgress(factoriesDb, body).then(
      (written) => ({ status: 200, body: written }),
      (error: unknown) => ({ status: 500, body: { error: String(error) } }),
    );
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
    return;
  }
  if (req.method === "POST" && req.url === "/smtp/down") {
    await smtp.stop();
  } else if (req.method === "POST" && req.url === "/smtp/up") {
    smtp = await startSmtpSink(smtpPort);
    smtp.received = received;
  } else if (req.method === "POST" && req.url === "/reminders/sweep") {
    sweep ??= reminderSweep();
    const answer = await queueDueReminders(sweep).then(
      (queued) => ({ status: 200, body: { queued } }),
      (error: unknown) => ({ status: 500, body: { error: String(error) } }),
    );
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
    return;
  } else if (req.method === "GET" && req.url === "/smtp/received") {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify(received));
    return;
  }
  res.end("ok");
}).listen(e2ePort + 1, "127.0.0.1");

const stop = async () => {
  await server.stop().catch(() => {});
  await sweep?.db.destroy().catch(() => {});
  await factoriesDb?.destroy().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
