import { describe, expect, it } from "vitest";
import { call, signedInClient } from "../../../../test/support/accounts.ts";
import { mailTestbed } from "../../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp, testClock } from "../../../../test/support/test-app.ts";
import { createApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { createLog } from "../../http/log.ts";
import { wire } from "../../wiring.ts";
import { removedSecret } from "./outbox.ts";

const testbed = mailTestbed();

/** The token of the first reset link in a text (a mail body, a raw message or a log line). */
function resetTokenIn(text: string): string | undefined {
  const match = /reset-password\?token=([A-Za-z0-9%_-]+)/.exec(text);
  return match?.[1] && decodeURIComponent(match[1]);
}

/** The text of a raw message as sent, with quoted-printable soft breaks and escapes undone. */
function decodedRaw(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The token of the link in the last mail the SMTP sink received. */
function mailedToken(): string {
  const raw = testbed.sink.received.at(-1)?.raw ?? "";
  const token = resetTokenIn(decodedRaw(raw));
  if (!token) throw new Error(`no reset link in the last mail received: ${raw}`);
  return token;
}

async function storedResetMail(email: string) {
  return testbed.db
    .selectFrom("mailOutbox")
    .select(["status", "body"])
    .where("toAddress", "=", email)
    .where("subject", "=", "Reset your password")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

const confirm = (testApp: TestApp, token: string, newPassword: string) =>
  call(testApp, "POST", "/api/password-reset/confirm", { body: { token, newPassword } });

/** The app wired as `npm start` wires it for this environment, writing its log lines into `lines`. */
function appWithLog(env: Record<string, string>, lines: string[], smtpUrl?: string): TestApp {
  const config = loadConfig({
    BETTER_AUTH_SECRET: "test-secret-0123456789abcdef0123456789abcdef",
    LOG_LEVEL: "debug",
    ...env,
    SMTP_URL: smtpUrl ?? "",
  });
  const clock = testClock();
  const wiring = wire(config, testbed.db, { clock, log: createLog("debug", (line) => lines.push(line)) });
  return { ...wiring, app: createApp(wiring), clock };
}

describe("the password reset mail", () => {
  it("once sent, the stored copy holds no usable link; the mailed link works", async () => {
    const testApp = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url });
    const client = await signedInClient(testApp);
    const asked = await call(testApp, "POST", "/api/password-reset", { body: { email: client.email } });
    expect(asked.status).toBe(200);

    const stored = await storedResetMail(client.email);
    expect(stored.status).toBe("sent");
    expect(stored.body).toContain("Choose a new password here");
    const storedToken = resetTokenIn(stored.body);
    if (storedToken) expect((await confirm(testApp, storedToken, "stolen-password-1")).status).toBe(400);
    expect(storedToken).toBeUndefined();

    expect(testbed.sink.received).toHaveLength(1);
    expect((await confirm(testApp, mailedToken(), "chosen-password-1")).status).toBe(200);
  });

  it("is written in the person's stored language, whatever language the page asking for it speaks", async () => {
    const testApp = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url });
    const client = await signedInClient(testApp, { locale: "es" });
    const asked = await call(testApp, "POST", "/api/password-reset", {
      body: { email: client.email },
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    // The page's own answer is in the page's language; the mail is in the client's.
    expect(await asked.json()).toEqual({ message: "An email has been sent to reset your password." });

    const stored = await testbed.db
      .selectFrom("mailOutbox")
      .select(["subject", "body", "status"])
      .where("toAddress", "=", client.email)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      subject: "Restablece tu contraseña",
      body: [
        "Alguien pidió restablecer la contraseña de tu cuenta de la escuela de natación.",
        "",
        `Elige una nueva contraseña aquí: ${removedSecret}`,
        "",
        "El enlace funciona una sola vez y caduca en una hora. Si no lo pediste, ignora este correo.",
        "",
        "-- ",
        "Aqua Nest Swim School",
        "hello@aquanest-swim.example · +1 (555) 010-4242",
        "http://localhost:3000",
        "Recibes este correo porque tienes una cuenta en Aqua Nest Swim School.",
      ].join("\n"),
      status: "sent",
    });
    expect((await confirm(testApp, mailedToken(), "elegida-password-1")).status).toBe(200);
  });

  it("without SMTP in development, the log holds the working link and the stored copy does not", async () => {
    const lines: string[] = [];
    const testApp = appWithLog({ NODE_ENV: "development" }, lines);
    const client = await signedInClient(testApp);
    expect(
      (await call(testApp, "POST", "/api/password-reset", { body: { email: client.email } })).status,
    ).toBe(200);

    const stored = await storedResetMail(client.email);
    expect(stored.status).toBe("logged");
    expect(resetTokenIn(stored.body)).toBeUndefined();
    const loggedToken = lines.map((line) => resetTokenIn(JSON.parse(line).body ?? "")).find(Boolean);
    expect(loggedToken).toBeTruthy();
    expect((await confirm(testApp, loggedToken ?? "", "chosen-password-1")).status).toBe(200);
  });

  it("in production the log never holds the link, with or without SMTP", async () => {
    for (const smtpUrl of [undefined, testbed.sink.url]) {
      const lines: string[] = [];
      const testApp = appWithLog({ NODE_ENV: "production" }, lines, smtpUrl);
      const client = await signedInClient(testApp);
      const asked = await call(testApp, "POST", "/api/password-reset", { body: { email: client.email } });
      expect(asked.status).toBe(200);

      expect(lines.some((line) => line.includes("mail"))).toBe(true);
      expect(lines.filter((line) => /token=|reset-password\?/.test(line))).toEqual([]);
      expect(resetTokenIn((await storedResetMail(client.email)).body)).toBeUndefined();
      if (smtpUrl) {
        const token = mailedToken();
        expect(lines.filter((line) => line.includes(token))).toEqual([]);
      }
    }
  });
});
