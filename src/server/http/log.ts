export type LogLevel = "debug" | "info" | "warn" | "error";
export type Log = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

const rank: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON object per line on stdout: easy to grep here and to ship to any log store later. */
export function createLog(
  minimum: LogLevel | "silent" = "info",
  write = (line: string) => console.log(line),
): Log {
  return (level, message, fields) => {
    if (rank[level] < rank[minimum]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
  };
}

export const silentLog: Log = () => {};
