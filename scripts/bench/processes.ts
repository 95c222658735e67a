import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** A port nothing listens on now, on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Starts a Node script (in `cwd`, this directory by default) and resolves once it logs that it listens. */
export async function startProcess(
  script: string,
  env: Record<string, string>,
  options: { nodeFlags?: string[]; cwd?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), "--import", "tsx", script], {
    cwd: options.cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"listening"')) {
        // From here on the log goes nowhere, as it would to a file or journald.
        child.stdout?.removeAllListeners("data").resume();
        child.stderr?.removeAllListeners("data").resume();
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${script} exited with ${code}:\n${output}`)));
  });
  return child;
}
