import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin } from "../../../test/support/accounts.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/database.ts";
import { apiBodyLimitBytes } from "./body-limit.ts";
import { compressFromBytes, compressLargeAnswers } from "./compress.ts";
import { securityHeaders } from "./security-headers.ts";

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.close());

const signInBody = (password: string) => JSON.stringify({ email: "nobody@example.com", password });

/** A request body that arrives in pieces with no Content-Length, as a chunked upload does. */
function chunkedBody(totalBytes: number, onPull: (sent: number) => void) {
  const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      sent += chunk.length;
      onPull(sent);
      controller.enqueue(chunk);
    },
  });
}

describe("request body limit on /api", () => {
  it("answers 413 payload-too-large at once when Content-Length is over the limit", async () => {
    const { app } = buildTestApp(db);
    const response = await app.request("/api/session/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(200 * 1024 * 1024) },
      // The declared length is what counts: the body is never read.
      body: signInBody("x"),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: "payload-too-large", message: messages.payloadTooLarge },
    });
  });

  it("cuts off a body without Content-Length as soon as it passes the limit", async () => {
    const { app } = buildTestApp(db);
    let sent = 0;
    const response = await app.request("/api/session/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: chunkedBody(10 * 1024 * 1024, (bytes) => {
        sent = bytes;
      }),
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload-too-large");
    expect(sent).toBeLessThan(apiBodyLimitBytes + 64 * 1024);
  });

  it("still takes a body just under the limit", async () => {
    const { app } = buildTestApp(db);
    const body = signInBody("x".repeat(apiBodyLimitBytes - 100));
    expect(body.length).toBeLessThan(apiBodyLimitBytes);
    const response = await app.request("/api/session/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(response.status).not.toBe(413);
  });
});

describe("TRUST_PROXY: the caller's address is the one the trusted proxy added", () => {
  const contact = {
    firstName: "Maria",
    lastName: "Lopez",
    email: "maria@example.com",
    phoneNumber: "5550102020",
    message: "Do you have classes for 4-year-olds?",
  };
  const postContact = (app: TestApp["app"], forwardedFor: string) =>
    app.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify(contact),
    });

  it.each([
    ["true", (forged: string) => `${forged}, 203.0.113.7`],
    ["1", (forged: string) => `${forged}, 203.0.113.7`],
    ["2", (forged: string) => `${forged}, 203.0.113.7, 10.0.0.2`],
  ])(
    "TRUST_PROXY=%s: the contact limit holds when each request forges its left-most entry",
    async (trustProxy, header) => {
      const { app } = buildTestApp(db, { env: { TRUST_PROXY: trustProxy, CONTACT_RATE_LIMIT: "5" } });
      const statuses: number[] = [];
      for (let i = 1; i <= 7; i++) statuses.push((await postContact(app, header(`198.51.100.${i}`))).status);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    },
  );

  it("TRUST_PROXY=2: callers behind the same two proxies are still told apart", async () => {
    const { app } = buildTestApp(db, { env: { TRUST_PROXY: "2", CONTACT_RATE_LIMIT: "1" } });
    expect((await postContact(app, "203.0.113.21, 10.0.0.2")).status).toBe(201);
    expect((await postContact(app, "203.0.113.22, 10.0.0.2")).status).toBe(201);
    expect((await postContact(app, "203.0.113.21, 10.0.0.2")).status).toBe(429);
  });

  it.each([
    ["false", 0],
    ["", 0],
    ["0", 0],
    ["true", 1],
    ["1", 1],
    ["3", 3],
  ])("TRUST_PROXY=%o means %i proxy hops", (value, hops) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(hops);
  });

  it.each(["yes", "-1", "1e1", "0x2", "100"])("refuses TRUST_PROXY=%o with one line naming it", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });
});

describe("security headers", () => {
  const everyAnswer = [
    "content-security-policy",
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
  ];
  it.each([
    ["a JSON answer", "/healthz", 200],
    ["an answer outside /api (the site)", "/no-such-page", 404],
    ["an API error", "/api/nothing-here", 404],
    ["a refusal by the session guard", "/api/clients", 401],
    ["an answer built by better-auth itself", "/api/auth/ok", 200],
  ])("%s carries them, with its request id", async (_, path, status) => {
    const { app } = buildTestApp(db, { env: { PUBLIC_URL: "https://swim.example" } });
    const response = await app.request(path, { headers: { "x-request-id": "req-1" } });
    expect(response.status).toBe(status);
    for (const name of everyAnswer) expect(response.headers.get(name), name).toBeTruthy();
    expect(response.headers.get("x-request-id")).toBe("req-1");
    if (path.startsWith("/api/")) {
      // JSON is never a document: it refuses to be one, and needs no page policy.
      expect(response.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
    } else {
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    }
  });

  it("sends HSTS when PUBLIC_URL is https, and not over plain http", async () => {
    const https = buildTestApp(db, { env: { PUBLIC_URL: "https://swim.example" } });
    expect((await https.app.request("/healthz")).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    const http = buildTestApp(db, { env: { PUBLIC_URL: "http://localhost:3000" } });
    expect((await http.app.request("/healthz")).headers.get("strict-transport-security")).toBeNull();
  });

  it("turns off powerful browser features and keeps only what the embeds ask for", async () => {
    const { app } = buildTestApp(db);
    const policy = (await app.request("/healthz")).headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(policy).toContain(`${feature}=()`);
    }
    // The reels' iframe asks for these (src/web/public/home/reels.tsx): allowed for us and Instagram only.
    for (const feature of ["autoplay", "encrypted-media", "picture-in-picture", "clipboard-write"]) {
      expect(policy).toContain(`${feature}=(self "https://www.instagram.com"`);
    }
  });

  it("allows the public pages' inline stylesheet by its hash, and no other inline style", async () => {
    const app = new Hono()
      .use(securityHeaders([], { styleHashes: ["sha256-abc="] }))
      .get("/", (c) => c.text("page"));
    const csp = (await app.request("/")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/style-src 'self' 'sha256-abc='(;|$)/);
    expect(csp).not.toContain("unsafe-inline");
  });

  it("allows no inline styles", async () => {
    const { app } = buildTestApp(db);
    const csp = (await app.request("/healthz")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).not.toContain("unsafe-inline");
  });
});

describe("JSON answers compressed", () => {
  const rows = Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Swimmer ${index}` }));
  const app = new Hono()
    .use(compressLargeAnswers())
    .get("/small", (c) => c.json({ user: null }))
    .get("/large", (c) => c.json({ rows }));

  it("gzips a large answer for a browser that accepts it, and it reads the same", async () => {
    const response = await app.request("/large", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual({ rows });
    expect(bytes.length).toBeLessThan(JSON.stringify({ rows }).length / 3);
  });

  it("sends a small answer as it is, with its length", async () => {
    const response = await app.request("/small", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(Number(response.headers.get("content-length"))).toBeLessThan(compressFromBytes);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.json()).toEqual({ user: null });
  });

  it("sends a large answer as it is to a client that accepts no encoding", async () => {
    const response = await app.request("/large");
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(await response.json()).toEqual({ rows });
  });
});

describe("GET /api/clients query parameters", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = buildTestApp(db);
    cookie = (await signedInAdmin(t)).cookie;
    for (const [firstName, lastName] of [
      ["Ana", "Ruiz"],
      ["Bruno", "Diaz"],
    ]) {
      const response = await call(t, "POST", "/api/clients", {
        cookie,
        body: {
          firstName,
          lastName,
          email: `${firstName}@example.com`,
          phoneNumber: "5550100",
          defaultPackType: "4_60",
        },
      });
      expect(response.status).toBe(201);
    }
  });
  const list = (query: string) => call(t, "GET", `/api/clients?${query}`, { cookie });

  it.each([
    "page=1e3",
    "page=0x10",
    "page=+2",
    "page=%202",
    "page=2.0",
    "page=0",
    "page=01",
    "page=",
    "page=9999999",
    "pageSize=1e1",
    "pageSize=0x10",
    "search=%00",
    "search=an%07",
    "search=%1B%5B31m",
  ])("refuses %s with 400", async (query) => {
    const response = await list(query);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe("validation");
  });

  it("takes plain decimal numbers and ordinary search text", async () => {
    const response = await list("search=an&page=1&pageSize=10");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(body.items.map((client: { firstName: string }) => client.firstName)).toEqual(["Ana"]);
    expect((await (await list("pageSize=500")).json()).pageSize).toBe(50);
  });
});

describe("better-auth's own endpoints", () => {
  it("POST /api/auth/reset-password answers 404 like the others: /api/password-reset/confirm is the one route", async () => {
    const { app } = buildTestApp(db);
    const response = await app.request("/api/auth/reset-password", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token: "abc", newPassword: "a-new-password-1" }),
    });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not-found");
  });
});

describe("JSON bodies come as application/json", () => {
  const message = JSON.stringify({
    firstName: "Ana",
    lastName: "Vega",
    email: "ana@example.com",
    phoneNumber: "+1 555 010 0199",
    message: "Do you teach toddlers?",
  });
  const storedMessages = async () => (await db.selectFrom("contactMessage").select("id").execute()).length;
  const postContact = (app: TestApp["app"], contentType: string | undefined, body: BodyInit) =>
    app.request("/api/contact", {
      method: "POST",
      headers: contentType === undefined ? {} : { "content-type": contentType },
      body,
    });

  // The contact form's per-address limit would otherwise end these tests first.
  const contactLimit = { CONTACT_RATE_LIMIT: "1000" };

  it("answers 415 unsupported-media-type to a text, form or untyped body, and stores nothing", async () => {
    const { app } = buildTestApp(db, { env: contactLimit });
    const before = await storedMessages();
    const answers: Record<string, { status: number; code: unknown }> = {};
    const sent: [string | undefined, BodyInit][] = [
      ["text/plain", message],
      ["text/plain;charset=UTF-8", message],
      ["application/x-www-form-urlencoded", new URLSearchParams(JSON.parse(message)).toString()],
      [
        "multipart/form-data; boundary=x",
        `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n`,
      ],
      ["application/jsonp", message],
      [undefined, message],
    ];
    for (const [contentType, body] of sent) {
      const response = await postContact(app, contentType, body);
      const json = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
      answers[contentType ?? "(none)"] = { status: response.status, code: json.error?.code };
      if (response.status === 415) expect(json.error?.message).toBe(messages.unsupportedMediaType);
    }
    expect(answers).toEqual(
      Object.fromEntries(
        sent.map(([contentType]) => [
          contentType ?? "(none)",
          { status: 415, code: "unsupported-media-type" },
        ]),
      ),
    );
    expect(await storedMessages()).toBe(before);
  });

  it("takes application/json with a charset, in any letter case", async () => {
    const { app } = buildTestApp(db, { env: contactLimit });
    const before = await storedMessages();
    const response = await postContact(app, "Application/JSON; charset=utf-8", message);
    expect(response.status).toBe(201);
    expect(await storedMessages()).toBe(before + 1);
  });
});
