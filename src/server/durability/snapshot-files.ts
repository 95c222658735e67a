/**
 * What a backup folder holds and how its parts are checked: shared by `npm run backup`, `npm run restore` and
 * their tests. A backup is a folder:
 *
 *   manifest.json        what is in it, with a sha256 of every file (written last)
 *   swim-school.sqlite   the database, a consistent copy (VACUUM INTO)
 *   media/<key>          the picture files the database's rows refer to, under their media keys
 *   auth-secret          the session-signing secret main.ts keeps in DATA_DIR, when there is one
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";

/** The files the server keeps in DATA_DIR (src/server/server.ts and wiring.ts name them the same). */
export { sqliteFileName as databaseFileName } from "../db/database.ts";
export const mediaFolderName = "media";
export const authSecretFileName = "auth-secret";
export const manifestFileName = "manifest.json";

export interface TableDigest {
  rows: number;
  /** sha256 of the table's rows, in an order that does not depend on where SQLite stored them. */
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: {
    file: string;
    bytes: number;
    sha256: string;
    method: "VACUUM INTO";
    tables: Record<string, TableDigest>;
  };
  /** null when the media are not on local disk (S3_BUCKET): they are not part of the backup. */
  media: {
    files: { key: string; bytes: number; sha256: string }[];
    bytes: number;
    /** Keys the database refers to whose files were already missing from DATA_DIR/media: not in the backup. */
    missing: string[];
  } | null;
  authSecret: boolean;
}

/** A refusal or a failure the shell tools print as one line and exit 1 on. */
export class BackupError extends Error {}

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** Flushes a file or a folder (its entries: a rename is durable once its folder is flushed) to the disk. */
export async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every folder under `root`, deepest first, then `root`: the entries made in them are on disk. */
export async function fsyncFolders(root: string): Promise<void> {
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true }).reverse()) {
    if (entry.isDirectory()) await fsyncPath(path.join(entry.parentPath, entry.name));
  }
  await fsyncPath(root);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function tableNames(db: SQLite.Database): string[] {
  return db
    .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
    .pluck()
    .all()
    .map(String)
    .sort();
}

/**
 * Rows and a checksum per table. Rows are read sorted by every column, since VACUUM may renumber the hidden
 * rowid of tables without an INTEGER PRIMARY KEY: two files with the same rows get the same digest.
 */
export function tableDigests(file: string): Record<string, TableDigest> {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const digests: Record<string, TableDigest> = {};
    for (const table of tableNames(db)) {
      const columns = db.pragma(`table_info(${quoted(table)})`) as unknown[];
      const order = columns.map((_, index) => index + 1).join(", ");
      const hash = createHash("sha256");
      let rows = 0;
      for (const row of db
        .prepare(`select * from ${quoted(table)} order by ${order}`)
        .raw()
        .iterate()) {
        hash.update(`${JSON.stringify(row)}\n`);
        rows++;
      }
      digests[table] = { rows, sha256: hash.digest("hex") };
    }
    return digests;
  } finally {
    db.close();
  }
}

/** The columns holding media keys (migration 0007): a row's picture files are these keys in the media store. */
const mediaKeyColumns = [
  ["milestone", "imageKey"],
  ["milestone", "thumbnailKey"],
  ["galleryItem", "imageKey"],
  ["galleryItem", "thumbnailKey"],
] as const;

/** Every media key the database's rows refer to, as this connection sees the database now. */
export function mediaKeysIn(db: SQLite.Database): Set<string> {
  const tables = new Set(tableNames(db));
  const selects = mediaKeyColumns
    .filter(([table]) => tables.has(table))
    .map(
      ([table, column]) =>
        `select ${quoted(column)} from ${quoted(table)} where ${quoted(column)} is not null`,
    );
  if (selects.length === 0) return new Set();
  return new Set(db.prepare(selects.join(" union ")).pluck().all().map(String));
}

/** An ISO moment usable in a folder name on every system: 2026-03-05T14-03-22Z. */
export function folderStamp(moment: Date): string {
  return moment
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");
}

/**
 * Whether another process has the SQLite file open. In WAL mode every open connection holds a shared lock on
 * the database file for as long as it is open, idle or not; a connection in EXCLUSIVE locking mode needs the
 * exclusive lock to start, so it fails at once (busy timeout 0) while a server has the database open. A server
 * that was killed holds nothing: the kernel drops its locks with the process. POSIX locks only: a server on
 * another machine sharing the folder over a network file system may not be seen.
 */
export function isDatabaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE; COMMIT");
    return false;
  } catch (error) {
    if (error instanceof SQLite.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code)) return true;
    throw error;
  } finally {
    probe.close();
  }
}
