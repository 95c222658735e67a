import { Worker } from "node:worker_threads";
import type { Log } from "../http/log.ts";
import { type Db, sqliteFileOf } from "./database.ts";

/**
 * A long read-only count over the whole school (the overview's, the reports'): `run` reads `db` and answers from
 * `input` alone, both of which a thread can be sent (plain data: no Date, no function). `module` is the URL of the
 * module that exports the task as `name`, so a worker thread can import it and run the same code.
 */
export interface CountTask<Input, Output> {
  module: string;
  name: string;
  run(db: Db, input: Input): Promise<Output>;
}

/** Declares a count: `export const x = countTask(import.meta.url, "x", run)`. */
export const countTask = <Input, Output>(
  module: string,
  name: string,
  run: (db: Db, input: Input) => Promise<Output>,
): CountTask<Input, Output> => ({ module, name, run });

/** Where the counts run, for the app's lifetime: `close` ends the worker thread, if one was started. */
export interface Counter {
  count<Input, Output>(task: CountTask<Input, Output>, input: Input): Promise<Output>;
  /**
   * Starts the thread and has it load `tasks` now (the server, at start-up), so the first count does not wait the
   * second or two that loading the TypeScript takes; nothing where the counts run here.
   */
  warmUp(tasks: CountTask<never, unknown>[]): void;
  readonly where: "worker thread" | "this thread";
  close(): Promise<void>;
}

export interface CounterOptions {
  log: Log;
  /**
   * Tests only: the worker waits before each count until the first Int32 of this buffer is not 0, as a count that
   * takes long would, so a test can hold a count for as long as it likes without timing anything.
   */
  hold?: SharedArrayBuffer;
}

/**
 * better-sqlite3 runs each query to its end on the thread that asks, so a count of a second on the server's own
 * connection stops every other request for that second. Over a SQLite file the counts run in one worker thread with
 * a read-only connection of its own (WAL lets it read beside the server's writes); PostgreSQL answers on its own
 * server, and an in-memory SQLite is visible to its own connection only, so those count here (docs/decisions/042).
 */
export function createCounter(db: Db, options: CounterOptions): Counter {
  const file = sqliteFileOf(db);
  if (!file) {
    return {
      where: "this thread",
      count: (task, input) => task.run(db, input),
      warmUp: () => {},
      close: async () => {},
    };
  }
  return workerCounter(file, options);
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** What the worker answers for one count (db/count-worker.ts). */
export type CountReply =
  | { id: number; result: unknown }
  | { id: number; error: { message: string; name: string; code?: string } };

/** The worker's entry: plain JavaScript that has tsx load the TypeScript, with or without tsx in this thread. */
const workerEntry = new URL("./count-worker.mjs", import.meta.url);

function workerCounter(file: string, { log, hold }: CounterOptions): Counter {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  /** Every count waiting on `failed` fails with `error`; the next count starts a new worker. */
  const lose = (failed: Worker, error: Error) => {
    if (worker !== failed) return;
    worker = undefined;
    if (!closed) log("error", "the counting thread stopped", { error: error.message });
    for (const each of pending.values()) each.reject(error);
    pending.clear();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const spawned = new Worker(workerEntry, { workerData: { file, hold } });
    // The thread keeps the process alive only while a count is waiting on it.
    spawned.unref();
    spawned.on("message", (reply: CountReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) spawned.unref();
      if ("result" in reply) return waiting.resolve(reply.result);
      // Rebuilt with its code, so a SQLITE_BUSY from the worker is still a 503 (isDatabaseUnavailable).
      const error = Object.assign(new Error(reply.error.message), {
        name: reply.error.name,
        code: reply.error.code,
      });
      waiting.reject(error);
    });
    spawned.on("error", (error) => lose(spawned, error));
    spawned.on("exit", (code) => lose(spawned, new Error(`The counting thread exited (${code})`)));
    worker = spawned;
    return spawned;
  };

  return {
    where: "worker thread",
    count<Input, Output>(task: CountTask<Input, Output>, input: Input): Promise<Output> {
      if (closed) return Promise.reject(new Error("The counting thread is closed"));
      const thread = started();
      const id = nextId++;
      thread.ref();
      return new Promise<Output>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        thread.postMessage({ id, module: task.module, name: task.name, input });
      });
    },
    warmUp(tasks) {
      if (closed) return;
      started().postMessage({ load: tasks.map((task) => task.module) });
    },
    async close() {
      closed = true;
      const stopping = worker;
      if (stopping) {
        lose(stopping, new Error("The counting thread is closed"));
        await stopping.terminate();
      }
    },
  };
}
