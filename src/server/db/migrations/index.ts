import type { Migration } from "kysely";
import * as contactAndOutbox from "./0001-contact-and-outbox.ts";
import * as accountsAndClients from "./0002-accounts-and-clients.ts";

/** Forward-only, in order. A new migration is a new file added here; a landed one is never edited. */
export const migrations: Record<string, Migration> = {
  "0001-contact-and-outbox": contactAndOutbox,
  "0002-accounts-and-clients": accountsAndClients,
};
