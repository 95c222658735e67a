/**
 * A consistent snapshot of the SQLite database and the media folder, taken while the server keeps serving:
 *
 *   npm run backup                      → DATA_DIR/backups/<UTC time>/
 *   npm run backup -- --out /mnt/b/x    → that folder
 *
 * PostgreSQL (DATABASE_URL) is backed up with pg_dump instead: see docs/backups.md. Exit code 1 on any refusal.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "../src/server/durability/backup.ts";
import { createPrivately } from "../src/server/durability/private-files.ts";
import { BackupError, folderStamp } from "../src/server/durability/snapshot-files.ts";
import { configOrExplain } from "./cli-config.ts";

const usage = "Usage: npm run backup [-- --out <folder>]";

/** 1536 → "1.5 KB". */
function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

async function run(argv: string[]): Promise<number> {
  let out: string | undefined;
  try {
    out = parseArgs({ args: argv, options: { out: { type: "string" } } }).values.out;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  const config = configOrExplain();
  if (!config) return 1;
  if (config.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: the database is PostgreSQL, which npm run backup does not copy. Back it up with " +
        "pg_dump, then copy DATA_DIR/media (or rely on the S3 bucket): docs/backups.md has the commands.",
    );
    return 1;
  }

  const now = new Date();
  const outDir = path.resolve(out ?? path.join(config.DATA_DIR, "backups", folderStamp(now)));
  try {
    const { manifest } = await createBackup({
      dataDir: config.DATA_DIR,
      outDir,
      mediaOnDisk: !config.S3_BUCKET,
      now,
    });
    const tables = Object.entries(manifest.database.tables);
    const rows = tables.reduce((sum, [, table]) => sum + table.rows, 0);
    console.log(`Backup written to ${outDir}`);
    console.log(
      `  database     ${manifest.database.file}, ${sizeOf(manifest.database.bytes)} (VACUUM INTO): ${tables.length} tables, ${rows} rows`,
    );
    console.log(`               ${tables.map(([name, table]) => `${name} ${table.rows}`).join(", ")}`);
    if (manifest.media) {
      console.log(`  media        ${manifest.media.files.length} files, ${sizeOf(manifest.media.bytes)}`);
      for (const key of manifest.media.missing) {
        console.warn(
          `  warning: media/${key} is referred to by a row but was already missing from DATA_DIR/media`,
        );
      }
    } else {
      console.log(
        `  media        not copied: they are in the S3 bucket ${config.S3_BUCKET} (docs/backups.md)`,
      );
    }
    console.log(
      `  auth-secret  ${manifest.authSecret ? "copied (keep this backup private)" : "none in DATA_DIR"}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

// A backup holds every client's data: its files are for this user only, whatever the umask.
createPrivately();
process.exitCode = await run(process.argv.slice(2));
