import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../src/domain/error-codes.ts";
import { openDatabase } from "../../src/server/db/database.ts";
import { buildTestApp, type TestApp } from "../support/test-app.ts";
import { createTestDatabase } from "../support/test-database.ts";
import {
  type BodyTemplate,
  boundaryIds,
  type HostileBody,
  hostileBody,
  hostileLanguage,
  hostileOrigin,
  hostilePathValue,
  hostileQuery,
  type PathValue,
  plausibleTrees,
  type Resolve,
  writeJson,
  writeQuery,
} from "./arbitraries.ts";
import { type ChangeWatch, changedTables, excludedColumns, watchChanges } from "./fingerprint.ts";
import { type ApiRoute, apiRoutes, domainSchemas, fillPath } from "./route-table.ts";
import { type Caller, createWorld, ensureWorld, refNames, resolveRef, type World } from "./world.ts";

/**
 * Hostile input against every /api route the app registers (read from the app, so a new route is attacked
 * without editing this file), as each caller who passes the route's guard: the visitor for a public route, the
 * admin and a signed-in client for a guarded one (whichever the guard lets through). Bodies, path parameters,
 * query strings and content types come from arbitraries.ts. For every request:
 * - never a 5xx (nor a 1xx or 3xx): a 2xx or a 4xx;
 * - a 4xx is JSON {error: {code, message}} with a code of src/domain/error-codes.ts, whatever language the request
 *   asks in (any Accept-Language, any `lang` cookie);
 * - after a 4xx the database is exactly as before (fingerprint.ts: every row of every table, except
 *   session.lastActiveAt, which the guard moves before the route reads its input), but for the refusals of
 *   `writesOnRefusal` below, which record something on purpose.
 * An accepted request (2xx) may change the database: what it changed becomes the new "before".
 *
 * HOSTILE_INPUT_RUNS sets the cases per route: 50 by default (`npm test`, `npm run test:postgres`), 500 under
 * `npm run fuzz`; HOSTILE_INPUT_SEED replays a failure with the seed fast-check printed.
 */

/**
 * Refusals that write on purpose: with one of these codes the route may change these tables (and no others).
 * Any other refusal of the route must leave every table as it was.
 */
const writesOnRefusal: Record<string, { codes: readonly string[]; tables: readonly string[] }> = {
  // A refused sign-in is recorded: the sign-in lock counts them (auth/service.ts, recordSignInAttempt).
  "POST /api/session/sign-in": { codes: ["user-not-found", "wrong-password"], tables: ["signInFailure"] },
  // Paying is the provider's event, kept whatever follows: when the client already has an active plan the
  // payment is recorded and the checkout closed as refused, then 409 tells the payer (subscriptions/service.ts).
  "POST /api/payments/local/:sessionId/pay": {
    codes: ["subscription-active"],
    tables: ["checkoutSession", "paymentEvent"],
  },
};

/**
 * Each run draws new cases (no fixed seed), so the 50 of every `npm test` add up over the runs; the boundary ids
 * (boundaryExamples) are sent on every run whatever the count.
 */
const runs = Number(process.env.HOSTILE_INPUT_RUNS) || 50;
/** HOSTILE_INPUT_STATS=1 prints each route's answers by status and code: what the cases reached. */
const printStats = Boolean(process.env.HOSTILE_INPUT_STATS);
const seed = process.env.HOSTILE_INPUT_SEED ? Number(process.env.HOSTILE_INPUT_SEED) : undefined;

// The routes are known before any test runs (one `it` each): read them from an app on an empty database.
const routeTableApp = buildTestApp(openDatabase({ sqliteFile: ":memory:" }));
const routes = apiRoutes(routeTableApp.app);
await routeTableApp.db.destroy();

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
let world: World;
let watch: ChangeWatch;
let templates: BodyTemplate[];
let query: ReturnType<typeof hostileQuery>;
let dataDir: string;
const resolverFor =
  (caller: Caller): Resolve =>
  (name) =>
    resolveRef(world, name, caller);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "hostile-input-"));
  testDb = await createTestDatabase();
  t = buildTestApp(testDb.db, {
    env: {
      DATA_DIR: dataDir,
      // Generous limits: a refused request may count against them (they run before the body is read), and the
      // run would otherwise test only the 429 after the first few cases.
      CONTACT_RATE_LIMIT: "1000000",
      PASSWORD_RESET_RATE_LIMIT: "1000000",
      SIGN_IN_ACCOUNT_FAILURE_LIMIT: "1000000",
      SIGN_IN_IP_FAILURE_LIMIT: "1000000",
    },
  });
  world = await createWorld(t);
  watch = await watchChanges(testDb.db);
  templates = (await domainSchemas()).map((schema) => ({
    keys: schema.keys,
    valid: Object.fromEntries(
      schema.keys.map((key) => [
        key,
        plausibleTrees.filter((tree) =>
          schema.accepts(key, JSON.parse(writeJson(tree, resolverFor("client")))),
        ),
      ]),
    ),
  }));
  query = hostileQuery([...new Set(templates.flatMap((template) => template.keys))]);
});

afterAll(async () => {
  await testDb?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  caller: Caller;
  method: string;
  url: string;
  contentType?: string;
  text?: string;
  origin?: string;
  /** The language asked in: an Accept-Language header, a `lang` cookie (either may be absent). */
  language?: { acceptLanguage?: string; langCookie?: string };
  label: string;
}

function send(request: Sent): Promise<Response> {
  const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.7" };
  const cookies = request.caller === "visitor" ? [] : [world[request.caller].cookie];
  if (request.language?.langCookie !== undefined) cookies.push(`lang=${request.language.langCookie}`);
  if (cookies.length > 0) headers.cookie = cookies.join("; ");
  if (request.language?.acceptLanguage !== undefined)
    headers["accept-language"] = request.language.acceptLanguage;
  if (request.contentType) headers["content-type"] = request.contentType;
  if (request.origin) headers.origin = request.origin;
  return Promise.resolve(t.app.request(request.url, { method: request.method, headers, body: request.text }));
}

const isGuardRefusal = (status: number, code: unknown) =>
  (status === 401 && code === "unauthenticated") ||
  (status === 403 && (code === "permission-denied" || code === "password-change-required"));

/**
 * Who passes the route's guard: a visitor who is not refused with 401 makes the route public (the visitor alone
 * is the caller); otherwise the admin and the client, each unless refused as such. Probed without a body, the
 * path filled with "x" for the visitor and with the caller's own client's id otherwise.
 */
async function callersOf(route: ApiRoute): Promise<Caller[]> {
  const probe = async (caller: Caller) => {
    const value: PathValue =
      caller === "visitor" ? { kind: "raw", text: "x" } : { kind: "ref", name: "client.id" };
    const url = fillPath(
      route,
      route.params.map(() => value),
      resolverFor(caller),
    );
    const response = await send({ caller, method: route.method, url, label: "probe" });
    const code = response.headers.get("content-type")?.includes("json")
      ? ((await response.json()) as { error?: { code?: unknown } }).error?.code
      : undefined;
    return { status: response.status, code };
  };
  const visitor = await probe("visitor");
  if (visitor.status !== 401) return ["visitor"];
  const callers: Caller[] = [];
  for (const caller of ["admin", "client"] as const) {
    const { status, code } = await probe(caller);
    if (!isGuardRefusal(status, code)) callers.push(caller);
  }
  return callers;
}

/**
 * The route's own body schemas, as far as its answers to an empty object tell: the field a 400 names is one of
 * theirs. The path is filled with each of the world's rows in turn until one gets past the path's own checks.
 * None when the route reads no body or names no schema's field.
 */
async function templatesOf(route: ApiRoute, caller: Caller): Promise<BodyTemplate[]> {
  if (route.method === "GET") return [];
  for (const name of route.params.length > 0 ? refNames : refNames.slice(0, 1)) {
    const url = fillPath(
      route,
      route.params.map((): PathValue => ({ kind: "ref", name })),
      resolverFor(caller),
    );
    const response = await send({
      caller,
      method: route.method,
      url,
      contentType: "application/json",
      text: "{}",
      label: "probe",
    });
    if (response.status !== 400) continue;
    const field = ((await response.json()) as { error?: { field?: unknown } }).error?.field;
    const key = typeof field === "string" ? field.split(".")[0] : undefined;
    const matching = templates.filter((template) => key !== undefined && template.keys.includes(key));
    if (matching.length > 0) return matching;
  }
  return [];
}

function describeRequest(request: Sent, status: number, answer: string): string {
  const cut = (text: string, max: number) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  return [
    `${request.caller} ${request.method} ${cut(request.url, 300)} [${request.label}]`,
    `  content-type: ${request.contentType ?? "(none)"}${request.origin ? `, origin: ${request.origin}` : ""}`,
    `  language: ${JSON.stringify(request.language ?? {})}`,
    `  body: ${request.text === undefined ? "(none)" : JSON.stringify(cut(request.text, 300))}`,
    `  answer: ${status} ${cut(answer, 300)}`,
  ].join("\n");
}

/** Cases each run sends first, whatever the seed: every caller with each boundary id in every path parameter. */
function boundaryExamples(
  route: ApiRoute,
  callers: readonly Caller[],
): [
  {
    caller: Caller;
    params: PathValue[];
    query: [];
    body: HostileBody;
    origin: undefined;
    language: { acceptLanguage?: string; langCookie?: string };
  },
][] {
  if (route.params.length === 0) return [];
  return callers.flatMap((caller) =>
    boundaryIds.map((text) => [
      {
        caller,
        params: route.params.map((): PathValue => ({ kind: "raw", text })),
        query: [],
        body: { label: "no body" },
        origin: undefined,
        language: {},
      },
    ]),
  );
}

describe("hostile input on every API route", () => {
  it("reads the routes from the app and the request schemas from src/domain", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toContain("POST /api/contact");
    const keys = templates.map((template) => template.keys.join(","));
    expect(keys).toContain("clientId,dates,swimmerIds,startTime,instructorId,overrideAvailability");
    // Near-valid bodies: the booking schema's fields get values it accepts.
    const booking = templates.find(
      (template) =>
        template.keys.join(",") === "clientId,dates,swimmerIds,startTime,instructorId,overrideAvailability",
    );
    expect(booking?.valid.dates?.length).toBeGreaterThan(0);
  });

  it("sees every write but the idle clock's, and writes rolled back leave no trace", async () => {
    await watch.takeWrites();
    const before = await watch.fingerprint();
    const { db } = testDb;
    const session = await db.selectFrom("session").select(["id", "userAgent"]).executeTakeFirstOrThrow();
    await db
      .updateTable("session")
      .set({ lastActiveAt: "2026-03-02T10:01:00.000Z" })
      .where("id", "=", session.id)
      .execute();
    expect(await watch.takeWrites()).toEqual([]);
    expect(excludedColumns).toEqual({ session: ["lastActiveAt"] });

    await db.updateTable("session").set({ userAgent: "changed" }).where("id", "=", session.id).execute();
    expect(await watch.takeWrites()).toEqual(["session"]);
    await db
      .updateTable("session")
      .set({ userAgent: session.userAgent })
      .where("id", "=", session.id)
      .execute();
    await watch.takeWrites();

    await db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom("lesson").execute();
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(await watch.takeWrites()).toEqual([]);

    await db
      .updateTable("client")
      .set({ phoneNumber: "5550111" })
      .where("id", "=", world.victim.id)
      .execute();
    expect(await watch.takeWrites()).toEqual(["client"]);
    expect(changedTables(before, await watch.fingerprint())).toEqual(["client"]);
  });

  for (const route of routes) {
    const name = `${route.method} ${route.path}`;
    it(`${name}: never a 5xx; each refusal a JSON 4xx that changed nothing`, async () => {
      await ensureWorld(t, world);
      const callers = await callersOf(route);
      expect(callers.length).toBeGreaterThan(0);
      const body = hostileBody(templates, await templatesOf(route, callers[0] as Caller));
      await ensureWorld(t, world);
      await watch.takeWrites();
      const writes = writesOnRefusal[name];
      let before = await watch.fingerprint();
      const answers = new Map<string, number>();
      const input = fc.record({
        caller: fc.constantFrom(...callers),
        params: fc.tuple(...route.params.map(() => hostilePathValue)),
        query,
        body: route.method === "GET" ? fc.constant<HostileBody>({ label: "no body" }) : body,
        origin: hostileOrigin,
        language: hostileLanguage,
      });
      const result = await fc.check(
        fc.asyncProperty(
          input,
          async ({ caller, params, query: parts, body: sentBody, origin, language }) => {
            const resolve = resolverFor(caller);
            const request: Sent = {
              caller,
              method: route.method,
              url: fillPath(route, params, resolve) + writeQuery(parts, resolve),
              contentType: sentBody.contentType,
              text: typeof sentBody.text === "object" ? writeJson(sentBody.text, resolve) : sentBody.text,
              origin,
              language,
              label: sentBody.label,
            };
            const response = await send(request);
            const answer = await response.text();
            const written = await watch.takeWrites();
            const { status } = response;
            const tally = (what: string) => answers.set(what, (answers.get(what) ?? 0) + 1);
            const fail = (why: string) => {
              throw new Error(`${why}\n${describeRequest(request, status, answer)}`);
            };
            if (status >= 500 || status < 200 || (status >= 300 && status < 400)) fail(`answered ${status}`);
            if (status < 300) {
              tally(`${caller} ${status}`);
              if (written.length === 0) return;
              // Accepted: whatever it changed is legitimate. Put back any row of the world it removed.
              if (await ensureWorld(t, world)) await watch.takeWrites();
              before = await watch.fingerprint();
              return;
            }
            if (!response.headers.get("content-type")?.includes("application/json"))
              fail("a refusal that is not JSON");
            let error: { code?: unknown; message?: unknown } | undefined;
            try {
              error = (JSON.parse(answer) as { error?: typeof error }).error;
            } catch {
              fail("a refusal whose body does not parse");
            }
            if (!errorCodes.includes(error?.code as never))
              fail(`an unknown error code: ${String(error?.code)}`);
            if (typeof error?.message !== "string" || error.message === "")
              fail("a refusal without a message");
            tally(`${caller} ${status} ${String(error?.code)}`);
            if (written.length === 0) return;
            const after = await watch.fingerprint();
            const changed = changedTables(before, after);
            before = after;
            const onPurpose =
              writes?.codes.includes(String(error?.code)) &&
              changed.every((table) => writes.tables.includes(table));
            if (changed.length > 0 && !onPurpose) {
              fail(
                `a refusal that changed the database: ${changed.join(", ")} (written: ${written.join(", ")})`,
              );
            }
          },
        ),
        // No shrinking: the database has moved on since the failing request, so a replay would not be the same case.
        { numRuns: runs, seed, endOnFailure: true, examples: boundaryExamples(route, callers) },
      );
      if (result.failed) {
        // The request and the answer, not fast-check's dump of the generated values (some are 8,000 characters).
        const why =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        throw new Error(
          `${why}\n(case ${result.numRuns} of ${runs}; replay the file with HOSTILE_INPUT_SEED=${result.seed})`,
        );
      }
      if (printStats) console.log(name, Object.fromEntries([...answers].sort((a, b) => b[1] - a[1])));
    }, 600_000);
  }
});
