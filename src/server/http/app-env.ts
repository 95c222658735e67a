import type { Locale } from "../../domain/locale.ts";
import type { SignedIn } from "../auth/session.ts";
import type { Log } from "./log.ts";

export interface AppEnv {
  Variables: {
    log: Log;
    requestId: string;
    clientIp: string;
    /** The language answers are written in (i18n/i18n.ts). */
    locale: Locale;
    /** Set by the session guards (auth/session.ts) before a guarded handler runs. */
    signedIn: SignedIn;
  };
}
