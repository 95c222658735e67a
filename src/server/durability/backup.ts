import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { chmod, copyFile, mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import { assertKey } from "../ports/media/media-store.ts";
import { privateFileMode } from "./private-files.ts";
import {
  authSecretFileName,
  BackupError,
  type BackupManifest,
  databaseFileName,
  fsyncFolders,
  fsyncPath,
  manifestFileName,
  mediaFolderName,
  mediaKeysIn,
  sha256File,
  tableDigests,
} from "./snapshot-files.ts";

export interface BackupOptions {
  /** The server's DATA_DIR. */
  dataDir: string;
  /** The backup folder to make; it must not exist yet (or be empty). */
  outDir: string;
  /** False when the media are in an S3 bucket rather than DATA_DIR/media: only the database is copied. */
  mediaOnDisk: boolean;
  now?: Date;
}

/** A few rounds are enough: a round is repeated only when a picture was deleted during the one before. */
const maxRounds = 3;

type CopiedFile = { bytes: number; sha256: string };

/**
 * A consistent snapshot of DATA_DIR while the server keeps serving.
 *
 * The database is copied with `VACUUM INTO`: one read transaction, so the copy is the database at one commit,
 * and in WAL mode it neither blocks the server's writes nor is disturbed by them. (better-sqlite3's online
 * backup API copies page by page between steps and starts over whenever another connection writes, so a busy
 * site could keep it from ever finishing.) The copy is also compacted.
 *
 * Then the picture files that the copy's rows refer to. An upload writes its files before its row commits
 * (media/service.ts storePicture), and files are never rewritten (each key holds a new random id), so every row
 * in the copy already had its files when the copy was taken. A deletion removes the row first and the files
 * after: a picture deleted between the copy and the file copy is the one way a file can be missing, and the
 * round is then taken again with a newer copy, whose row is gone too. A key whose row is still in the live
 * database but whose file is not on disk either was lost before the backup: it is listed, not waited for.
 */
export async function createBackup(
  options: BackupOptions,
): Promise<{ outDir: string; manifest: BackupManifest }> {
  const dataDir = path.resolve(options.dataDir);
  const outDir = path.resolve(options.outDir);
  const liveFile = path.join(dataDir, databaseFileName);
  const liveMedia = path.join(dataDir, mediaFolderName);
  if (!existsSync(liveFile)) {
    throw new BackupError(`No database at ${liveFile}: nothing to back up (is DATA_DIR right?).`);
  }
  if (existsSync(outDir) && readdirSync(outDir).length > 0) {
    throw new BackupError(`${outDir} already exists and is not empty: choose another --out.`);
  }

  const staging = `${outDir}.incomplete-${randomBytes(4).toString("hex")}`;
  await mkdir(staging, { recursive: true });
  const snapshotFile = path.join(staging, databaseFileName);
  // Read-write, though it only reads: a read-only connection cannot open a WAL database whose -shm is missing.
  const live = new SQLite(liveFile, { fileMustExist: true, timeout: 5000 });
  try {
    const copied = new Map<string, CopiedFile>();
    let missing: string[] = [];
    for (let round = 1; ; round++) {
      await rm(snapshotFile, { force: true });
      live.prepare("VACUUM INTO ?").run(snapshotFile);
      if (!options.mediaOnDisk) break;

      const wanted = referencedKeys(snapshotFile);
      for (const key of wanted) {
        if (copied.has(key)) continue;
        const file = await copyMediaFile(liveMedia, path.join(staging, mediaFolderName), key);
        if (file) copied.set(key, file);
      }
      // Files of rows an earlier round saw and this one does not (deleted meanwhile) are not kept.
      for (const key of copied.keys()) {
        if (wanted.has(key)) continue;
        copied.delete(key);
        await rm(path.join(staging, mediaFolderName, ...key.split("/")), { force: true });
      }
      missing = [...wanted].filter((key) => !copied.has(key));
      if (missing.length === 0) break;
      const stillReferenced = mediaKeysIn(live);
      const lostBefore = missing.every(
        (key) => stillReferenced.has(key) && !existsSync(path.join(liveMedia, ...key.split("/"))),
      );
      if (lostBefore) break;
      if (round === maxRounds) {
        throw new BackupError(
          `Pictures kept being deleted during the backup (${missing.length} files went with their rows); run it again.`,
        );
      }
    }
    await fsyncPath(snapshotFile);
    checkIntegrity(snapshotFile);

    const hasSecret = existsSync(path.join(dataDir, authSecretFileName));
    if (hasSecret) {
      const target = path.join(staging, authSecretFileName);
      await copyFile(path.join(dataDir, authSecretFileName), target);
      await chmod(target, privateFileMode);
      await fsyncPath(target);
    }

    const database = await sha256File(snapshotFile);
    const files = [...copied]
      .map(([key, file]) => ({ key, ...file }))
      .sort((a, b) => a.key.localeCompare(b.key));
    const manifest: BackupManifest = {
      format: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: {
        file: databaseFileName,
        ...database,
        method: "VACUUM INTO",
        tables: tableDigests(snapshotFile),
      },
      media: options.mediaOnDisk
        ? { files, bytes: files.reduce((sum, file) => sum + file.bytes, 0), missing: missing.sort() }
        : null,
      authSecret: hasSecret,
    };
    const manifestFile = path.join(staging, manifestFileName);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    await fsyncPath(manifestFile);
    await fsyncFolders(staging);

    if (existsSync(outDir)) await rm(outDir, { recursive: true });
    await rename(staging, outDir);
    await fsyncPath(path.dirname(outDir));
    return { outDir, manifest };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    live.close();
  }
}

function referencedKeys(snapshotFile: string): Set<string> {
  const snapshot = new SQLite(snapshotFile, { readonly: true, fileMustExist: true });
  try {
    return mediaKeysIn(snapshot);
  } finally {
    snapshot.close();
  }
}

/** Copies one picture file, flushed to disk; null when it is not there (deleted, or lost before). */
async function copyMediaFile(fromRoot: string, toRoot: string, key: string): Promise<CopiedFile | null> {
  assertKey(key);
  const parts = key.split("/");
  const target = path.join(toRoot, ...parts);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await copyFile(path.join(fromRoot, ...parts), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  // A copy keeps its source's mode, which an older version left readable by others.
  await chmod(target, privateFileMode);
  await fsyncPath(target);
  return sha256File(target);
}

function checkIntegrity(file: string) {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma("integrity_check", { simple: true });
    if (result !== "ok")
      throw new BackupError(`The database copy failed its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}
