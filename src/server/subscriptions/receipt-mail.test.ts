import { beforeAll, describe, expect, it } from "vitest";
import { call, signedInAdmin, signedInClient, type TestAccount } from "../../../test/support/accounts.ts";
import { mailTestbed } from "../../../test/support/mail-testbed.ts";
import { buildTestApp, type TestApp } from "../../../test/support/test-app.ts";

/**
 * The purchase receipt as a parent's mail program shows it (issue 24, friction 12): its plain text, read back over
 * SMTP. Money with its currency, no internal id, a link to the page it is about, and the school's foot.
 */
const testbed = mailTestbed();
let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = buildTestApp(testbed.db, { smtpUrl: testbed.sink.url, env: { PUBLIC_URL: "https://swim.example" } });
  admin = await signedInAdmin(t);
});

/**
 * A part of a raw message by its content type, as a mail program shows it: quoted-printable soft breaks joined and
 * =XX bytes decoded as UTF-8.
 */
function partOf(raw: string, type: "text/plain" | "text/html"): string {
  const start = raw.search(new RegExp(`^Content-Type: ${type}`, "im"));
  expect(start, `${type} part`).toBeGreaterThanOrEqual(0);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1] ?? "";
  const part = raw.slice(start);
  const body =
    part
      .slice(part.search(/\r?\n\r?\n/))
      .split(`--${boundary}`)[0]
      ?.trim() ?? "";
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else bytes.push(joined.charCodeAt(index));
  }
  return Buffer.from(bytes).toString("utf8").replace(/\r\n/g, "\n");
}

describe("the purchase receipt", () => {
  it("says the money with its currency, names no internal id, links its page and is signed by the school", async () => {
    const parent = await signedInClient(t, { firstName: "Nora" });
    const started = await call(t, "POST", "/api/subscriptions/create-checkout-session", {
      cookie: admin.cookie,
      body: { email: parent.email, userId: parent.id, packType: "8_55" },
    });
    const { url } = (await started.json()) as { url: string };
    const paid = await call(t, "POST", `/api/payments/local/${url.split("/").pop()}/pay`, {
      cookie: admin.cookie,
    });
    expect(paid.status).toBe(200);

    await expect
      .poll(() => testbed.sink.received.filter((mail) => mail.to.includes(parent.email)).length)
      .toBe(1);
    const [mail] = testbed.sink.received.filter((received) => received.to.includes(parent.email));
    const raw = mail?.raw ?? "";
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/im);
    // The HTML part says the same, in the site's look, with the link live.
    const html = partOf(raw, "text/html");
    expect(html).toContain("$55 per class ($440 in total)");
    expect(html).toContain('<a href="https://swim.example/payments"');
    expect(html).not.toContain("local_sub_");
    expect(partOf(raw, "text/plain")).toBe(
      [
        "Hello Nora,",
        "Thank you for your purchase. Your package of 8 classes at $55 per class ($440 in total) is active: its classes are ready to be booked.",
        "Your package and your classes are on Manage Payments: https://swim.example/payments",
        [
          "-- ",
          "Aqua Nest Swim School",
          "hello@aquanest-swim.example · +1 (555) 010-4242",
          "https://swim.example",
          "You get this mail because you have an account at Aqua Nest Swim School.",
        ].join("\n"),
      ].join("\n\n"),
    );
  });
});
