import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedInAdmin } from "../../../test/support/accounts.ts";
import { setAccountLocale } from "../../../test/support/factories.ts";
import { closedPort, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, testClock } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import { messages } from "../../domain/messages.ts";
import type { Db } from "../db/database.ts";

const valid = {
  firstName: "Maria",
  lastName: "Lopez",
  email: "maria@example.com",
  phoneNumber: "+1 555 010 2020",
  message: "My daughter is 4 and scared of water. Can you help?",
};

const post = (app: ReturnType<typeof buildTestApp>["app"], body: unknown, ip = "203.0.113.7") =>
  app.request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await db.deleteFrom("contactMessage").execute();
  await db.deleteFrom("mailOutbox").execute();
});

const env = { TRUST_PROXY: "true", SCHOOL_INBOX: "school@example.com" };

describe("POST /api/contact", () => {
  it("mails the message to the school over SMTP", async () => {
    const smtp = await startSmtpSink();
    try {
      const { app } = buildTestApp(db, { smtpUrl: smtp.url, env });
      const response = await post(app, valid);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ message: messages.contactSent });

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail?.to).toEqual(["school@example.com"]);
      expect(mail?.raw).toContain("Subject: New message from Maria Lopez");
      expect(mail?.raw).toMatch(/Reply-To: maria@example\.com/i);
      expect(mail?.raw).toContain("scared of water");
      const stored = await db.selectFrom("contactMessage").selectAll().execute();
      expect(stored).toHaveLength(1);
      const outbox = await db.selectFrom("mailOutbox").selectAll().execute();
      expect(outbox.map((row) => row.status)).toEqual(["sent"]);
    } finally {
      await smtp.stop();
    }
  });

  it("keeps the message when SMTP is down and delivers it on retry, once", async () => {
    const port = await closedPort();
    const clock = testClock();
    const down = buildTestApp(db, { smtpUrl: `smtp://127.0.0.1:${port}`, env, clock });
    const response = await post(down.app, valid);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: { code: "contact-delivery-failed", message: messages.contactFailed },
    });
    const [pending] = await db.selectFrom("mailOutbox").selectAll().execute();
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    expect(await db.selectFrom("contactMessage").selectAll().execute()).toHaveLength(1);

    // The visitor tries again while the server is still down: still one stored message.
    expect((await post(down.app, valid)).status).toBe(503);
    expect(await db.selectFrom("contactMessage").selectAll().execute()).toHaveLength(1);

    // The SMTP server comes back; the retry loop finds the message once it is due.
    const smtp = await startSmtpSink();
    try {
      const up = buildTestApp(db, { smtpUrl: smtp.url, env, clock });
      expect(await up.outbox.deliverDue()).toBe(0); // not due yet: backing off
      clock.advance(10 * 60_000);
      expect(await up.outbox.deliverDue()).toBe(1);
      expect(await up.outbox.deliverDue()).toBe(0);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).toContain("scared of water");
      const [sent] = await db.selectFrom("mailOutbox").selectAll().execute();
      expect(sent?.status).toBe("sent");
    } finally {
      await smtp.stop();
    }
  });

  it("without SMTP_URL keeps the mail in the outbox and answers success", async () => {
    const { app } = buildTestApp(db, { env });
    const response = await post(app, valid);
    expect(response.status).toBe(201);
    const outbox = await db.selectFrom("mailOutbox").selectAll().execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ status: "logged", toAddress: "school@example.com" });
  });

  it.each([
    ["firstName", { ...valid, firstName: "  " }, "First name is required."],
    ["lastName", { ...valid, lastName: undefined }, "Last name is required."],
    ["email", { ...valid, email: "not-an-email" }, "Email must be a valid email address."],
    ["phoneNumber", { ...valid, phoneNumber: "call me maybe" }, undefined],
    ["message", { ...valid, message: "" }, "Message is required."],
  ])("rejects a bad %s with 400, naming the field, and stores nothing", async (field, body, text) => {
    const { app } = buildTestApp(db, { env });
    const response = await post(app, body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { field: string; message: string } };
    expect(json.error.field).toBe(field);
    if (text) expect(json.error.message).toBe(text);
    expect(await db.selectFrom("contactMessage").selectAll().execute()).toHaveLength(0);
    expect(await db.selectFrom("mailOutbox").selectAll().execute()).toHaveLength(0);
  });

  it("rejects a body that is not JSON", async () => {
    const { app } = buildTestApp(db, { env });
    const response = await post(app, "{not json");
    expect(response.status).toBe(400);
  });

  it("limits each address to CONTACT_RATE_LIMIT messages a window", async () => {
    const { app, clock } = buildTestApp(db, { env: { ...env, CONTACT_RATE_LIMIT: "2" } });
    const send = (n: number, ip?: string) => post(app, { ...valid, message: `message ${n}` }, ip);
    expect((await send(1)).status).toBe(201);
    expect((await send(2)).status).toBe(201);
    const limited = await send(3);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect((await send(4, "198.51.100.9")).status).toBe(201); // another visitor is not affected
    (clock as ReturnType<typeof testClock>).advance(11 * 60_000);
    expect((await send(5)).status).toBe(201);
    expect(await db.selectFrom("contactMessage").selectAll().execute()).toHaveLength(4);
  });
});

describe("the school's notification of a message", () => {
  const postIn = (app: ReturnType<typeof buildTestApp>["app"], language: string, ip: string) =>
    app.request("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, "accept-language": language },
      body: JSON.stringify(valid),
    });
  const notification = async () =>
    db.selectFrom("mailOutbox").select(["subject", "body"]).orderBy("id", "desc").executeTakeFirstOrThrow();

  it("is written in the owner's language (the oldest admin's), whatever language the visitor writes in", async () => {
    const t = buildTestApp(db, { env });
    const owner = await signedInAdmin(t, { locale: "es" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await signedInAdmin(t, { locale: "en" }); // a second admin, made later, reads English

    const fromEnglishPage = await postIn(t.app, "en-US,en;q=0.9", "203.0.113.21");
    expect(fromEnglishPage.status).toBe(201);
    expect(await fromEnglishPage.json()).toEqual({ message: "Message sent successfully!" });
    expect(await notification()).toEqual({
      subject: "Nuevo mensaje de Maria Lopez",
      body: [
        "Nombre: Maria Lopez",
        "Correo electrónico: maria@example.com",
        "Teléfono: +15550102020",
        "",
        valid.message,
      ].join("\n"),
    });

    await setAccountLocale(db, owner.id, "en");
    await db.deleteFrom("contactMessage").execute(); // the same message again is a new one
    const fromSpanishPage = await postIn(t.app, "es-MX,es;q=0.9", "203.0.113.22");
    expect(await fromSpanishPage.json()).toEqual({ message: "¡Mensaje enviado!" });
    expect(await notification()).toEqual({
      subject: "New message from Maria Lopez",
      body: ["Name: Maria Lopez", "Email: maria@example.com", "Phone: +15550102020", "", valid.message].join(
        "\n",
      ),
    });
  });
});

describe("GET /healthz", () => {
  it("answers 200 while the database is reachable and 503 once it is not", async () => {
    const own = await createTestDatabase();
    const { app } = buildTestApp(own.db);
    const ok = await app.request("/healthz");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: "ok", database: true });
    await own.close();
    const down = await app.request("/healthz");
    expect(down.status).toBe(503);
  });
});
