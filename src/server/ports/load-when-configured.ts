import { createRequire } from "node:module";

const requireHere = createRequire(import.meta.url);

/**
 * A provider's SDK, loaded when the provider is configured rather than imported with its adapter: a server on the
 * local defaults never needs Stripe's, S3's or Redis's client, and each costs some 20–25 MB of memory (issue 16's
 * budget is 250 MB). Import the module's type alongside (`import type`), so nothing loads at start-up.
 */
export const loadWhenConfigured = <T>(name: string): T => requireHere(name) as T;
