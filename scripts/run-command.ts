/** Running the external tools the media scripts need (ffmpeg), shared by make-media.ts and import-media.ts. */
import { spawn, spawnSync } from "node:child_process";

/** Whether `ffmpeg` (a command name or path) runs here. */
export function hasFfmpeg(ffmpeg: string): boolean {
  const probe = spawnSync(ffmpeg, ["-hide_banner", "-version"], { stdio: "ignore" });
  return !probe.error && probe.status === 0;
}

/** Runs a command; rejects with the end of its stderr when it fails. */
export function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}\n${err}`)),
    );
  });
}
