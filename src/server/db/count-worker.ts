import { parentPort, workerData } from "node:worker_threads";
import type { CountReply, CountTask } from "./counting.ts";
import { openSqliteReader } from "./database.ts";

/**
 * The counting thread (db/counting.ts): its own read-only connection to the server's SQLite file, running each count
 * it is sent with the same code the server would run (the task's module, imported here). A count that fails
 * answers its error and leaves the thread ready for the next one.
 */
const { file, hold } = workerData as { file: string; hold?: SharedArrayBuffer };
const db = openSqliteReader(file);
const port = parentPort;
if (!port) throw new Error("count-worker.ts runs as a worker thread (db/counting.ts)");

type Message = { id: number; module: string; name: string; input: unknown } | { load: string[] };

port.on("message", async (message: Message) => {
  if ("load" in message) {
    // Loaded ahead of the first count (Counter.warmUp); a module that fails to load fails its count later, loudly.
    await Promise.allSettled(message.load.map((module) => import(module)));
    return;
  }
  const { id } = message;
  let reply: CountReply;
  try {
    if (hold) Atomics.wait(new Int32Array(hold), 0, 0);
    const task = (await import(message.module))[message.name] as CountTask<unknown, unknown> | undefined;
    if (typeof task?.run !== "function")
      throw new Error(`${message.module} exports no count ${message.name}`);
    reply = { id, result: await task.run(db, message.input) };
  } catch (error) {
    reply = failure(id, error);
  }
  try {
    port.postMessage(reply);
  } catch (error) {
    // An answer a thread cannot be sent (a function, a class instance) fails that count only.
    port.postMessage(failure(id, error));
  }
});

function failure(id: number, error: unknown): CountReply {
  const { name = "Error", message = String(error), code } = (error ?? {}) as Error & { code?: unknown };
  return { id, error: { name, message, code: typeof code === "string" ? code : undefined } };
}
