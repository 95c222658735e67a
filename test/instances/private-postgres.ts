import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { closedPort } from "../support/smtp-sink.ts";

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, to restart or stop at will: the
 * shared server of the test run is never touched. initdb refuses to run as root, so as root it runs as the
 * `postgres` user.
 */

/** The folder of initdb and pg_ctl: PG_BINDIR, or the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinaries(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export interface PrivatePostgres {
  url: string;
  /** pg_ctl restart -m fast: every session is terminated, connections are refused until it is back up. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const folder = mkdtempSync(path.join(tmpdir(), "private-postgres-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(folder, uid, gid);
  }
  // Never synchronous: the site under test keeps serving while the server restarts.
  const run = async (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    if (asRoot) await promisify(execFile)("runuser", ["-u", "postgres", "--", command, ...args]);
    else await promisify(execFile)(command, args);
  };
  const data = path.join(folder, "data");
  const port = await closedPort();
  const serverOptions = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (...args: string[]) => run("pg_ctl", ["-D", data, "-l", path.join(folder, "log"), ...args]);

  await run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  await pgCtl("-o", serverOptions, "-w", "start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => pgCtl("-o", serverOptions, "-m", "fast", "-w", "restart"),
    async stop() {
      try {
        await pgCtl("-m", "immediate", "-w", "stop");
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}
