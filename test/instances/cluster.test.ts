import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/database.ts";
import { defaultRedisKeyPrefix } from "../../src/server/ports/rate-limit/redis-rate-limiter.ts";
import { closedPort } from "../support/smtp-sink.ts";
import { buildTestApp } from "../support/test-app.ts";
import { type PrivatePostgres, postgresBinaries, startPrivatePostgres } from "./private-postgres.ts";
import { connectTestRedis, deleteKeys, testRedisUrl } from "./test-redis.ts";
import { postgresUrl } from "./two-instances.ts";
import { type Send, terminateWhileWriting, type WriteTargets, writeTargets } from "./writes-in-flight.ts";

/**
 * `npm run start:cluster` for real: scripts/cluster.ts with 2 instances on a PostgreSQL database of its own (on a
 * private server when this machine has PostgreSQL's programs, else on the tests' server) and the tests' Redis, reached through its one port over fresh connections (the primary hands each new connection to
 * the next instance). Each request's log line names the instance's process, which tells who answered.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const admin = { email: "cluster-admin@example.com", password: "cluster-password-1" };

interface LogLine {
  message: string;
  requestId?: string;
  pid?: number;
  pids?: number[];
  status?: number;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let cluster: ChildProcess;
let port: number;
let dataDir: string;
let databaseName: string;
let clusterDatabaseUrl: string;
const lines: LogLine[] = [];
let output = "";

/** One request on a connection of its own, with an id to find its log line by. */
function request(
  method: string,
  pathname: string,
  options: { cookie?: string; body?: unknown; ip?: string } = {},
): Promise<Answer & { requestId: string }> {
  const requestId = randomBytes(8).toString("hex");
  const headers: Record<string, string> = { "x-request-id": requestId };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers["x-forwarded-for"] = options.ip;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (body) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: pathname, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            requestId,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The log line matching `match`, once some process has written it. */
async function logLine(match: (line: LogLine) => boolean, timeoutMs = 5000): Promise<LogLine> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = lines.find(match);
    if (found) return found;
    if (Date.now() > deadline || cluster.exitCode !== null) {
      throw new Error(`no such log line; the cluster wrote:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The process id of the instance that answered. */
async function answeredBy(answer: { requestId: string }): Promise<number> {
  const line = await logLine((each) => each.message === "request" && each.requestId === answer.requestId);
  return line.pid ?? 0;
}

const cookieOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? [])
    .filter((cookie) => !/max-age=0\b/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

let pids: number[] = [];
const postgresBin = postgresBinaries();
let privatePostgres: PrivatePostgres | undefined;

describe.skipIf(!postgresUrl)(
  "npm run start:cluster, 2 instances behind one port (PostgreSQL suite only; skipped in the SQLite run)",
  () => {
    beforeAll(async () => {
      // A private server when this machine has PostgreSQL's programs, so that one test can restart it.
      if (postgresBin) privatePostgres = await startPrivatePostgres(postgresBin);
      const serverUrl = privatePostgres?.url ?? postgresUrl ?? "";
      databaseName = `swim_cluster_${randomBytes(5).toString("hex")}`;
      const client = new pg.Client(serverUrl);
      await client.connect();
      await client.query(`create database ${databaseName}`);
      await client.end();
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${databaseName}`;
      clusterDatabaseUrl = databaseUrl.toString();

      dataDir = mkdtempSync(path.join(tmpdir(), "swim-cluster-"));
      port = await closedPort();
      cluster = spawn(process.execPath, ["--import", "tsx", "scripts/cluster.ts"], {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          INSTANCES: "2",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl.toString(),
          REDIS_URL: testRedisUrl,
          TRUST_PROXY: "true",
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let pending = "";
      cluster.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        pending += chunk.toString();
        const complete = pending.split("\n");
        pending = complete.pop() ?? "";
        for (const text of complete) {
          try {
            lines.push(JSON.parse(text) as LogLine);
          } catch {
            // not a log line
          }
        }
      });
      cluster.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      // Seconds on a quiet machine; a loaded one (a full test run on 2 cores) may take far longer to start three
      // Node processes.
      const ready = await logLine((line) => line.message === "cluster listening", 80_000);
      pids = ready.pids ?? [];
    }, 90_000);

    afterAll(async () => {
      if (cluster && cluster.exitCode === null) {
        cluster.kill("SIGKILL");
        await new Promise((resolve) => cluster.once("exit", resolve));
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (privatePostgres) await privatePostgres.stop();
      else if (databaseName) {
        const client = new pg.Client(postgresUrl);
        await client.connect();
        await client.query(`drop database if exists ${databaseName} with (force)`);
        await client.end();
      }
    });

    it("answers through one port from both instances", async () => {
      expect(new Set(pids).size).toBe(2);
      const answeredPids = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const answer = await request("GET", "/healthz");
        expect(answer.status).toBe(200);
        answeredPids.add(await answeredBy(answer));
      }
      expect([...answeredPids].sort()).toEqual([...pids].sort());
    });

    it("a session made through one instance works on the other", async () => {
      const signIn = await request("POST", "/api/session/sign-in", { body: admin });
      expect(signIn.status).toBe(200);
      const cookie = cookieOf(signIn);
      const signedInOn = await answeredBy(signIn);

      // Fresh connections until one reaches the other instance (the next one does, in turn).
      let elsewhere: (Answer & { requestId: string }) | undefined;
      for (let i = 0; i < 6 && !elsewhere; i++) {
        const answer = await request("GET", "/api/session", { cookie });
        if ((await answeredBy(answer)) !== signedInOn) elsewhere = answer;
      }
      expect(elsewhere?.status).toBe(200);
      expect(JSON.parse(elsewhere?.body ?? "{}")).toMatchObject({
        user: { email: admin.email, role: "admin" },
      });
    });

    it("the contact limit counts the caller's messages on both instances together", async () => {
      // An address no other run uses: this cluster counts under the site's own Redis prefix.
      const ip = `2001:db8::${randomBytes(4)
        .toString("hex")
        .replace(/^(.{4})/, "$1:")}`;
      const statuses: number[] = [];
      const by = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const answer = await request("POST", "/api/contact", {
          ip,
          body: {
            firstName: "Maria",
            lastName: "Lopez",
            email: "maria@example.com",
            phoneNumber: "+1 555 010 2020",
            message: `Cluster question ${i} about lessons.`,
          },
        });
        statuses.push(answer.status);
        by.add(await answeredBy(answer));
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      expect(by.size).toBe(2);
      const redis = await connectTestRedis();
      await deleteKeys(redis, `${defaultRedisKeyPrefix}rate:*:contact:${ip}`);
      redis.disconnect();
    });

    /** The admin's writes through the cluster's port, and what they write to (made once). */
    let writes: Promise<{ send: Send; targets: WriteTargets; cookie: string }> | undefined;
    function prepareWrites() {
      writes ??= (async () => {
        const cookie = cookieOf(await request("POST", "/api/session/sign-in", { body: admin }));
        const setup = openDatabase({ databaseUrl: clusterDatabaseUrl });
        const targets = await writeTargets(buildTestApp(setup), new Date().toISOString().slice(0, 10));
        await setup.destroy();
        const send: Send = async (method, pathname, body) => {
          const answer = await request(method, pathname, { cookie, body });
          const json = JSON.parse(answer.body) as { error?: { code: string } };
          return { status: answer.status, code: json.error?.code };
        };
        return { send, targets, cookie };
      })();
      return writes;
    }

    /**
     * Eight writers, four held inside their transactions on each instance, when `cut` (or terminating their
     * backends) cuts their connections: each answers 503, the requests during the cut 503 or 200, both
     * instances live on and answer the next requests.
     */
    async function writeThroughCut(cut?: () => Promise<void>) {
      const { send, targets, cookie } = await prepareWrites();
      const linesBefore = lines.length;
      const writers = 8;
      const report = await terminateWhileWriting({
        send,
        targets,
        databaseUrl: clusterDatabaseUrl,
        ours: { database: databaseName },
        writers,
        roundsAfter: 3,
        cut,
      });

      if (!cut) expect(report.terminated).toBeGreaterThanOrEqual(writers);
      expect(report.inFlight).toEqual(Array(writers).fill({ status: 503, code: "service-unavailable" }));
      for (const answer of report.afterwards) {
        expect([{ status: 200 }, { status: 503, code: "service-unavailable" }]).toContainEqual(answer);
      }
      // Both instances lost connections, and both live on: the same processes answer the next requests.
      const cutOn = lines
        .slice(linesBefore)
        .filter((line) => line.message === "database unavailable")
        .map((line) => line.pid);
      expect(new Set(cutOn)).toEqual(new Set(pids));
      const answeredPids = new Set<number>();
      for (let i = 0; i < 4; i++) {
        const answer = await request("POST", "/api/bookings", { cookie, body: targets.booking });
        expect(answer.status).toBe(200);
        answeredPids.add(await answeredBy(answer));
      }
      expect([...answeredPids].sort()).toEqual([...pids].sort());
      expect(lines.filter((line) => line.message.startsWith("an instance"))).toEqual([]);
      expect(cluster.exitCode).toBe(null);
    }

    it("writes in flight when their PostgreSQL backends are terminated answer 503; no instance restarts", async () => {
      await writeThroughCut();
    }, 60_000);

    it.skipIf(!postgresBin)(
      "writes in flight when PostgreSQL restarts answer 503, those during the restart 503; no instance restarts",
      async () => {
        await writeThroughCut(() => privatePostgres?.restart() ?? Promise.resolve());
      },
      60_000,
    );

    it("stops every instance on SIGTERM", async () => {
      const exited = new Promise<number | null>((resolve) => cluster.once("exit", resolve));
      cluster.kill("SIGTERM");
      expect(await exited).toBe(0);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    });
  },
);
