import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  signedInAdmin,
  signedInClient,
  signIn,
  type TestAccount,
} from "../../../test/support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../../test/support/smtp-sink.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";
import { createTestDatabase } from "../../../test/support/test-database.ts";
import type { NewsletterSignUpResponse, NewsletterSubscriberPageResponse } from "../../domain/api.ts";
import { newsletterMessages } from "../../domain/messages.ts";
import type { Db } from "../db/database.ts";
import { removedSecret } from "../ports/mail/outbox.ts";
import { CONFIRMATION_RESEND_WINDOW_MS } from "./service.ts";

const env = { TRUST_PROXY: "true", PUBLIC_URL: "https://swim.example" };

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let smtp: SmtpSink;
let t: TestApp;
let admin: TestAccount;
let client: TestAccount;
let ipCounter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  smtp = await startSmtpSink();
  t = buildTestApp(db, { smtpUrl: smtp.url, env });
  admin = await signedInAdmin(t);
  client = await signedInClient(t);
});
afterAll(async () => {
  await smtp.stop();
  await testDb.close();
});
beforeEach(async () => {
  await db.deleteFrom("newsletterSubscriber").execute();
  smtp.received = [];
});

/** Each test signs up from its own address, so the per-address limit is met only where a test means to. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const signUp = (email: unknown, ip = freshIp(), app = t) =>
  call(app, "POST", "/api/newsletter", { body: { email }, ip });

/** The mail's text with quoted-printable soft breaks undone, as a mail program shows it. */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

function linksIn(raw: string) {
  const text = textOf(raw);
  const confirm = /https:\/\/swim\.example\/newsletter\/confirm\?token=([\w-]+)/.exec(text);
  const leave = /https:\/\/swim\.example\/newsletter\/unsubscribe\?token=([\w.-]+)/.exec(text);
  return { confirmToken: confirm?.[1], unsubscribeToken: leave?.[1] };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

/** A fresh session: the tests move the clock past the 5-minute idle sign-out. */
async function cookieOf(account: TestAccount): Promise<string> {
  const { response, cookie } = await signIn(t, account.email, account.password);
  expect(response.status).toBe(200);
  return cookie;
}

async function listed(): Promise<string[]> {
  const response = await call(t, "GET", "/api/newsletter/subscribers", { cookie: await cookieOf(admin) });
  expect(response.status).toBe(200);
  return ((await response.json()) as NewsletterSubscriberPageResponse).items.map((item) => item.email);
}

/** Signs `email` up and returns the tokens of its confirmation mail. */
async function signUpAndReadMail(email: string) {
  const response = await signUp(email);
  expect(response.status).toBe(200);
  const [mail] = mailsTo(email.trim().toLowerCase());
  expect(mail).toBeDefined();
  return linksIn(mail?.raw ?? "");
}

describe("POST /api/newsletter", () => {
  it("stores the address as pending and mails a confirmation link over SMTP; the list shows it only once confirmed", async () => {
    const response = await signUp("  Parent@Example.com ");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      outcome: "confirmation-sent",
      message: newsletterMessages.confirmationSent,
    } satisfies NewsletterSignUpResponse);

    const [mail] = mailsTo("parent@example.com");
    expect(mail?.raw).toContain("Subject: Please confirm your newsletter subscription");
    const { confirmToken, unsubscribeToken } = linksIn(mail?.raw ?? "");
    expect(confirmToken).toBeTruthy();
    expect(unsubscribeToken).toBeTruthy();

    const [row] = await db.selectFrom("newsletterSubscriber").selectAll().execute();
    expect(row).toMatchObject({ email: "parent@example.com", status: "pending" });
    // Stored hashed: a leaked database holds no usable link, and the sent mail's stored copy lost its links.
    expect(row?.confirmTokenHash).not.toContain(confirmToken);
    const [stored] = await db.selectFrom("mailOutbox").select(["status", "body"]).execute();
    expect(stored?.status).toBe("sent");
    expect(stored?.body).not.toContain(confirmToken);
    expect(stored?.body).toContain(removedSecret);

    expect(await listed()).toEqual([]);
  });

  it("answers a repeated sign-up clearly, with no second row and no second mail within the resend window", async () => {
    await signUpAndReadMail("twice@example.com");
    const again = await signUp("TWICE@example.com");
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      outcome: "confirmation-recently-sent",
      message: newsletterMessages.confirmationRecentlySent,
    });
    const rows = await db.selectFrom("newsletterSubscriber").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(mailsTo("twice@example.com")).toHaveLength(1);

    // Later, a lost mail can be asked for again: a new link, and the old one no longer works.
    const firstToken = linksIn(mailsTo("twice@example.com")[0]?.raw ?? "").confirmToken;
    t.clock.advance(CONFIRMATION_RESEND_WINDOW_MS + 1000);
    expect(await (await signUp("twice@example.com")).json()).toMatchObject({ outcome: "confirmation-sent" });
    expect(mailsTo("twice@example.com")).toHaveLength(2);
    expect(await db.selectFrom("newsletterSubscriber").selectAll().execute()).toHaveLength(1);
    const confirmOld = await call(t, "POST", "/api/newsletter/confirm", { body: { token: firstToken } });
    expect(confirmOld.status).toBe(400);
    const secondToken = linksIn(mailsTo("twice@example.com")[1]?.raw ?? "").confirmToken;
    expect((await call(t, "POST", "/api/newsletter/confirm", { body: { token: secondToken } })).status).toBe(
      200,
    );
  });

  it("sends one mail when the same address signs up many times at once", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => signUp("rush@example.com")));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await db.selectFrom("newsletterSubscriber").selectAll().execute()).toHaveLength(1);
    expect(mailsTo("rush@example.com")).toHaveLength(1);
  });

  it("tells a confirmed address it is already subscribed, and mails nothing", async () => {
    const { confirmToken } = await signUpAndReadMail("done@example.com");
    await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } });
    t.clock.advance(CONFIRMATION_RESEND_WINDOW_MS + 1000);
    const again = await signUp("done@example.com");
    expect(await again.json()).toEqual({
      outcome: "already-subscribed",
      message: newsletterMessages.alreadySubscribed,
    });
    expect(mailsTo("done@example.com")).toHaveLength(1);
  });

  it.each([
    ["not an address", "not-an-email"],
    ["empty", "   "],
    ["missing", undefined],
    ["not text", 42],
    ["too long", `${"a".repeat(250)}@example.com`],
  ])("refuses a bad address (%s) with 400 and a clear message, storing nothing", async (_case, email) => {
    const response = await signUp(email);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "validation", field: "email", message: newsletterMessages.emailInvalid },
    });
    expect(await db.selectFrom("newsletterSubscriber").selectAll().execute()).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it("limits each caller address to CONTACT_RATE_LIMIT sign-ups a window, like contact", async () => {
    const limited = buildTestApp(db, { smtpUrl: smtp.url, env: { ...env, CONTACT_RATE_LIMIT: "2" } });
    const ip = "203.0.113.50";
    expect((await signUp("one@example.com", ip, limited)).status).toBe(200);
    expect((await signUp("two@example.com", ip, limited)).status).toBe(200);
    const refused = await signUp("three@example.com", ip, limited);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await signUp("four@example.com", "203.0.113.51", limited)).status).toBe(200);
    limited.clock.advance(11 * 60_000);
    expect((await signUp("five@example.com", ip, limited)).status).toBe(200);
    const stored = await db.selectFrom("newsletterSubscriber").select("email").orderBy("email").execute();
    expect(stored.map((row) => row.email)).toEqual([
      "five@example.com",
      "four@example.com",
      "one@example.com",
      "two@example.com",
    ]);
  });
});

describe("the newsletter's language", () => {
  const signUpIn = (email: string, language: string) =>
    call(t, "POST", "/api/newsletter", {
      body: { email },
      ip: freshIp(),
      headers: { "accept-language": language },
    });
  const localeOf = async (email: string) =>
    (
      await db
        .selectFrom("newsletterSubscriber")
        .select("locale")
        .where("email", "=", email)
        .executeTakeFirst()
    )?.locale;
  const lastMailTo = (email: string) =>
    db
      .selectFrom("mailOutbox")
      .select(["subject", "body"])
      .where("toAddress", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

  it("is the language of the page signed up on: its answer, its mail, and the language kept with the address", async () => {
    const response = await signUpIn("familia@example.com", "es-US,es;q=0.9");
    expect(await response.json()).toEqual({
      outcome: "confirmation-sent",
      message:
        "¡Ya casi está! Te enviamos un correo: abre el enlace que contiene para confirmar tu suscripción.",
    });
    expect(await localeOf("familia@example.com")).toBe("es");
    expect(await lastMailTo("familia@example.com")).toEqual({
      subject: "Confirma tu suscripción al boletín",
      body: [
        "Gracias por suscribirte a las noticias y novedades de nuestra escuela de natación.",
        "",
        `Confirma tu dirección abriendo este enlace: ${removedSecret}`,
        "",
        "El enlace funciona una sola vez y caduca en 7 días. Si no te suscribiste, ignora este correo:",
        "sin confirmación no recibirás nada de nosotros.",
        "",
        `Para dejar de recibir todos los correos de nuestro boletín: ${removedSecret}`,
        "",
        // The school's foot: its name, contacts and address, and why the mail came (issue 24).
        "-- ",
        "Aqua Nest Swim School",
        "hello@aquanest-swim.example · +1 (555) 010-4242",
        "https://swim.example",
        "Recibes este correo porque esta dirección se dio para recibir las novedades de Aqua Nest Swim School.",
      ].join("\n"),
    });
    // The mailed links work as in English.
    const { confirmToken } = linksIn(mailsTo("familia@example.com")[0]?.raw ?? "");
    const confirmed = await call(t, "POST", "/api/newsletter/confirm", {
      body: { token: confirmToken },
      headers: { "accept-language": "es" },
    });
    expect(await confirmed.json()).toEqual({ message: "¡Gracias! Tu suscripción está confirmada." });

    await signUpIn("family@example.com", "en-US");
    expect(await localeOf("family@example.com")).toBe("en");
    expect((await lastMailTo("family@example.com")).subject).toBe(
      "Please confirm your newsletter subscription",
    );
  });

  it("follows the page of a new sign-up of a pending address, once the resend window has passed", async () => {
    await signUpIn("cambia@example.com", "es");
    t.clock.advance(CONFIRMATION_RESEND_WINDOW_MS + 1000);
    await signUpIn("cambia@example.com", "en");
    expect(await localeOf("cambia@example.com")).toBe("en");
    expect((await lastMailTo("cambia@example.com")).subject).toBe(
      "Please confirm your newsletter subscription",
    );
  });
});

describe("the confirmation link", () => {
  it("works once, without signing in", async () => {
    const { confirmToken } = await signUpAndReadMail("once@example.com");
    const first = await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ message: newsletterMessages.confirmed });
    expect(await listed()).toEqual(["once@example.com"]);

    const second = await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } });
    expect(second.status).toBe(400);
    expect(await second.json()).toMatchObject({
      error: { code: "invalid-token", message: newsletterMessages.linkInvalid },
    });
  });

  it("is refused once expired, and for a made-up token", async () => {
    const { confirmToken } = await signUpAndReadMail("late@example.com");
    t.clock.advance(8 * 24 * 60 * 60_000);
    expect((await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } })).status).toBe(
      400,
    );
    for (const token of ["made-up", "", "x".repeat(500)]) {
      expect((await call(t, "POST", "/api/newsletter/confirm", { body: { token } })).status).toBe(400);
    }
    expect(await listed()).toEqual([]);
  });
});

describe("the unsubscribe link", () => {
  it("works without signing in, takes the address off the list, and answers the same on a second click", async () => {
    const { confirmToken, unsubscribeToken } = await signUpAndReadMail("leaving@example.com");
    await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } });
    expect(await listed()).toEqual(["leaving@example.com"]);

    for (let click = 0; click < 2; click++) {
      const response = await call(t, "POST", "/api/newsletter/unsubscribe", {
        body: { token: unsubscribeToken },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: newsletterMessages.unsubscribed });
    }
    expect(await listed()).toEqual([]);
  });

  it("from the confirmation mail also stops its confirmation link", async () => {
    const { confirmToken, unsubscribeToken } = await signUpAndReadMail("never@example.com");
    await call(t, "POST", "/api/newsletter/unsubscribe", { body: { token: unsubscribeToken } });
    expect((await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } })).status).toBe(
      400,
    );
    expect(await listed()).toEqual([]);
  });

  it("cannot be forged for another subscriber", async () => {
    const victim = await signUpAndReadMail("victim@example.com");
    await call(t, "POST", "/api/newsletter/confirm", { body: { token: victim.confirmToken } });
    const attacker = await signUpAndReadMail("attacker@example.com");
    const [victimRow] = await db
      .selectFrom("newsletterSubscriber")
      .select("id")
      .where("email", "=", "victim@example.com")
      .execute();
    const signature = attacker.unsubscribeToken?.split(".")[1];
    for (const token of [`${victimRow?.id}.${signature}`, `${victimRow?.id}.`, "1.abc", "nothing"]) {
      const response = await call(t, "POST", "/api/newsletter/unsubscribe", { body: { token } });
      expect(response.status).toBe(400);
    }
    expect(await listed()).toEqual(["victim@example.com"]);
  });
});

describe("the admin's list and export", () => {
  async function confirmed(...emails: string[]) {
    for (const email of emails) {
      const { confirmToken } = await signUpAndReadMail(email);
      await call(t, "POST", "/api/newsletter/confirm", { body: { token: confirmToken } });
      t.clock.advance(1000);
    }
  }

  it("pages the confirmed addresses, oldest first, and leaves pending ones out", async () => {
    await confirmed("a@example.com", "b@example.com", "c@example.com");
    await signUpAndReadMail("pending@example.com");
    const response = await call(t, "GET", "/api/newsletter/subscribers?page=2&pageSize=2", {
      cookie: await cookieOf(admin),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
    const page = (await response.json()) as NewsletterSubscriberPageResponse;
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page.items.map((item) => item.email)).toEqual(["c@example.com"]);
    expect(page.items[0]?.confirmedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const bad = await call(t, "GET", "/api/newsletter/subscribers?page=0", { cookie: await cookieOf(admin) });
    expect(bad.status).toBe(400);
  });

  it("exports them as a CSV file a spreadsheet opens safely", async () => {
    await confirmed("x@example.com", "-2+3@example.com");
    const response = await call(t, "GET", "/api/newsletter/subscribers.csv", {
      cookie: await cookieOf(admin),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="newsletter-subscribers.csv"',
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("email,confirmedAt");
    expect(lines[1]).toMatch(/^"x@example\.com","\d{4}-/);
    expect(lines[2]).toMatch(/^"'-2\+3@example\.com",/);
    expect(lines).toHaveLength(4); // the last line ends with CRLF too
  });

  it("is closed to visitors and clients", async () => {
    await confirmed("private@example.com");
    for (const path of ["/api/newsletter/subscribers", "/api/newsletter/subscribers.csv"]) {
      const visitor = await call(t, "GET", path);
      expect(visitor.status).toBe(401);
      expect(await visitor.text()).not.toContain("private@example.com");
      const asClient = await call(t, "GET", path, { cookie: await cookieOf(client) });
      expect(asClient.status).toBe(403);
      expect(await asClient.text()).not.toContain("private@example.com");
    }
  });
});
