import type { Log } from "../http/log.ts";

/**
 * How long past its minute a counting is still served while the next one runs. Older than that (the owner back from
 * lunch), the request waits for the new count rather than show figures from an hour ago, which the reports would not
 * even say are old.
 */
export const servedStaleForMs = 10 * 60_000;

interface Entry<T> {
  last?: { value: T; at: number };
  running?: Promise<T>;
}

/**
 * Counts kept per key (a viewer, a range, a day) and served again (docs/decisions/035 and 042). For `freshForMs`
 * after it began, a counting is served as it is. After that, for `servedStaleForMs` more, a request starts the next
 * counting and is answered at once with the last one; the request after that counting ends sees the new figures.
 * Past both, or when nothing was counted yet, the request waits. `fresh` (Refresh) waits for a counting begun now,
 * or for the one already running: many presses make one count. A failed counting is logged and the next request
 * counts again. `stale: false` (a download, which says nothing of its age) waits rather than take the last one.
 */
export function keptCounts<T>(options: { what: string; freshForMs: number; maxKeys: number; log: Log }) {
  const entries = new Map<string, Entry<T>>();

  const start = (key: string, entry: Entry<T>, at: number, count: () => Promise<T>) => {
    const answer = count();
    entry.running = answer;
    answer.then(
      (value) => {
        entry.running = undefined;
        entry.last = { value, at };
      },
      (error: unknown) => {
        entry.running = undefined;
        if (!entry.last && entries.get(key) === entry) entries.delete(key);
        options.log("error", `counting the ${options.what} failed; the next request counts again`, {
          error: error instanceof Error ? error.message : String(error),
        });
      },
    );
    return answer;
  };

  return function kept(
    key: string,
    now: Date,
    count: () => Promise<T>,
    { fresh, stale = true }: { fresh: boolean; stale?: boolean },
  ) {
    const at = now.getTime();
    let entry = entries.get(key);
    if (!entry) {
      entry = {};
      entries.set(key, entry);
      if (entries.size > options.maxKeys) entries.delete(entries.keys().next().value as string);
    }
    const last = entry.last;
    const age = last ? at - last.at : Number.POSITIVE_INFINITY;
    if (last && !fresh && age < options.freshForMs) return Promise.resolve(last.value);
    const running = entry.running ?? start(key, entry, at, count);
    if (last && !fresh && stale && age < options.freshForMs + servedStaleForMs)
      return Promise.resolve(last.value);
    return running;
  };
}
