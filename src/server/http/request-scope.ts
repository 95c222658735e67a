import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "../../domain/locale.ts";
import type { ActingPerson } from "./acting-person.ts";

/**
 * What a request (or a mail being written) carries down its calls without passing it: the language its words are
 * written in (i18n/i18n.ts) and the person it acts for (acting-person.ts). One store for both: on Node 20 every
 * AsyncLocalStorage ever entered costs on every promise the process makes, whatever it holds (docs/decisions/051).
 */
export interface RequestScope {
  locale?: Locale;
  acting?: ActingPerson;
}

const scope = new AsyncLocalStorage<RequestScope>();

export const currentScope = (): RequestScope | undefined => scope.getStore();

/** Runs `run` with `change` over the current scope: what it does not name stays as it was. */
export function inScope<T>(change: RequestScope, run: () => T): T {
  const current = scope.getStore();
  return scope.run(current ? { ...current, ...change } : change, run);
}
