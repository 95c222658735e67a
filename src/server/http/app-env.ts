import type { Log } from "./log.ts";

export interface AppEnv {
  Variables: {
    log: Log;
    requestId: string;
    clientIp: string;
  };
}
