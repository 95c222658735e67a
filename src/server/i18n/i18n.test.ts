import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages as enAppShell } from "../../locales/en/app-shell.ts";
import { messages as enCommon } from "../../locales/en/common.ts";
import { messages as enServer } from "../../locales/en/server.ts";
import type { Db } from "../db/database.ts";

/**
 * The API answers in the language of the request (docs/decisions/018): the page's own, which our browser code sends
 * as Accept-Language, else the language switch's `lang` cookie, else English; and a signed-in person's choice is
 * stored for what is written to them outside a request (mails, reminders, the calendar feed).
 */
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let t: TestApp;
let client: TestAccount;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  t = buildTestApp(db, { env: { TRUST_PROXY: "true" } });
  client = await signedInClient(t, { firstName: "Lucía" });
});
afterAll(() => testDb.close());

/** The three ways a request is in a language: the header, the cookie alone, neither. */
const inSpanish = [
  ["Accept-Language: es", { "accept-language": "es-MX,es;q=0.9,en;q=0.8" }],
  ["the lang=es cookie", { cookie: "lang=es" }],
] as const;

let address = 0;
/** A request from its own address, so the per-address limits of the public forms never meet. */
const ask = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  call(t, method, path, { body, headers, ip: `198.51.100.${++address}` });

const errorOf = async (response: Response) => ((await response.json()) as { error: unknown }).error;

describe("the language of an answer", () => {
  it.each(inSpanish)("an API error is in Spanish with %s, in English without", async (_, headers) => {
    const spanish = await ask("GET", "/api/clients", headers);
    expect(spanish.status).toBe(401);
    expect(await errorOf(spanish)).toEqual({
      code: "unauthenticated",
      message: "Inicia sesión para continuar.",
    });
    const missing = await ask("GET", "/api/no-such-route", headers);
    expect(await errorOf(missing)).toEqual({ code: "not-found", message: "No se encontró." });

    const english = await ask("GET", "/api/clients", {});
    expect(await errorOf(english)).toEqual({
      code: "unauthenticated",
      message: "Please sign in to continue.",
    });
    expect(await errorOf(await ask("GET", "/api/no-such-route", {}))).toEqual({
      code: "not-found",
      message: "Not found.",
    });
  });

  it.each(inSpanish)("a validation message is in Spanish with %s, in English without", async (_, headers) => {
    const message = {
      firstName: " ",
      lastName: "Ruiz",
      email: "ana@example.com",
      phoneNumber: "555 123 4567",
    };
    const spanish = await ask("POST", "/api/contact", headers, { ...message, message: "Hola" });
    expect(spanish.status).toBe(400);
    expect(await errorOf(spanish)).toEqual({
      code: "validation",
      message: "El nombre es obligatorio.",
      field: "firstName",
    });
    const badPhone = await ask("POST", "/api/contact", headers, {
      ...message,
      firstName: "Ana",
      phoneNumber: "12",
      message: "Hola",
    });
    expect(await errorOf(badPhone)).toMatchObject({
      message: "El número de teléfono debe tener entre 6 y 15 dígitos (puedes usar espacios y + ( ) - .).",
    });

    const english = await ask("POST", "/api/contact", {}, { ...message, message: "Hello" });
    expect(await errorOf(english)).toEqual({
      code: "validation",
      message: "First name is required.",
      field: "firstName",
    });
  });

  it.each(inSpanish)("a success message is in Spanish with %s, in English without", async (_, headers) => {
    const message = {
      firstName: "Ana",
      lastName: "Ruiz",
      email: "ana@example.com",
      phoneNumber: "555 123 4567",
    };
    const spanish = await ask("POST", "/api/contact", headers, { ...message, message: `Hola ${address}` });
    expect(spanish.status).toBe(201);
    expect(await spanish.json()).toEqual({ message: "¡Mensaje enviado!" });
    const english = await ask("POST", "/api/contact", {}, { ...message, message: `Hello ${address}` });
    expect(await english.json()).toEqual({ message: "Message sent successfully!" });
  });

  it("asks Accept-Language before the cookie, and takes English for a language the site does not speak", async () => {
    const header = await ask("GET", "/api/clients", { "accept-language": "en", cookie: "lang=es" });
    expect(await errorOf(header)).toMatchObject({ message: "Please sign in to continue." });
    const french = await ask("GET", "/api/clients", {
      "accept-language": "fr-FR,fr;q=0.9",
      cookie: "lang=fr",
    });
    expect(await errorOf(french)).toMatchObject({ message: "Please sign in to continue." });
    const frenchThenCookie = await ask("GET", "/api/clients", { "accept-language": "fr", cookie: "lang=es" });
    expect(await errorOf(frenchThenCookie)).toMatchObject({ message: "Inicia sesión para continuar." });
  });

  it("words the limits in the request's language: a body too large, a form sent as text", async () => {
    const large = await t.app.request("/api/contact", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "accept-language": "es",
        "x-forwarded-for": "192.0.2.9",
      },
      body: JSON.stringify({ message: "x".repeat(70_000) }),
    });
    expect(large.status).toBe(413);
    expect(await errorOf(large)).toEqual({
      code: "payload-too-large",
      message: "Esta solicitud es demasiado grande.",
    });
    const text = await t.app.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "text/plain", "accept-language": "es", "x-forwarded-for": "192.0.2.10" },
      body: "hola",
    });
    expect(text.status).toBe(415);
    expect(await errorOf(text)).toMatchObject({
      message: "Esta solicitud debe enviar sus datos como JSON (Content-Type: application/json).",
    });
  });

  it("answers a malformed request's own checks (zod's words) in Spanish too", async () => {
    const wrongType = await call(t, "PUT", "/api/session/locale", {
      cookie: client.cookie,
      body: { locale: "es", extra: true },
      headers: { "accept-language": "es" },
    });
    expect(wrongType.status).toBe(400);
    expect(((await errorOf(wrongType)) as { message: string }).message).toMatch(/^Llave desconocida/);
  });
});

describe("PUT /api/session/locale", () => {
  const sessionOf = async (account: TestAccount) =>
    (
      (await (await call(t, "GET", "/api/session", { cookie: account.cookie })).json()) as {
        user: { locale: string };
      }
    ).user;

  it("stores the person's language: GET /api/session answers it, and it lasts beyond the session", async () => {
    expect((await sessionOf(client)).locale).toBe("en");
    const chosen = await call(t, "PUT", "/api/session/locale", {
      cookie: client.cookie,
      body: { locale: "es" },
    });
    expect(chosen.status).toBe(204);
    expect((await sessionOf(client)).locale).toBe("es");
    const stored = await db
      .selectFrom("user")
      .select("locale")
      .where("id", "=", client.id)
      .executeTakeFirst();
    expect(stored?.locale).toBe("es");

    const admin = await signedInAdmin(t);
    expect(
      (await call(t, "PUT", "/api/session/locale", { cookie: admin.cookie, body: { locale: "es" } })).status,
    ).toBe(204);
    expect((await sessionOf(admin)).locale).toBe("es");
    expect(
      (await call(t, "PUT", "/api/session/locale", { cookie: admin.cookie, body: { locale: "en" } })).status,
    ).toBe(204);
    expect((await sessionOf(admin)).locale).toBe("en");
    // The client's choice is theirs: the admin's change did not touch it.
    expect((await sessionOf(client)).locale).toBe("es");
  });

  it("refuses a language the site does not speak with 400, in the request's language, and keeps the choice", async () => {
    for (const locale of ["fr", "", "ES", 3, null]) {
      const refused = await call(t, "PUT", "/api/session/locale", {
        cookie: client.cookie,
        body: { locale },
      });
      expect(refused.status, String(locale)).toBe(400);
      expect(await errorOf(refused)).toEqual({
        code: "validation",
        message: "Please choose English or Spanish.",
        field: "locale",
      });
    }
    const inSpanish = await call(t, "PUT", "/api/session/locale", {
      cookie: client.cookie,
      body: { locale: "fr" },
      headers: { "accept-language": "es" },
    });
    expect(await errorOf(inSpanish)).toMatchObject({ message: "Elige inglés o español." });
    expect((await sessionOf(client)).locale).toBe("es");
  });

  it("needs a session", async () => {
    const visitor = await call(t, "PUT", "/api/session/locale", { body: { locale: "es" } });
    expect(visitor.status).toBe(401);
    expect(await errorOf(visitor)).toMatchObject({ code: "unauthenticated" });
  });
});

describe("the catalogues the server reads", () => {
  it("never give two messages one id: common and app-shell (src/domain) and server are read as one", () => {
    const ids = [enCommon, enAppShell, enServer].flatMap((catalogue) => Object.keys(catalogue));
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
