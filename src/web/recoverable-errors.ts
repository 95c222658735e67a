import type { ErrorInfo, RootOptions } from "react-dom/client";

/** An error and the chain of its causes, each with its stack where it has one. */
function describe(error: unknown): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 5; depth++) {
    lines.push(
      `${depth === 0 ? "" : "caused by: "}${current instanceof Error ? (current.stack ?? String(current)) : String(current)}`,
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join("\n");
}

/**
 * React reports an error it recovered from (a failed hydration, or a concurrent render redone synchronously, #520)
 * as a bare minified code: what threw is the error's `cause`. Logged with it, so a test's page-noise guard (and a
 * person reading the console) sees the real error.
 */
export const rootErrorOptions: Pick<RootOptions, "onRecoverableError"> = {
  onRecoverableError(error: unknown, info: ErrorInfo) {
    console.error(`React recovered from an error: ${describe(error)}${info.componentStack ?? ""}`);
  },
};
