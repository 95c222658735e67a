import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** One real server process (`node --import tsx src/server/main.ts`), as `npm run serve` starts it. */
export interface Instance {
  name: string;
  url: string;
  pid: number;
  logFile: string;
  process: ChildProcess;
}

/** A port nobody listens on now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export async function startInstance(
  name: string,
  env: Record<string, string>,
  logFolder: string,
): Promise<Instance> {
  const port = await freePort();
  const logFile = path.join(logFolder, `${name}.log`);
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  if (child.pid === undefined) throw new Error(`${name} did not start`);
  const instance = { name, url: `http://127.0.0.1:${port}`, pid: child.pid, logFile, process: child };
  await waitUntilHealthy(instance);
  return instance;
}

async function waitUntilHealthy(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) {
      throw new Error(`${instance.name} exited at start-up:\n${tail(instance.logFile)}`);
    }
    try {
      if ((await fetch(`${instance.url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `${instance.name} was not healthy within ${timeoutMs / 1000} s:\n${tail(instance.logFile)}`,
  );
}

/** SIGTERM (the server finishes its requests), SIGKILL after `graceMs`. */
export async function stopInstance(instance: Instance, graceMs = 10_000): Promise<void> {
  const child = instance.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** The process's resident set size in bytes (Linux), or null once it has exited. */
export function residentBytes(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}
