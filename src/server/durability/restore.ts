import { existsSync, readdirSync } from "node:fs";
import { chmod, copyFile, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import { assertKey } from "../ports/media/media-store.ts";
import { privateFileMode } from "./private-files.ts";
import {
  authSecretFileName,
  BackupError,
  type BackupManifest,
  databaseFileName,
  folderStamp,
  fsyncFolders,
  fsyncPath,
  isDatabaseInUse,
  manifestFileName,
  mediaFolderName,
  sha256File,
} from "./snapshot-files.ts";

/** Reads the backup's manifest and checks every file against it: a damaged or unfinished backup is refused. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const manifestFile = path.join(backupDir, manifestFileName);
  if (!existsSync(manifestFile)) {
    throw new BackupError(`${backupDir} is not a finished backup: it has no ${manifestFileName}.`);
  }
  const manifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new BackupError(`Unknown backup format ${String(manifest.format)}.`);

  const mismatch = (what: string) =>
    new BackupError(`The backup is damaged: ${what} does not match its manifest; nothing was restored.`);
  const database = path.join(backupDir, manifest.database.file);
  if (!existsSync(database) || (await sha256File(database)).sha256 !== manifest.database.sha256) {
    throw mismatch(manifest.database.file);
  }
  for (const file of manifest.media?.files ?? []) {
    assertKey(file.key);
    const stored = path.join(backupDir, mediaFolderName, ...file.key.split("/"));
    if (!existsSync(stored)) throw mismatch(`media/${file.key}`);
    const found = await sha256File(stored);
    if (found.sha256 !== file.sha256 || found.bytes !== file.bytes) throw mismatch(`media/${file.key}`);
  }
  if (manifest.authSecret && !existsSync(path.join(backupDir, authSecretFileName))) {
    throw mismatch(authSecretFileName);
  }
  return manifest;
}

export interface RestoreOptions {
  backupDir: string;
  /** The server's DATA_DIR. */
  dataDir: string;
  /** Replace a database or media already there (they are moved aside, not deleted). */
  force: boolean;
  now?: Date;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the database and media that were in DATA_DIR went, when there were any. */
  replacedDir: string | null;
}

/**
 * Puts a backup's database, picture files and auth secret into DATA_DIR. Refused while a server has the database
 * open, and, without `force`, when DATA_DIR already holds data. Everything is copied and flushed beside the
 * target first, then moved in by renames; what was there is moved to DATA_DIR/replaced-<time>/.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const backupDir = path.resolve(options.backupDir);
  const dataDir = path.resolve(options.dataDir);
  const manifest = await verifyBackup(backupDir);

  const liveFile = path.join(dataDir, databaseFileName);
  if (isDatabaseInUse(liveFile)) {
    throw new BackupError(
      `A server is using ${liveFile} (the database is open): stop it first, then run the restore again.`,
    );
  }
  // The -wal and -shm go with their database: a stale WAL beside the restored file would be replayed into it.
  const existing = [
    databaseFileName,
    `${databaseFileName}-wal`,
    `${databaseFileName}-shm`,
    mediaFolderName,
    authSecretFileName,
  ].filter((name) => existsSync(path.join(dataDir, name)));
  const holdsData = existing.some(
    (name) =>
      name === databaseFileName ||
      (name === mediaFolderName && readdirSync(path.join(dataDir, name)).length > 0),
  );
  if (holdsData && !options.force) {
    throw new BackupError(
      `${dataDir} already holds a database or media: add --force to replace them (they are moved to ${dataDir}/replaced-<time>/, not deleted).`,
    );
  }

  const stamp = folderStamp(options.now ?? new Date());
  const staging = path.join(dataDir, `.restoring-${stamp}`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.join(staging, mediaFolderName), { recursive: true });
  try {
    await copyInto(path.join(backupDir, manifest.database.file), path.join(staging, databaseFileName));
    for (const file of manifest.media?.files ?? []) {
      const parts = file.key.split("/");
      await copyInto(
        path.join(backupDir, mediaFolderName, ...parts),
        path.join(staging, mediaFolderName, ...parts),
      );
    }
    if (manifest.authSecret) {
      await copyInto(path.join(backupDir, authSecretFileName), path.join(staging, authSecretFileName));
    }
    checkRestoredCopy(path.join(staging, databaseFileName), manifest);
    await fsyncFolders(staging);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  let replacedDir: string | null = null;
  if (existing.length > 0) {
    replacedDir = path.join(dataDir, `replaced-${stamp}`);
    await mkdir(replacedDir, { recursive: true });
    for (const name of existing) await rename(path.join(dataDir, name), path.join(replacedDir, name));
  }
  const restored = [
    databaseFileName,
    manifest.media ? mediaFolderName : null,
    manifest.authSecret ? authSecretFileName : null,
  ];
  for (const name of restored) {
    if (name) await rename(path.join(staging, name), path.join(dataDir, name));
  }
  await rm(staging, { recursive: true, force: true });
  await fsyncPath(dataDir);
  return { manifest, replacedDir };
}

async function copyInto(from: string, to: string): Promise<void> {
  await mkdir(path.dirname(to), { recursive: true });
  await copyFile(from, to);
  // A copy keeps its source's mode: a backup an older version wrote is readable by others.
  await chmod(to, privateFileMode);
  await fsyncPath(to);
}

/** The copy about to go in opens as a sound SQLite database with the backup's tables. */
function checkRestoredCopy(file: string, manifest: BackupManifest) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("quick_check", { simple: true });
    if (result !== "ok") throw new BackupError(`The restored database failed its check: ${String(result)}`);
    for (const [table, { rows }] of Object.entries(manifest.database.tables)) {
      const count = db
        .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
        .pluck()
        .get();
      if (count !== rows)
        throw new BackupError(`The restored table ${table} has ${count} rows, not ${rows}.`);
    }
  } finally {
    db.close();
  }
}
