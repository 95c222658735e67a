import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

try {
  const server = await startServer(loadConfig());
  const shutdown = () => {
    setTimeout(() => process.exit(0), 5_000).unref();
    server.stop().finally(() => process.exit(0));
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
} catch (error) {
  // A bad setting is one line naming the variable, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
