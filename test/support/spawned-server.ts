/**
 * The real server in a child process, started the way `npm run serve` starts it (node --import tsx main.ts), for
 * the tests that stop it, kill it or read its files: the backup and crash tests.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface SpawnedServer {
  url: string;
  /** Everything it printed so far (the end of it). */
  output(): string;
  /** SIGTERM: the server's own shutdown. */
  stop(): Promise<void>;
  /** SIGKILL: no shutdown at all, as in a crash or the kernel's out-of-memory killer. */
  kill(): Promise<void>;
}

/** Starts the server with these variables (and PORT 0 on loopback); resolves once it logs "listening". */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "info", HOST: "127.0.0.1", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let pending = "";
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // Keeps the end only: the request log of a long stream would otherwise pile up.
      output = (output + text).slice(-20_000);
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.includes('"listening"')) continue;
        const { url: address } = JSON.parse(line) as { url: string };
        resolve(address.replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("close", (code) =>
      reject(new Error(`server exited with ${code} before listening:\n${output}`)),
    );
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, output: () => output, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
}

/** Runs a script of scripts/ as `npm run <name>` would; resolves with its exit code and output. */
export async function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  return { code, stdout, stderr };
}
