import { type Db, onTableWrites } from "./database.ts";

export interface KeptReadsOptions {
  /** How long a read is used again before it is read afresh: another process's writes are seen within it. */
  recheckMs: number;
  /** The time in ms, on whichever clock the caller keeps. */
  now: () => number;
  /** The most reads kept at once; the oldest is dropped first. */
  capacity: number;
}

/** Answers the read kept under `key`, or runs `read` and keeps what it answers. */
export type KeptReads<Value> = (key: string, read: () => Promise<Value>) => Promise<Value>;

/**
 * Reads of rows from `tables`, kept by key for `recheckMs` (the session guard's, docs/decisions/047; the
 * curriculum's, 052). Any write this process makes to those tables forgets them all once it has run
 * (db/table-writes.ts), so this instance's next request sees it. A read that such a write overtook is not kept.
 * On a database that openDatabase did not open there are no writes to watch, and nothing is kept.
 */
export function keptReads<Value>(
  db: Db,
  tables: readonly string[],
  options: KeptReadsOptions,
): KeptReads<Value> {
  const kept = new Map<string, { value: Value; readAt: number }>();
  let generation = 0;
  const watched = onTableWrites(db, tables, () => {
    generation++;
    kept.clear();
  });
  return async (key, read) => {
    const now = options.now();
    const known = kept.get(key);
    if (known && now - known.readAt >= 0 && now - known.readAt < options.recheckMs) return known.value;
    const readIn = generation;
    const value = await read();
    if (watched && readIn === generation) {
      if (kept.size >= options.capacity) kept.delete(kept.keys().next().value as string);
      kept.set(key, { value, readAt: now });
    }
    return value;
  };
}
