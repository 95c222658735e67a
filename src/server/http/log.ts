export type LogLevel = "debug" | "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

const rank: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/**
 * Lines go to stdout once per turn of the event loop rather than one write call each: under load a turn ends many
 * requests, and each write to a pipe is a system call. What is still held when the process exits is written then.
 */
let held: string[] = [];
let exitHooked = false;
function flushHeld() {
  if (held.length === 0) return;
  const text = `${held.join("\n")}\n`;
  held = [];
  process.stdout.write(text);
}
function writeBatched(line: string) {
  if (held.length === 0) {
    if (!exitHooked) process.on("exit", flushHeld);
    exitHooked = true;
    setImmediate(flushHeld);
  }
  held.push(line);
}

/** One JSON object per line on stdout: easy to grep here and to ship to any log store later. */
export function createLog(minimum: LogLevel | "silent" = "info", write = writeBatched): Log {
  return (level, message, fields) => {
    if (rank[level] < rank[minimum]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  };
}

export const silentLog: Log = () => {};
