/**
 * Puts a backup made by `npm run backup` back into DATA_DIR (database, media, auth secret):
 *
 *   npm run restore -- <backup folder> [--force]
 *
 * Stop the server first: the restore refuses while a server has the database open, and refuses to replace data
 * already in DATA_DIR unless --force (which moves it to DATA_DIR/replaced-<time>/). Exit code 1 on any refusal.
 */
import { parseArgs } from "node:util";
import { createPrivately } from "../src/server/durability/private-files.ts";
import { restoreBackup } from "../src/server/durability/restore.ts";
import { BackupError } from "../src/server/durability/snapshot-files.ts";
import { configOrExplain } from "./cli-config.ts";

const usage = "Usage: npm run restore -- <backup folder> [--force]";

async function run(argv: string[]): Promise<number> {
  let parsed: { positionals: string[]; values: { force?: boolean } };
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { force: { type: "boolean" } } });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    return 1;
  }
  const [backupDir, ...extra] = parsed.positionals;
  if (!backupDir || extra.length > 0) {
    console.error(usage);
    return 1;
  }
  const config = configOrExplain();
  if (!config) return 1;
  if (config.DATABASE_URL) {
    console.error(
      "DATABASE_URL is set: the database is PostgreSQL, which npm run restore does not write. Restore it with " +
        "pg_restore: docs/backups.md has the commands.",
    );
    return 1;
  }
  try {
    const { manifest, replacedDir } = await restoreBackup({
      backupDir,
      dataDir: config.DATA_DIR,
      force: parsed.values.force === true,
    });
    const tables = Object.values(manifest.database.tables);
    console.log(`Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}`);
    console.log(
      `  database     ${tables.length} tables, ${tables.reduce((sum, table) => sum + table.rows, 0)} rows`,
    );
    if (manifest.media) console.log(`  media        ${manifest.media.files.length} files`);
    console.log(`  auth-secret  ${manifest.authSecret ? "restored" : "not in the backup"}`);
    if (replacedDir) console.log(`  The data that was in DATA_DIR is now in ${replacedDir}`);
    console.log("Start the server: it applies any newer migrations to the restored database.");
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
