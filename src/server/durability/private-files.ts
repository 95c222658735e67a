/**
 * Clients' names, children's photos and the session secret are nobody else's business on a shared machine: what
 * the server and the backup tools write is their user's alone (files 600, folders 700), whatever umask they were
 * started with.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { authSecretFileName, databaseFileName, mediaFolderName } from "./snapshot-files.ts";

export const privateFileMode = 0o600;
export const privateFolderMode = 0o700;

/**
 * From now on this process creates files and folders for its user only, as PostgreSQL's server does: the one way
 * to cover SQLite's database, -wal and -shm, which it creates itself. (A worker thread cannot change the umask;
 * the processes that write DATA_DIR are never one.)
 */
export function createPrivately(): void {
  if (isMainThread) process.umask(0o077);
}

/** The files and folders the server and the tools keep in DATA_DIR (backups/ and replaced-*: npm run backup, restore). */
const ownEntry = (name: string) =>
  name.startsWith(databaseFileName) ||
  name === authSecretFileName ||
  name === mediaFolderName ||
  name === "backups" ||
  name.startsWith("replaced-");

/**
 * Closes a DATA_DIR that an older version (or a copy) left readable by others: DATA_DIR itself and what the site
 * keeps in it, all the way down. Cheap on every start but the first: once DATA_DIR is 700 nobody else can reach
 * anything in it, so nothing more is looked at. DATA_DIR itself is closed last, so an interrupted run is redone.
 * Answers why it could not (the folder belongs to another user, a read-only disk): the server logs it and starts.
 */
export function tightenDataDir(dataDir: string): string | null {
  try {
    if ((statSync(dataDir).mode & 0o077) === 0) return null;
    for (const name of readdirSync(dataDir).filter(ownEntry)) tighten(path.join(dataDir, name));
    chmodSync(dataDir, privateFolderMode);
    return null;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === "ENOENT") return null;
    if (code === "EPERM" || code === "EACCES" || code === "EROFS") return message;
    throw error;
  }
}

/** A file 600, a folder 700 with everything in it; a symbolic link is left alone (and not followed). */
export function tighten(target: string): void {
  const stats = lstatSync(target);
  if (stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    for (const name of readdirSync(target)) tighten(path.join(target, name));
    chmodSync(target, privateFolderMode);
  } else {
    chmodSync(target, privateFileMode);
  }
}
