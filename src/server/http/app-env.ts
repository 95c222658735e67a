import type { SignedIn } from "../auth/session.ts";
import type { Log } from "./log.ts";

export interface AppEnv {
  Variables: {
    log: Log;
    requestId: string;
    clientIp: string;
    /** Set by the session guards (auth/session.ts) before a guarded handler runs. */
    signedIn: SignedIn;
  };
}
