import { type ChildProcess, spawn } from "node:child_process";
import { closedPort } from "../support/smtp-sink.ts";

/**
 * A redis-server of the test's own on a free port, to stop and start again at will: the shared Redis of the test
 * run is never touched. Nothing is saved: started again, it is empty, like a Redis that lost its memory.
 */
export async function startPrivateRedis() {
  const port = await closedPort();
  let server: ChildProcess | undefined;

  async function start() {
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server = child;
    await new Promise<void>((resolve, reject) => {
      let output = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Ready to accept connections")) resolve();
      });
      child.once("error", reject);
      child.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
    });
  }

  /** Killed outright: its connections drop, as when its machine goes away. */
  async function stop() {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
