import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret that signs session cookies when BETTER_AUTH_SECRET is not set: generated once and kept beside the
 * SQLite file, so `npm start` works on a fresh machine and sessions survive a restart.
 */
export function loadOrCreateSecret(file: string): string {
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
