import { AsyncLocalStorage } from "node:async_hooks";

/**
 * better-auth keeps three AsyncLocalStorage stores of its own (its endpoint context, its request state, its
 * transaction's adapter), made the first time one of its calls runs and kept in a process-wide global. On Node 20
 * a store once entered stays enabled for good, and every enabled store costs on every promise the process makes,
 * so after the first sign-in each request paid for three stores it never reads (docs/decisions/051).
 *
 * Here those three are made by us before better-auth makes them (it takes a store already there): stores that
 * count the calls running in them and switch all three off when the last one ends. A call entering one switches it
 * back on, as `run` always does; a request that never enters better-auth (most of them: the session check reads
 * its own row, auth/session.ts) pays for none. better-auth awaits what it starts inside a call (we set no
 * background-task handler), so nothing of it reads a store after its call ended.
 *
 * Should better-auth keep its stores elsewhere one day, these are simply not used: its calls work as before, and
 * only the saving is lost (session-reads.test.ts notices).
 */
const storeNames = [
  "endpointContextAsyncStorage",
  "requestStateAsyncStorage",
  "adapterAsyncStorage",
] as const;

const globalKey = Symbol.for("better-auth:global");

let running = 0;
const ours: AsyncLocalStorage<unknown>[] = [];

function ended() {
  running--;
  if (running === 0) for (const store of ours) store.disable();
}

class StoreOffWhenIdle<T> extends AsyncLocalStorage<T> {
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    running++;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (error) {
      ended();
      throw error;
    }
    if (result instanceof Promise) result.then(ended, ended);
    else ended();
    return result;
  }
}

type BetterAuthGlobal = { epoch?: number; context?: Record<string, unknown> };
const holder = globalThis as unknown as Record<symbol, BetterAuthGlobal | undefined>;

/** Puts our stores where better-auth looks for its own; once per process (better-auth's global is too). */
export function keepAuthStoresOffWhenIdle(): void {
  // Found without its version, better-auth stamps it and counts the epoch up: to 1, as if it had made it.
  holder[globalKey] ??= { epoch: 0, context: {} };
  const betterAuthGlobal = holder[globalKey];
  betterAuthGlobal.context ??= {};
  const context = betterAuthGlobal.context;
  for (const name of storeNames) {
    // Ours from an earlier call, or one better-auth made already (a call ran before us): left as it is.
    if (context[name]) continue;
    const store = new StoreOffWhenIdle<unknown>();
    ours.push(store);
    context[name] = store;
  }
}

/** How many of better-auth's stores are on now (the test's view). */
export function authStoresOn(): number {
  const context = holder[globalKey]?.context;
  return storeNames.filter((name) => {
    const store = context?.[name] as { enabled?: boolean } | undefined;
    return store?.enabled === true;
  }).length;
}
