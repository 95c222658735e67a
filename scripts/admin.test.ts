import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/server/db/database.ts";

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), "swim-admin-"));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "info", NODE_ENV: "test" };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function admins() {
  const db = openDatabase({ sqliteFile: path.join(dataDir, "swim-school.sqlite") });
  try {
    return await db.selectFrom("user").select(["email", "role"]).orderBy("email").execute();
  } finally {
    await db.destroy();
  }
}

// Each run starts Node with tsx on the whole server: seconds, not milliseconds.
/** Starts the server as `npm start` does and stops it once it listens; returns what it logged. */
async function startServerOnce(extraEnv: Record<string, string>): Promise<string> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...env, PORT: "0", HOST: "127.0.0.1", ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('"listening"')) resolve();
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("close", resolve));
  }
  return output;
}

describe("first admin", () => {
  it("npm run admin -- create makes the admin once; a second run changes nothing", async () => {
    const script = ["--import", "tsx", "scripts/admin.ts", "create"];
    const first = await run(
      process.execPath,
      [...script, "--email", "Owner@Example.com", "--password", "owner-pass-1"],
      { env },
    );
    expect(first.stdout).toContain("Admin owner@example.com created.");
    const second = await run(
      process.execPath,
      [...script, "--email", "owner@example.com", "--password", "other-pass-2"],
      { env },
    );
    expect(second.stdout).toContain("already exists");
    expect(await admins()).toEqual([{ email: "owner@example.com", role: "admin" }]);
    await expect(
      run(process.execPath, [...script, "--email", "x@example.com"], { env }),
    ).rejects.toMatchObject({
      code: 1,
    });
  }, 120_000);

  it("ADMIN_EMAIL and ADMIN_PASSWORD create that admin on start, once", async () => {
    const adminEnv = { ADMIN_EMAIL: "boss@example.com", ADMIN_PASSWORD: "boss-password-1" };
    expect(await startServerOnce(adminEnv)).toContain('"admin created"');
    expect(await startServerOnce(adminEnv)).toContain('"admin exists"');
    expect((await admins()).filter((user) => user.email === "boss@example.com")).toEqual([
      { email: "boss@example.com", role: "admin" },
    ]);
  }, 120_000);
});
