// The spec's words from src/domain are read in English here, as an English page shows them.
import "../test/support/english.ts";
import { type APIRequestContext, test as base, expect, type Page, request } from "@playwright/test";
// The specs read the site's words from src/domain (messages.contactSent…), which the browser reads in the page's
// language: here, in the test process, they are read in English, as Vitest's setup does.
import "../test/support/english.ts";
import type { PackType } from "../src/domain/packs.ts";
import { e2eAdmin, e2ePort } from "./e2e-env.ts";
import { expectNoPageNoise, watchPageNoise } from "./page-noise.ts";

/**
 * The one way a browser test signs in when signing in is not what it tests: through the API, with the session's
 * cookies reused. Each worker signs the admin (and, when asked, one client of its own) in once and hands the
 * cookies to every test that asks; the Login dialog and the first sign-in keep tests of their own
 * (accounts.spec.ts, sign-in-ux.spec.ts).
 *
 *   test("…", async ({ page, signedInAs, newClient }) => {
 *     await signedInAs("admin");                         // the worker's admin session, in this test's browser
 *     const client = await newClient({ packType: "4_60" }); // registered by the admin, own password chosen
 *     await signedInAs(client);                          // that client's session instead
 *   });
 *
 * A test that ends its session (Logout, the idle sign-out, a sign-out request) asks for `{ ownSession: true }`, so
 * the worker's session lives on for the tests after it.
 */

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

/** Someone who signs in with an email and a password. */
export interface Account {
  email: string;
  password: string;
}

/** A client registered by the admin through the API. */
export interface ClientAccount extends Account {
  id: string;
  firstName: string;
  lastName: string;
  /** "First Last", as the admin's pages list the client. */
  name: string;
  /** The password the admin's registration gave; `password` is the client's own unless choosePassword is false. */
  temporaryPassword: string;
}

export interface NewClient {
  firstName?: string;
  /** uniqueName("Client") unless given. */
  lastName?: string;
  phoneNumber?: string;
  /** The package the admin chose for the client (the registration's default 8_55); null: none chosen. */
  packType?: PackType | null;
  /** False: the client keeps the temporary password and must change it at first sign-in. */
  choosePassword?: boolean;
}

/** The password each client of newClient() chooses at its first sign-in. */
export const clientOwnPassword = "my-own-password-1";

export const baseURL = `http://127.0.0.1:${e2ePort}`;

/**
 * The server ends a session after 5 minutes without a request (SESSION idle rule, docs/decisions/008): a kept
 * session older than this is replaced before a test gets it, so it outlives any test that uses it.
 */
const keptSessionAge = 2 * 60_000;

let named = 0;
/**
 * A name no other test of the run uses, and no prefix of another (searches match prefixes): the prefix, then the
 * time in base 36, the worker's process and a counter, at fixed widths ("Kaymwwqchei42007"). Short: the admin's
 * tables are laid out for names as long as people's.
 */
export function uniqueName(prefix: string): string {
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${prefix}${Date.now().toString(36)}${pad(process.pid % 100, 2)}${pad(named++ % 1000, 3)}`;
}

/** An email address no other test of the run uses. */
export const uniqueEmail = (prefix: string) => `${uniqueName(prefix).toLowerCase()}@e2e.example`;

export interface WorkerAccounts {
  /** An API client signed in as the admin, apart from every page's cookies. Dispose of it after use. */
  adminApi(): Promise<APIRequestContext>;
  /** A client registered by the admin through the API, with its own password unless choosePassword is false. */
  register(fields?: NewClient): Promise<ClientAccount>;
  /** A signed-in session's cookies for `account`: the worker's kept one, or a new one with `own`. */
  session(account: Account, own?: boolean): Promise<StorageState>;
  /** The worker's own client (no package bought, nothing booked), registered on first use. */
  workerClient(): Promise<ClientAccount>;
}

async function signIn(account: Account): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  const response = await api.post("/api/session/sign-in", { data: account });
  expect(response.ok(), `sign-in of ${account.email}: ${response.status()}`).toBe(true);
  return api;
}

function workerAccounts(): WorkerAccounts {
  const kept = new Map<string, { state: StorageState; signedInAt: number }>();

  async function session(account: Account, own = false): Promise<StorageState> {
    const known = kept.get(account.email);
    if (!own && known && Date.now() - known.signedInAt < keptSessionAge) return known.state;
    const api = await signIn(account);
    const state = await api.storageState();
    await api.dispose();
    if (!own) kept.set(account.email, { state, signedInAt: Date.now() });
    return state;
  }

  async function adminApi(): Promise<APIRequestContext> {
    return request.newContext({ baseURL, storageState: await session(e2eAdmin) });
  }

  async function register(fields: NewClient = {}): Promise<ClientAccount> {
    const firstName = fields.firstName ?? "Test";
    const lastName = fields.lastName ?? uniqueName("Client");
    const email = uniqueEmail(firstName.toLowerCase());
    const admin = await adminApi();
    const response = await admin.post("/api/clients", {
      data: {
        firstName,
        lastName,
        email,
        phoneNumber: fields.phoneNumber ?? "5550102020",
        // Registration takes a package; none chosen is an edit afterwards.
        defaultPackType: fields.packType ?? "8_55",
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { client, temporaryPassword } = (await response.json()) as {
      client: { id: string };
      temporaryPassword: string;
    };
    if (fields.packType === null) {
      const patched = await admin.patch(`/api/clients/${client.id}`, { data: { defaultPackType: null } });
      expect(patched.ok()).toBe(true);
    }
    await admin.dispose();
    const account = {
      id: client.id,
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
      email,
      password: temporaryPassword,
      temporaryPassword,
    };
    if (fields.choosePassword === false) return account;

    // The first sign-in, through the API: the change-password page has its own test (accounts.spec.ts).
    const api = await signIn(account);
    const changed = await api.post("/api/session/change-password", {
      data: { currentPassword: temporaryPassword, newPassword: clientOwnPassword },
    });
    expect(changed.ok()).toBe(true);
    // This session is the client's kept one.
    kept.set(email, { state: await api.storageState(), signedInAt: Date.now() });
    await api.dispose();
    return { ...account, password: clientOwnPassword };
  }

  let workerClient: Promise<ClientAccount> | undefined;
  return {
    adminApi,
    register,
    session,
    workerClient: () => {
      workerClient ??= register({ firstName: "Worker" });
      return workerClient;
    },
  };
}

export const test = base.extend<
  {
    /**
     * Signs this test's browser in (its context's cookies) as the admin, as the worker's own client, or as a given
     * account, and returns who it is. `ownSession`: a session of its own, for a test that ends it.
     */
    signedInAs: {
      (who: "admin", options?: { ownSession?: boolean }): Promise<Account>;
      (who: "client" | ClientAccount, options?: { ownSession?: boolean }): Promise<ClientAccount>;
    };
    /** A client registered by the admin through the API (not signed in anywhere yet). */
    newClient: (fields?: NewClient) => Promise<ClientAccount>;
    /** An API client signed in as the admin, apart from the page's cookies. */
    adminApi: APIRequestContext;
    /** A second browser, signed in as the admin, beside the test's own page. */
    adminPage: Page;
  },
  { accounts: WorkerAccounts }
>({
  accounts: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      await use(workerAccounts());
    },
    { scope: "worker" },
  ],
  signedInAs: async ({ context, accounts }, use) => {
    await use((async (who: "admin" | "client" | ClientAccount, options: { ownSession?: boolean } = {}) => {
      const account = who === "admin" ? e2eAdmin : who === "client" ? await accounts.workerClient() : who;
      const state = await accounts.session(account, options.ownSession);
      await context.addCookies(state.cookies);
      return account;
    }) as never);
  },
  newClient: async ({ accounts }, use) => {
    await use((fields) => accounts.register(fields));
  },
  page: async ({ page }, use, testInfo) => {
    const noise = watchPageNoise(page);
    await use(page);
    expectNoPageNoise(noise, testInfo);
  },
  adminPage: async ({ browser, accounts }, use, testInfo) => {
    const context = await browser.newContext();
    await context.addCookies((await accounts.session(e2eAdmin)).cookies);
    const page = await context.newPage();
    const noise = watchPageNoise(page);
    await use(page);
    await context.close();
    expectNoPageNoise(noise, testInfo);
  },
  adminApi: async ({ accounts }, use) => {
    const api = await accounts.adminApi();
    await use(api);
    await api.dispose();
  },
});

export { allowPageNoise } from "./page-noise.ts";
export { expect };
