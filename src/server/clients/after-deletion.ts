import type { Log } from "../http/log.ts";

/** Work outside the database when a client is deleted (stored media files), run once the deletion committed. */
export type ClientDeletedHandler = (clientId: string) => Promise<void>;

export interface ClientDeletionHooks {
  /** A feature that keeps a client's data outside the database registers its clean-up here, once, at wiring. */
  register(handler: ClientDeletedHandler): void;
  /** Runs every handler after the commit. A failing one is logged and does not stop the others. */
  afterCommit(clientId: string): Promise<void>;
}

export function createClientDeletionHooks(log: Log): ClientDeletionHooks {
  const handlers: ClientDeletedHandler[] = [];
  return {
    register: (handler) => {
      handlers.push(handler);
    },
    async afterCommit(clientId) {
      for (const handler of handlers) {
        try {
          await handler(clientId);
        } catch (error) {
          log("error", "clean-up after client deletion failed", { clientId, error: String(error) });
        }
      }
    },
  };
}
