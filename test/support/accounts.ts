import { expect } from "vitest";
import type { Locale } from "../../src/domain/locale.ts";
import { ensureAdmin } from "../../src/server/auth/admin-account.ts";
import { createClient, createInstructorAccount, passwordHashOf, setAccountLocale } from "./factories.ts";
import type { TestApp } from "./test-app.ts";

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The `name=value` pairs a response sets, as a Cookie header; cookies being cleared are left out. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((cookie) => !/max-age=0\b/i.test(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Signs in through the real route; returns the response and the session cookie it set. */
export async function signIn(testApp: TestApp, email: string, password: string, ip = "198.51.100.1") {
  const response = await testApp.app.request("/api/session/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
  return { response, cookie: cookieFrom(response) };
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  /** The Cookie header of a fresh session. */
  cookie: string;
}

/**
 * A real admin (created the way start-up creates one), signed in through POST /api/session/sign-in; with `locale`,
 * one who chose that language.
 */
export async function signedInAdmin(
  testApp: TestApp,
  overrides: { email?: string; locale?: Locale } = {},
): Promise<TestAccount> {
  const email = overrides.email ?? `admin-${unique()}@example.com`;
  const password = "admin-password-1";
  await ensureAdmin(testApp, { email, password });
  const { response, cookie } = await signIn(testApp, email, password);
  if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`);
  const user = await testApp.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  if (overrides.locale) await setAccountLocale(testApp.db, user.id, overrides.locale);
  return { id: user.id, email, password, cookie };
}

/** Every client of `signedInClient` signs in with it (hashed once: scrypt is slow on purpose). */
export const clientPassword = "client-password-1";

/**
 * A real client (a better-auth user with a password account, written by the factory as an admin's registration
 * writes it) who has already chosen their own password, unless `mustChangePassword`, signed in through
 * POST /api/session/sign-in.
 */
export async function signedInClient(
  testApp: TestApp,
  overrides: {
    firstName?: string;
    lastName?: string;
    email?: string;
    mustChangePassword?: boolean;
    /** The language the client chose; unset: English, as for every client an admin registers. */
    locale?: Locale;
  } = {},
): Promise<TestAccount> {
  const client = await createClient(testApp.db, {
    firstName: overrides.firstName ?? "Test",
    lastName: overrides.lastName ?? "Client",
    email: overrides.email ?? `client-${unique()}@example.com`,
    phoneNumber: "5550100",
    defaultPackType: "4_60",
    passwordHash: await passwordHashOf(testApp.auth, clientPassword),
    mustChangePassword: overrides.mustChangePassword ?? false,
    locale: overrides.locale,
    createdAt: testApp.clock.now().toISOString(),
  });
  const { response, cookie } = await signIn(testApp, client.email, clientPassword);
  if (response.status !== 200) throw new Error(`client sign-in failed: ${response.status}`);
  return { id: client.id, email: client.email, password: clientPassword, cookie };
}

/** Every instructor of `signedInInstructor` signs in with it. */
export const instructorPassword = "instructor-password-1";

/** A real instructor (docs/decisions/021) who has chosen their own password, signed in through the real route. */
export async function signedInInstructor(
  testApp: TestApp,
  overrides: { name?: string; email?: string } = {},
): Promise<TestAccount> {
  const instructor = await createInstructorAccount(testApp.db, {
    name: overrides.name,
    email: overrides.email ?? `instructor-${unique()}@example.com`,
    passwordHash: await passwordHashOf(testApp.auth, instructorPassword),
  });
  const { response, cookie } = await signIn(testApp, instructor.email, instructorPassword);
  if (response.status !== 200) throw new Error(`instructor sign-in failed: ${response.status}`);
  return { id: instructor.id, email: instructor.email, password: instructorPassword, cookie };
}

/**
 * A JSON request as a browser on our site would send it, signed in when a cookie is given; `headers` adds more
 * (an Accept-Language, say).
 */
export function call(
  testApp: TestApp,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = {
    ...options.headers,
    "x-forwarded-for": options.ip ?? "198.51.100.1",
  };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return testApp.app.request(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** The JSON body of `response`, once its status is `status` (a failure shows the body, which says why). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return body as T;
}

/** Who GET /api/session says is signed in with this cookie: the user, or null (it answers 200 either way). */
export async function sessionUserOf(
  testApp: TestApp,
  cookie?: string,
): Promise<{ id: string; role: string } | null> {
  const response = await call(testApp, "GET", "/api/session", { cookie });
  if (response.status !== 200) throw new Error(`GET /api/session answered ${response.status}`);
  return ((await response.json()) as { user: { id: string; role: string } | null }).user;
}
